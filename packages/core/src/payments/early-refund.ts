/**
 * A refund Stripe reported before the order's payment was on record (kept as `earlyRefundedCents` by
 * payments/refunds.ts `recordRefund`), applied when the payment lands. Apart from the refund writer, so the
 * Stripe webhook loads that writer only for the events that refund (npm run bench:lambda).
 */
import type { Actor } from "../actor";
import type { AuditInput } from "../audit";
import type { OrderItem } from "../orders/view";
import type { OrderSet } from "./order-writes";

/** What a payment landing on `order` does with a refund reported before it: the order's refunded figures and their audit. */
export function earlyRefundOnPayment(order: OrderItem, actor: Actor): { set: OrderSet; audit: AuditInput } | null {
  const refunded = Math.min(order.earlyRefundedCents ?? 0, order.totalCents);
  if (refunded <= 0) return null;
  const full = refunded >= order.totalCents;
  return {
    set: { refundedAmountCents: refunded, paymentStatus: full ? "refunded" : "paid" },
    audit: {
      actor,
      action: "order.refunded",
      targetType: "order",
      targetId: order.id,
      diff: {
        amountCents: refunded,
        refundedAmountCents: refunded,
        paymentStatus: { from: "unpaid", to: full ? "refunded" : "paid" },
        reason: "A refund reported before the payment, applied when the payment landed",
      },
    },
  };
}
