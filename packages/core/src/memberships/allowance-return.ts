/**
 * A cancel of a covered order gives its regrip back (the allowance itself is ./allowance.ts). Its own
 * small module because the one move writer (orders/move-writer.ts) loads it in every Lambda that moves an order.
 */
import { db } from "../db";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";

/** What a cancel's write adds when it gives a covered regrip back. */
export interface AllowanceReturn {
  set: { allowanceReturnedAt: string };
  writes: (entities: TransactionEntities) => LabelledWrite[];
}

/**
 * A cancel of a covered order (orders/move-writer.ts): its regrip back to the period it counted in, when that
 * period is still the subscription's current one and the regrip is still counted there; once, as the order's
 * `allowanceReturnedAt` (the cancel's write is conditioned on the order's status, and a canceled order that an
 * admin reopens and cancels again has it set). The subscription's write is droppable: should the period turn over
 * between this read and the write, the order is canceled and nothing is given back (the new period starts at 0).
 */
export async function returnOnCancel(
  order: { userId?: string; subscriptionId?: string; packCreditId?: string; coveredPeriodEnd?: string; allowanceReturnedAt?: string },
  at: string,
): Promise<AllowanceReturn | undefined> {
  // A regrip a pack covered gives its credit back to the pack (packs/credit-return.ts, loaded only then).
  if (order.packCreditId) return (await import("../packs/credit-return")).packReturnOnCancel(order, at);
  const periodEnd = order.coveredPeriodEnd;
  if (!order.userId || !order.subscriptionId || !periodEnd || order.allowanceReturnedAt) return undefined;
  const key = { userId: order.userId, id: order.subscriptionId };
  const { data: subscription } = await db().entities.subscription.get(key).go({ consistent: true });
  if (!subscription || subscription.currentPeriodEnd !== periodEnd || subscription.usagePeriodEnd !== periodEnd || (subscription.regripsUsed ?? 0) <= 0) {
    return undefined;
  }
  return {
    set: { allowanceReturnedAt: at },
    writes: (entities) => [
      {
        label: "allowance-returned",
        droppable: true,
        write: entities.subscription
          .patch(key)
          .subtract({ regripsUsed: 1 })
          .where((a, { eq, gt }) => [eq(a.currentPeriodEnd, periodEnd), eq(a.usagePeriodEnd, periodEnd), gt(a.regripsUsed, 0)].join(" AND "))
          .commit(),
      },
    ],
  };
}
