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
import { applyToOrder, type ApplyOutcome } from "./order-writes";
import { paymentProvider } from "./provider";

export interface RefundOutcome {
  status: "refunded" | "failed" | "nothing";
  amountCents: number;
  refundId?: string;
  error?: string;
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What is left of the order's payment to give back. */
export function refundableCents(order: Pick<OrderItem, "paymentStatus" | "totalCents" | "refundedAmountCents">): number {
  return order.paymentStatus === "paid" ? Math.max(0, order.totalCents - order.refundedAmountCents) : 0;
}

/**
 * Records that `cumulativeCents` of the order's payment has been refunded in
 * all (Stripe's `amount_refunded` is cumulative too), so recording the same
 * refund twice, from our call and from the webhook, counts it once.
 */
export function recordRefund(
  orderId: string,
  cumulativeCents: number,
  actor: Actor,
  details: { refundId?: string; reason?: string; eventId?: string; actorName?: string } = {},
): Promise<ApplyOutcome> {
  return applyToOrder(
    orderId,
    (order) => {
      if (order.paymentStatus !== "paid" && order.paymentStatus !== "refunded") return null;
      const refunded = Math.min(cumulativeCents, order.totalCents);
      if (refunded <= order.refundedAmountCents) return null;
      const full = refunded >= order.totalCents;
      return {
        set: { refundedAmountCents: refunded, paymentStatus: full ? "refunded" : "paid" },
        remove: full ? ["paymentFailureReason"] : undefined,
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
