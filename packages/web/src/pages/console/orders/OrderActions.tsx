/**
 * What staff do to an order, the same on every screen that shows one (the queue, Admin Orders, the staff order view
 * a scan opens): the Change Status menu of the moves the server allows, and the two moves that touch money asking
 * first. Mark Picked Up with a balance opens the payment dialog (cash, card on the counter's terminal, the link sent
 * again, or an admin's comp), then hands the paddle over; Cancel Order says what becomes of the payment (refunded,
 * or an admin keeps it with a reason). The server holds the same rules (orders/move-order.ts, shared/payment.ts).
 */
import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import ButtonDropdown from "@cloudscape-design/components/button-dropdown";
import Checkbox from "@cloudscape-design/components/checkbox";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import RadioGroup from "@cloudscape-design/components/radio-group";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Textarea from "@cloudscape-design/components/textarea";
import { staffStageLabel, type Stage } from "@regrip/core/shared/lifecycle";
import { refundableCents } from "@regrip/core/shared/order-cancel";
import { orderReference, type OrderView } from "@regrip/core/shared/orders";
import { CONFIRM_PHONE_LABEL } from "@regrip/core/shared/counter-sale";
import { displayPhone } from "@regrip/core/shared/phone";
import {
  COMP_NEEDS_REASON,
  KEEP_PAYMENT_NEEDS_REASON,
  paidWith,
  pickupBalanceDue,
  type CounterPaymentMethod,
} from "@regrip/core/shared/payment";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useCurrentUser } from "../../../auth/current-user";
import { isUnauthorizedError } from "../../../lib/api";
import { errorStatus, serverMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { useToast } from "../../../toast/use-toast";
import { consoleKeys, moveOrder, resendPaymentLink, staffOrderKey, takePayment } from "../console-api";
import { ConfirmModal } from "../FormModal";
import { useCounterShop } from "../CounterShopSelect";
import { DrawerClosedOffer, drawerClosedAt } from "../drawer/DrawerClosedOffer";
import type { BookableLocation } from "@regrip/core/shared/location-names";
import { queueMenu, viewerMoveRole, type MenuMove } from "../queue/queue-moves";

type Dialog = { kind: "pay"; order: OrderView; thenPickUp: boolean } | { kind: "cancel"; order: OrderView };

export interface OrderActions {
  /** The Change Status menu for this order and viewer. */
  menu: (order: OrderView) => MenuMove[];
  /** Make a move, asking first where money is at stake. */
  choose: (order: OrderView, to: Stage) => void;
  /** Open the payment dialog (Take Payment). */
  pay: (order: OrderView) => void;
  /** A plain move of this order is under way. */
  moving: (orderId: string) => boolean;
  isAdmin: boolean;
  /** The dialogs: render once on the page. */
  dialogs: ReactNode;
}

export function useOrderActions(): OrderActions {
  const { data: user } = useCurrentUser();
  const role = viewerMoveRole(user);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  /** The order read again from the server: the lists, the counts and its own page. */
  const reload = (orderId: string) => {
    void queryClient.invalidateQueries({ queryKey: consoleKeys.orders });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.counts });
    void queryClient.invalidateQueries({ queryKey: staffOrderKey(orderId) });
  };
  const refresh = (order: OrderView) => {
    void queryClient.invalidateQueries({ queryKey: consoleKeys.orders });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.counts });
    queryClient.setQueryData(staffOrderKey(order.id), order);
  };
  const move = useMutation({
    mutationFn: ({ order, to }: { order: OrderView; to: Stage }) => moveOrder(order.id, to),
    onSuccess: (order) => {
      toast({ title: "Status Updated", description: `Order ${orderReference(order)} is now ${staffStageLabel[order.stage]}.` });
      refresh(order);
    },
    onError: (error, { order }) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Failed to update order status.", description: serverMessage(error), variant: "destructive" });
      // Refused (409): the order moved or was paid meanwhile. Read it again, so the screen shows its real stage.
      if (errorStatus(error) === 409) reload(order.id);
    },
  });

  const choose = (order: OrderView, to: Stage) => {
    if (to === "picked_up" && order.bill.balanceCents > 0) return setDialog({ kind: "pay", order, thenPickUp: true });
    if (to === "canceled") return setDialog({ kind: "cancel", order });
    move.mutate({ order, to });
  };
  const done = (order: OrderView) => {
    refresh(order);
    setDialog(null);
  };
  const isAdmin = role === "admin";
  return {
    menu: (order) => queueMenu(order, role),
    choose,
    pay: (order) => setDialog({ kind: "pay", order, thenPickUp: false }),
    moving: (orderId) => move.isPending && move.variables?.order.id === orderId,
    isAdmin,
    dialogs:
      dialog?.kind === "pay" ? (
        <PaymentDialog key={dialog.order.id} order={dialog.order} thenPickUp={dialog.thenPickUp} admin={isAdmin} onClose={() => setDialog(null)} onDone={done} onRefused={() => reload(dialog.order.id)} />
      ) : dialog?.kind === "cancel" ? (
        <CancelDialog key={dialog.order.id} order={dialog.order} admin={isAdmin} onClose={() => setDialog(null)} onDone={done} onRefused={() => reload(dialog.order.id)} />
      ) : null,
  };
}

/** The Change Status menu (the queue's, Admin Orders', the staff order view's). */
export function ChangeStatus({ order, actions }: { order: OrderView; actions: OrderActions }) {
  const menu = actions.menu(order);
  return (
    <ButtonDropdown
      variant="normal"
      items={menu.map(({ id, text }) => ({ id, text }))}
      disabled={menu.length === 0}
      disabledReason="No status change for this order"
      loading={actions.moving(order.id)}
      ariaLabel={`Change Status of order ${orderReference(order)}`}
      expandToViewport
      onItemClick={({ detail }) => actions.choose(order, detail.id as Stage)}
    >
      Change Status
    </ButtonDropdown>
  );
}

type PayChoice = Exclude<CounterPaymentMethod, "COMP"> | "COMP" | "LINK";

/**
 * Take the balance: cash, a card on the counter's own terminal, the payment link texted again, or (admin) a comp
 * with a reason; from Mark Picked Up, the paddle is then handed over in the same step. A payment recorded whose
 * hand-over then failed is not taken twice: a retry only hands over.
 */
function PaymentDialog({ order, thenPickUp, admin, onClose, onDone, onRefused }: {
  order: OrderView;
  thenPickUp: boolean;
  admin: boolean;
  onClose: () => void;
  onDone: (order: OrderView) => void;
  /** A 409: the order changed meanwhile; the page reads it again. */
  onRefused: () => void;
}) {
  const { toast } = useToast();
  const due = order.bill.balanceCents;
  const [choice, setChoice] = useState<PayChoice>("POS_CASH");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [paid, setPaid] = useState<OrderView | null>(null);
  /** The employee's tick before a link is texted: the number confirmed with the customer (a verified phone needs none). */
  const [phoneConfirmed, setPhoneConfirmed] = useState(false);
  const reference = orderReference(order);
  // The counter's shop takes the cash into its drawer; a closed drawer is opened in place (drawer/DrawerClosedOffer).
  const [shop] = useCounterShop();
  const [drawerClosed, setDrawerClosed] = useState<BookableLocation | null>(null);

  async function submit() {
    setRefusal(undefined);
    if (choice === "COMP" && !reason.trim()) return setReasonError(COMP_NEEDS_REASON);
    setReasonError(undefined);
    setBusy(true);
    try {
      if (choice === "LINK") {
        const sent = await resendPaymentLink(order.id, phoneConfirmed);
        toast(
          sent.smsStatus.success
            ? { title: "Payment Link Sent", description: `Texted to ${displayPhone(order.user.phone) || "the customer"}. The order stays as it is until it is paid.` }
            : { title: "The payment link was not texted.", description: `${sent.smsStatus.message}. Copy the link from the order page and send it yourself.`, variant: "destructive" },
        );
        return onDone(sent.order);
      }
      let current = paid ?? (await takePayment(order.id, choice === "COMP" ? { method: "COMP", reason } : { method: choice, amountCents: due, shop }));
      setPaid(current);
      if (thenPickUp) current = await moveOrder(order.id, "picked_up");
      toast({
        title: thenPickUp ? "Picked Up" : choice === "COMP" ? "Order Comped" : "Payment Recorded",
        description: `Order ${reference}: ${choice === "COMP" ? "comped" : `${formatCents(due)} ${choice === "POS_CASH" ? "in cash" : "by card at the counter"}`}${thenPickUp ? ", handed over" : ""}.`,
      });
      onDone(current);
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      if (drawerClosedAt(error)) return setDrawerClosed(drawerClosedAt(error));
      setRefusal(serverMessage(error) ?? "The payment could not be recorded. Please try again.");
      if (errorStatus(error) === 409) onRefused();
    } finally {
      setBusy(false);
    }
  }

  const options = [
    { value: "POS_CASH", label: "Cash", description: `${formatCents(due)} taken in cash at the counter` },
    { value: "POS_CARD", label: "Card on the counter's terminal", description: `${formatCents(due)} charged on the shop's own card reader` },
    // "Again" only when a link was made before (a sale paid at the counter has none).
    order.invoiceUrl
      ? { value: "LINK", label: "Send the payment link again", description: `Text a fresh link to ${displayPhone(order.user.phone) || "the customer"}; the paddle waits until it is paid` }
      : { value: "LINK", label: "Text the payment link", description: `Text a link to ${displayPhone(order.user.phone) || "the customer"}; the paddle waits until it is paid` },
    ...(admin ? [{ value: "COMP", label: "Comp (admin)", description: "Nothing to pay: give the reason, it is kept in the audit log" }] : []),
  ];
  const confirm =
    choice === "LINK" ? "Send Link" : paid ? "Hand Over" : choice === "COMP" ? (thenPickUp ? "Comp and Hand Over" : "Comp Order") : `Record ${formatCents(due)}${thenPickUp ? " and Hand Over" : ""}`;
  return (
    <ConfirmModal
      header={thenPickUp ? `Payment before pickup: order ${reference}` : `Take payment: order ${reference}`}
      confirm={confirm}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <SpaceBetween size="m">
        {paid ? (
          <Alert type="success">{`Payment recorded (${paidWith(paid)}). Hand the paddle over to finish.`}</Alert>
        ) : (
          <Box variant="p">{thenPickUp ? pickupBalanceDue(due) : `Balance due: ${formatCents(due)}.`}</Box>
        )}
        {!paid && (
          <FormField label="How is it paid?">
            <RadioGroup value={choice} items={options} onChange={({ detail }) => setChoice(detail.value as PayChoice)} ariaLabel="How is it paid?" />
          </FormField>
        )}
        {!paid && choice === "LINK" && (
          <Checkbox checked={phoneConfirmed} onChange={({ detail }) => setPhoneConfirmed(detail.checked)} description="Not needed when the customer verified this phone with a code.">
            {CONFIRM_PHONE_LABEL}
          </Checkbox>
        )}
        {!paid && choice === "COMP" && (
          <FormField label="Reason for the comp" errorText={reasonError}>
            <Textarea value={reason} onChange={({ detail }) => setReason(detail.value)} rows={2} ariaLabel="Reason for the comp" />
          </FormField>
        )}
        {refusal && <Alert type="error">{refusal}</Alert>}
        {drawerClosed && !paid && choice === "POS_CASH" && (
          <DrawerClosedOffer
            location={drawerClosed}
            onOpened={() => {
              setDrawerClosed(null);
              void submit();
            }}
          />
        )}
      </SpaceBetween>
    </ConfirmModal>
  );
}

/**
 * Cancel Order, asked first: a paid order is canceled with its refund (to the card through Stripe; a counter payment
 * handed back and recorded as refunded), or an admin keeps the payment with a reason. A refund the provider refused
 * is said at once: the order is canceled and the failure is on it for staff.
 */
function CancelDialog({ order, admin, onClose, onDone, onRefused }: {
  order: OrderView;
  admin: boolean;
  onClose: () => void;
  onDone: (order: OrderView) => void;
  /** A 409: the order changed meanwhile; the page reads it again. */
  onRefused: () => void;
}) {
  const { toast } = useToast();
  const owed = refundableCents(order);
  const [keep, setKeep] = useState(false);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const reference = orderReference(order);
  const amount = formatCents(owed);
  const byCard = order.paymentMethod === "STRIPE";
  // A payment on the counter's card terminal is refunded there first; the cancel records the terminal's reference.
  const onTerminal = order.paymentMethod === "POS_CARD" && owed > 0 && !keep;
  const [terminalReference, setTerminalReference] = useState("");

  async function submit() {
    setRefusal(undefined);
    if (keep && !note.trim()) return setNoteError(KEEP_PAYMENT_NEEDS_REASON);
    setNoteError(undefined);
    setBusy(true);
    try {
      const canceled = await moveOrder(order.id, "canceled", {
        note: note.trim() || undefined,
        refund: owed > 0 && !keep,
        keepPayment: keep,
        terminalReference: onTerminal ? terminalReference.trim() || undefined : undefined,
      });
      if (owed > 0 && !keep && canceled.paymentStatus !== "refunded") {
        toast({ title: "Order canceled, but the refund failed.", description: canceled.paymentFailureReason ?? "Give the payment back from the Stripe dashboard.", variant: "destructive" });
      } else {
        toast({
          title: "Order Canceled",
          description: owed > 0 && !keep ? `Order ${reference}: ${amount} refunded${byCard ? " to the card" : ". Hand it back at the counter"}.` : `Order ${reference} is canceled.`,
        });
      }
      onDone(canceled);
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      setRefusal(serverMessage(error) ?? "The order could not be canceled. Please try again.");
      if (errorStatus(error) === 409) onRefused();
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmModal
      header={`Cancel order ${reference}?`}
      confirm={owed > 0 ? (keep ? "Cancel and Keep Payment" : `Cancel and Refund ${amount}`) : "Cancel Order"}
      cancel="Keep Order"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <SpaceBetween size="m">
        {owed > 0 ? (
          <Box variant="p">
            {`This order was paid ${amount} (${paidWith(order)}). Canceling it gives the ${amount} back: `}
            {byCard
              ? "refunded to the card through Stripe."
              : order.paymentMethod === "POS_CARD"
                ? "refund it on the card terminal now; it is recorded with the terminal's reference."
                : "hand it back at the counter; it is recorded as refunded."}
          </Box>
        ) : (
          <Box variant="p">Nothing was paid for this order. Its stock goes back and its bag is freed.</Box>
        )}
        {owed > 0 && admin && (
          <Checkbox checked={keep} onChange={({ detail }) => setKeep(detail.checked)} description="Admins only, with a reason: it is kept in the audit log.">
            Keep the payment instead of refunding it
          </Checkbox>
        )}
        <FormField label={keep ? "Reason for keeping the payment" : "Reason (optional)"} errorText={noteError}>
          <Textarea value={note} onChange={({ detail }) => setNote(detail.value)} rows={2} ariaLabel={keep ? "Reason for keeping the payment" : "Reason"} />
        </FormField>
        {onTerminal && (
          <FormField label="Terminal reference" description="Refund it on the card terminal now, then enter the terminal's reference.">
            <Input value={terminalReference} onChange={({ detail }) => setTerminalReference(detail.value)} />
          </FormField>
        )}
        {refusal && <Alert type="error">{refusal}</Alert>}
      </SpaceBetween>
    </ConfirmModal>
  );
}
