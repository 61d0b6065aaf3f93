import { formatInstant } from "@regrip/core/shared/calendar";
import { stageOf } from "@regrip/core/shared/lifecycle";
import { DEFAULT_DROPOFF_LOCATION, shopLocation } from "@regrip/core/shared/locations";
import { phoneWords, telHref } from "@regrip/core/shared/shop-contact";
import { customerCancel, refundDeadline as deadlineOf } from "@regrip/core/shared/order-cancel";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Dialog } from "../../components/Dialog";
import { orderQueryKey, ordersQueryKey, type Order } from "../../data/orders";
import { useShops } from "../../data/shops";
import { apiJson } from "../../lib/api";
import { failureMessage } from "../../lib/api-error";
import { formatCents } from "../../lib/money";
import { useToast } from "../../toast/use-toast";
import { dismissThankYou } from "../my-grips/thank-you";

/** The end of the full-refund window: 24 hours before drop-off or after booking, whichever is later (the server's rule), on the shop's clock. */
const refundDeadline = (order: Order) => formatInstant(new Date(deadlineOf(order)));

/**
 * The shop to contact once the order can no longer be canceled online: the drop-off shop (an onsite or counter
 * order: the main shop), by name and address, with its phone and email as an admin set them (GET /api/locations).
 */
function ShopContact({ order }: { order: Pick<Order, "dropoffLocation"> }) {
  const shop = shopLocation(order.dropoffLocation) ?? shopLocation(DEFAULT_DROPOFF_LOCATION)!;
  const shops = useShops();
  const contact = shops.state === "ready" ? shops.shops.find((candidate) => candidate.value === shop.value) : undefined;
  return (
    <p className="shop-contact" data-testid="shop-contact">
      {`Contact the shop: ${shop.label}, ${(contact?.address ?? shop.address).join(", ")}`}
      {contact?.phone && (
        <>
          {" · "}
          <a href={telHref(contact.phone)}>{phoneWords(contact.phone)}</a>
        </>
      )}
      {contact?.email && (
        <>
          {" · "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </>
      )}
    </p>
  );
}

/**
 * Cancel Order on the order page, within the rule the server enforces (shared/order-cancel.ts): offered before
 * check-in, refunded in full when paid until 24 hours before drop-off or within 24 hours of booking, whichever is
 * later; otherwise the server's words say why not, with the shop's contact. `focus`: the drop-off reminder's cancel
 * link (`?cancel=1`) brings the section into view.
 * A confirmation first; the move is POST /api/orders/{id}/status {status: "CANCELED"}.
 */
export function CancelOrder({ order, focus = false }: { order: Order; focus?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => apiJson<Order>("POST", `/api/orders/${encodeURIComponent(order.id)}/status`, { status: "CANCELED" }),
    onSuccess: (canceled) => {
      setConfirming(false);
      // The dashboard's "Thank you for your payment!" no longer fits: the payment is being given back.
      dismissThankYou(localStorage);
      queryClient.setQueryData(orderQueryKey(order.id), canceled);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey, exact: true });
      toast({
        title: "Order Canceled",
        description:
          canceled.paymentStatus === "refunded"
            ? `Your payment of ${formatCents(canceled.refundedAmountCents)} is being refunded to your card.`
            : canceled.paymentStatus === "paid"
              ? "Your order is canceled. The refund could not be made automatically: the shop will be in touch."
              : "Your order is canceled.",
      });
    },
    onError: (error) => {
      setConfirming(false);
      toast({ title: "Cancel Failed", description: failureMessage(error), variant: "destructive" });
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
    },
  });

  const stage = stageOf(order.status);
  if (!stage || stage === "canceled" || stage === "picked_up") return null;
  const decision = customerCancel(order);

  return (
    <section
      className="card"
      id="cancel"
      aria-labelledby="cancel-order-title"
      ref={focus ? (node) => node?.scrollIntoView({ block: "center" }) : undefined}
    >
      <h2 id="cancel-order-title">Need to cancel?</h2>
      {decision.allowed ? (
        <>
          <p className="muted">
            {decision.refundCents > 0
              ? `Cancel before check-in and by ${refundDeadline(order)} for a full refund of ${formatCents(decision.refundCents)}.`
              : "You can cancel before check-in. Nothing has been charged."}
          </p>
          <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)}>
            Cancel Order
          </button>
        </>
      ) : (
        <>
          <p className="muted">{decision.message}</p>
          {!decision.canceled && <ShopContact order={order} />}
        </>
      )}
      {confirming && decision.allowed && (
        <Dialog
          title="Cancel this order?"
          description={
            decision.refundCents > 0
              ? `Your payment of ${formatCents(decision.refundCents)} will be refunded in full to your card.`
              : "Nothing has been charged for this order."
          }
          onClose={() => setConfirming(false)}
          size="small"
        >
          <div className="dialog-actions">
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)} data-autofocus>
              Keep Order
            </button>
            <button type="button" className="btn btn-danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? "Canceling..." : "Cancel Order"}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
