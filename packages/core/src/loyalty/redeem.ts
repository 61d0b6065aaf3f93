/**
 * Points redeemed on a new order (a booking, a storefront invoice: issue 21), in the order's own transaction
 * (orders/create.ts, the maker's `writes`): the balance's conditional subtract (it must still hold the points) and
 * the ledger entry. Of two orders redeeming the same points at the same moment, the balance's condition lets one
 * through; the other's whole transaction fails (no order, no stock taken) and it hears 400 with the balance as it
 * is then. The price (pricing/ `totalsWithPoints`) refused points that were not a step of 100, more than the
 * balance as read, or worth more than is left to pay, before anything was written.
 *
 * Its own small module: the booking's Lambda carries it without the loyalty routes' code (npm run bench:lambda).
 */
import { db } from "../db";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import { invalid, type DomainError } from "../errors";
import { redeemOverBalance } from "../shared/loyalty";
import { POINTS_LABEL } from "./order-points";

/** The customer's balance as stored now (strongly consistent: an order is priced from it). */
export async function balanceOf(userId: string): Promise<number> {
  const { data } = await db().entities.loyaltyAccount.get({ userId }).go({ consistent: true });
  return data?.balance ?? 0;
}

/** The redemption's writes in the new order's transaction; none for no points. */
export function redeemWrites(entities: TransactionEntities, redemption: { userId: string; orderId: string; points: number; at: string }): LabelledWrite[] {
  const { userId, orderId, points, at } = redemption;
  if (points <= 0) return [];
  return [
    {
      label: POINTS_LABEL,
      write: entities.loyaltyAccount
        .update({ userId })
        .subtract({ balance: points })
        .where((a, { gte }) => gte(a.balance, points))
        .commit(),
    },
    {
      label: "points-entry:0",
      write: entities.loyaltyLedger.create({ userId, orderId, type: "redeem", points: -points, reason: "Redeemed on an order", createdAt: at }).commit(),
    },
  ];
}

/** The refusal when the balance no longer held the points at the write (spent by another order meanwhile). */
export async function redeemRefused(failed: readonly string[], userId: string): Promise<DomainError | undefined> {
  if (!failed.includes(POINTS_LABEL)) return undefined;
  return invalid(redeemOverBalance(Math.max(0, await balanceOf(userId))));
}
