/**
 * A cancel of a pack-covered order gives its credit back (the credit itself is ./credit.ts), once: the order's
 * `allowanceReturnedAt`, set by the cancel's write, which is conditioned on the order's status. Its own small module
 * because the one move writer (orders/move-writer.ts) loads it in every Lambda that moves an order.
 */
import type { LabelledWrite, TransactionEntities } from "../db/labelled";

/** What a cancel's write adds when it gives a pack's credit back (the same shape as memberships/allowance-return.ts `AllowanceReturn`). */
interface CreditReturn {
  set: { allowanceReturnedAt: string };
  writes: (entities: TransactionEntities) => LabelledWrite[];
}

export function packReturnOnCancel(order: { userId?: string; packCreditId?: string; allowanceReturnedAt?: string }, at: string): CreditReturn | undefined {
  if (!order.userId || !order.packCreditId || order.allowanceReturnedAt) return undefined;
  const key = { userId: order.userId, id: order.packCreditId };
  return {
    set: { allowanceReturnedAt: at },
    writes: (entities) => [
      {
        label: "pack-credit-returned",
        // A credit already at 0 (never, as credits are taken) leaves the order canceled and gives nothing.
        droppable: true,
        write: entities.packCredit
          .patch(key)
          .subtract({ used: 1 })
          .where((a, { gt }) => gt(a.used, 0))
          .commit(),
      },
    ],
  };
}
