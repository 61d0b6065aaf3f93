/**
 * The staff order view's Refund dialog: give back lines (units of the bill's lines, each showing what it gives back)
 * or an amount, with a reason; a payment taken on the counter's card terminal is refunded on the terminal first and
 * its reference entered here. What each choice gives back and who may refund come from core (shared/refunds.ts), as
 * the server decides them (POST /api/orders/{id}/refunds); the server's refusal is shown in the dialog. One
 * Idempotency-Key per dialog: a second click, or a retry after a lost answer, makes the refund once.
 */
import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import RadioGroup from "@cloudscape-design/components/radio-group";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Textarea from "@cloudscape-design/components/textarea";
import { dollarsToCents } from "@regrip/core/shared/money";
import { orderReference, type OrderView } from "@regrip/core/shared/orders";
import { REFUND_NEEDS_REASON, refundLeftCents, refundRefusal, TERMINAL_REFERENCE_NEEDED, unitsRefund, type RefundAnswer } from "@regrip/core/shared/refunds";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiJson, isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { formatCents } from "../../../lib/money";
import { useToast } from "../../../toast/use-toast";
import { consoleKeys, staffOrderKey } from "../console-api";
import { FormModal } from "../FormModal";
import { useCounterShop } from "../CounterShopSelect";
import type { BookableLocation } from "@regrip/core/shared/location-names";

type RefundBody = { lines?: { lineId: string; quantity: number }[]; amountCents?: number; reason: string; terminalReference?: string; shop?: BookableLocation };

function postRefund(id: string, body: RefundBody, key: string) {
  return apiJson<RefundAnswer>("POST", `/api/orders/${encodeURIComponent(id)}/refunds`, body, { "Idempotency-Key": key });
}

/** Whether the order has anything left to refund: the Refund button is shown only then. */
export const canRefund = (order: OrderView) => refundLeftCents(order) > 0;

export function RefundDialog({ order, role, onClose }: { order: OrderView; role: "admin" | "employee"; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [key] = useState(newIdempotencyKey);
  const [by, setBy] = useState<"lines" | "amount">("lines");
  const [units, setUnits] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [terminalReference, setTerminalReference] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  // Cash handed back comes out of this counter's drawer.
  const [shop] = useCounterShop();
  const left = refundLeftCents(order);
  const onTerminal = order.paymentMethod === "POS_CARD";
  const adminNeeded = refundRefusal(order, role);
  const open = order.bill.lines
    .map((line, index) => ({ line, index, open: line.quantity - line.refundedQuantity }))
    .filter((entry) => entry.open > 0 && entry.line.chargedCents + entry.line.taxCents > 0);
  const chosen = open
    .map((entry) => ({ ...entry, quantity: Number(units[entry.index] || 0) }))
    .filter((entry) => Number.isSafeInteger(entry.quantity) && entry.quantity > 0);
  const linesCents = chosen.reduce(
    (sum, entry) =>
      sum + unitsRefund({ units: entry.line.quantity, chargedCents: entry.line.chargedCents, taxCents: entry.line.taxCents }, entry.line.refundedQuantity, entry.quantity).amountCents,
    0,
  );

  const refund = useMutation({
    mutationFn: (body: RefundBody) => postRefund(order.id, body, key),
    onSuccess: (answer) => {
      queryClient.setQueryData(staffOrderKey(order.id), answer.order);
      void queryClient.invalidateQueries({ queryKey: consoleKeys.orders });
      toast({ title: "Refund given", description: `Order ${orderReference(answer.order)}: ${formatCents(answer.refund.amountCents)} refunded.` });
      onClose();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      setProblem(serverMessage(error));
    },
  });

  const submit = () => {
    if (refund.isPending) return;
    if (!reason.trim()) return setProblem(REFUND_NEEDS_REASON);
    if (onTerminal && !terminalReference.trim()) return setProblem(TERMINAL_REFERENCE_NEEDED);
    const extra = { reason: reason.trim(), ...(order.paymentMethod === "POS_CASH" ? { shop } : {}), ...(onTerminal ? { terminalReference: terminalReference.trim() } : {}) };
    if (by === "lines") {
      if (chosen.length === 0) return setProblem("Choose how many of a line to refund");
      setProblem(undefined);
      return refund.mutate({ lines: chosen.map((entry) => ({ lineId: String(entry.index), quantity: entry.quantity })), ...extra });
    }
    const cents = dollarsToCents(amount);
    if (!Number.isSafeInteger(cents) || cents < 1) return setProblem("Enter the amount to refund, in dollars");
    setProblem(undefined);
    refund.mutate({ amountCents: cents, ...extra });
  };

  return (
    <FormModal title="Refund" submitLabel="Refund" busy={refund.isPending} refusal={problem} onDismiss={onClose} onSubmit={submit}>
      <SpaceBetween size="m">
        <Box>{`Order ${orderReference(order)}: ${formatCents(left)} of ${formatCents(order.totalCents)} left to refund.`}</Box>
        {adminNeeded && role === "employee" && (
          <Alert type="warning" header="An admin is needed">
            {`${adminNeeded}. This payment was taken on an earlier day: ask an admin to make this refund.`}
          </Alert>
        )}
        <RadioGroup
          ariaLabel="Refund by"
          value={by}
          onChange={({ detail }) => setBy(detail.value as "lines" | "amount")}
          items={[
            { value: "lines", label: "Lines", description: "Give back units of the order's lines, each with its tax." },
            { value: "amount", label: "An amount", description: "Give back an amount; its tax goes back in proportion." },
          ]}
        />
        {by === "lines" ? (
          <SpaceBetween size="s">
            {open.length === 0 && <Box>Every line was given back already: refund an amount instead.</Box>}
            {open.map(({ line, index, open: openUnits }) => {
              const each = unitsRefund({ units: line.quantity, chargedCents: line.chargedCents, taxCents: line.taxCents }, line.refundedQuantity, 1);
              return (
                <FormField
                  key={index}
                  label={`${line.name}${line.description ? ` (${line.description})` : ""}`}
                  description={`${openUnits} of ${line.quantity} left; one gives back ${formatCents(each.amountCents)}${each.taxCents ? ` (with ${formatCents(each.taxCents)} tax)` : ""}`}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    ariaLabel={`Units of ${line.name} to refund`}
                    value={units[index] ?? ""}
                    placeholder="0"
                    onChange={({ detail }) => setUnits((current) => ({ ...current, [index]: detail.value }))}
                  />
                </FormField>
              );
            })}
            {chosen.length > 0 && <Box variant="strong">{`Gives back ${formatCents(linesCents)}`}</Box>}
          </SpaceBetween>
        ) : (
          <FormField label="Amount" description={`Up to ${formatCents(left)}`}>
            <Input inputMode="decimal" value={amount} placeholder="0.00" onChange={({ detail }) => setAmount(detail.value)} />
          </FormField>
        )}
        <FormField label="Reason">
          <Textarea value={reason} onChange={({ detail }) => setReason(detail.value)} rows={2} />
        </FormField>
        {onTerminal && (
          <>
            <Alert type="info" header="Refund it on the card terminal now">
              This payment was taken on the counter's card terminal: refund it there first, then enter the terminal's reference. The customer is told once it is entered.
            </Alert>
            <FormField label="Terminal reference">
              <Input value={terminalReference} onChange={({ detail }) => setTerminalReference(detail.value)} />
            </FormField>
          </>
        )}
      </SpaceBetween>
    </FormModal>
  );
}
