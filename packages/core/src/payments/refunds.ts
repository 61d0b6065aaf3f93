/**
 * Refunds: giving back an order's payment and recording it on the order
 * (refundedAmountCents, paymentStatus `refunded` once in full) and in the
 * audit log. A refund made here is recorded from the provider's answer; the
 * provider's later `charge.refunded` event carries the same cumulative
 * amount and so changes nothing more.
 */
import { randomUUID } from "node:crypto";
import type { Actor } from "../actor";
import type { OrderItem } from "../orders/view";
import type { AuditInput } from "../audit";
import { applyToOrder, type ApplyOutcome, type OrderChange, type OrderSet } from "./order-writes";
import { paymentProvider } from "./provider";
import { refundNotice } from "../notifications/confirmations";
import { refundableCents } from "../shared/order-cancel";
import { dollars } from "../shared/payment";

export interface RefundOutcome {
  status: "refunded" | "failed" | "nothing";
  amountCents: number;
  refundId?: string;
  error?: string;
}

/** What is left of the order's payment to give back (the rule lives in shared/order-cancel, with the customer's cancel). */
export { refundableCents };

/**
 * Records that `cumulativeCents` of the order's payment has been refunded in
 * all (Stripe's `amount_refunded` is cumulative too), so recording the same
 * refund twice, from our call and from the webhook, counts it once.
 */
export function recordRefund(
  orderId: string,
  cumulativeCents: number,
  actor: Actor,
  details: { refundId?: string; reason?: string; eventId?: string; actorName?: string; taxCents?: number } = {},
): Promise<ApplyOutcome> {
  return applyToOrder(
    orderId,
    (order) => {
      if (order.paymentStatus === "unpaid") return keepEarlyRefund(order, cumulativeCents, actor, details);
      if (order.paymentStatus !== "paid" && order.paymentStatus !== "refunded") return null;
      const refunded = Math.min(cumulativeCents, order.totalCents);
      if (refunded <= order.refundedAmountCents) return null;
      const full = refunded >= order.totalCents;
      return {
        set: { refundedAmountCents: refunded, paymentStatus: full ? "refunded" : "paid" },
        remove: full ? ["paymentFailureReason"] : undefined,
        // The dashboard's refund figures ride with this write (stats/daily.ts refundGiven): the tax given back is
        // the caller's when it knows it, else the order's tax in proportion.
        ...(details.taxCents !== undefined ? { refundTaxCents: details.taxCents } : {}),
        // Told once the refund is written: once per amount given back, however often the provider reports it.
        // With the bill as the refund leaves it (what stays paid).
        effects: [refundNotice({ ...order, refundedAmountCents: refunded, paymentStatus: full ? "refunded" : "paid" }, refunded - order.refundedAmountCents)],
        audits: [
          {
            actor,
            actorName: details.actorName,
            action: "order.refunded",
            targetType: "order",
            targetId: order.id,
            diff: {
              amountCents: refunded - order.refundedAmountCents,
              refundedAmountCents: refunded,
              paymentStatus: { from: order.paymentStatus, to: full ? "refunded" : "paid" },
              ...(details.refundId ? { refundId: details.refundId } : {}),
              ...(details.reason ? { reason: details.reason } : {}),
            },
          },
        ],
      };
    },
    { eventId: details.eventId },
  );
}

/**
 * Stripe can report a refund before the payment it gives back (events arrive
 * in any order): the figure is kept on the order and applied when the
 * payment lands (decidePayment), so the fact is never lost.
 */
function keepEarlyRefund(
  order: OrderItem,
  cumulativeCents: number,
  actor: Actor,
  details: { refundId?: string; reason?: string; actorName?: string },
): OrderChange | null {
  const amount = Math.min(cumulativeCents, order.totalCents);
  if (amount <= (order.earlyRefundedCents ?? 0)) return null;
  return {
    set: { earlyRefundedCents: amount },
    audits: [
      {
        actor,
        actorName: details.actorName,
        action: "order.refund_before_payment",
        targetType: "order",
        targetId: order.id,
        diff: { earlyRefundedCents: amount, ...(details.refundId ? { refundId: details.refundId } : {}), ...(details.reason ? { reason: details.reason } : {}) },
      },
    ],
  };
}

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

/**
 * Refunds what is left of the order's payment, in full: by card through the
 * payment provider, or as money given back at the counter for a counter
 * payment. A refusal by the provider is recorded (audit entry and the order's
 * paymentFailureReason) and answered, never thrown: the move that asked for
 * the refund has already happened.
 */
export async function refundInFull(
  order: OrderItem,
  actor: Actor,
  { reason, actorName }: { reason: string; actorName?: string },
): Promise<RefundOutcome> {
  const amountCents = refundableCents(order);
  if (amountCents === 0) return { status: "nothing", amountCents: 0 };
  let refundId: string;
  try {
    if (order.paymentMethod === "STRIPE") {
      refundId = (await (await paymentProvider()).refund(order, amountCents)).id;
    } else {
      refundId = `counter-${randomUUID()}`;
    }
  } catch (caught) {
    const error = (caught as Error).message || "The payment provider refused the refund.";
    console.error(`Refund of order ${order.id} failed`, caught);
    await applyToOrder(order.id, (current) => ({
      set: { paymentFailureReason: `Refund of ${dollars(amountCents)} failed: ${error}` },
      audits: [
        { actor, actorName, action: "order.refund_failed", targetType: "order", targetId: current.id, diff: { amountCents, reason, error } },
      ],
    }));
    return { status: "failed", amountCents, error };
  }
  await recordRefund(order.id, order.refundedAmountCents + amountCents, actor, { refundId, reason, actorName });
  return { status: "refunded", amountCents, refundId };
}
