/**
 * Points redeemed on a new order (a booking, a storefront invoice), in the order's own transaction
 * (orders/create.ts, the maker's `writes`): the balance's conditional subtract (it must still hold the points) and
 * the ledger entry. Of two orders redeeming the same points at the same moment, the balance's condition lets one
 * through; the other's whole transaction fails (no order, no stock taken) and it hears 400 with the balance as it
 * is then. The price (pricing/ `totalsWithPoints`) refused points that were not a step of 100, more than the
 * balance as read (`redemption`), or worth more than is left to pay, before anything was written.
 *
 * Its own small module, loaded by the booking and the invoice only when they redeem points: their Lambdas are
 * within a few KB of the 300 KB budget (npm run bench:lambda).
 */
import { db } from "../db";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import type { DomainError } from "../errors";
import type { PointsToRedeem } from "../pricing";
import { redeemCents, redeemOverBalance, redeemRefusal } from "../shared/loyalty";

/**
 * The label of the balance's write in a transaction: a redemption's conditional subtract, an earn's, take-back's or
 * return's ADD (./order-points.ts), an admin's adjustment.
 */
export const POINTS_LABEL = "points";

/** The customer's balance as stored now (strongly consistent: an order is priced from it). */
async function balanceOf(userId: string): Promise<number> {
  const { data } = await db().entities.loyaltyAccount.get({ userId }).go({ consistent: true });
  return data?.balance ?? 0;
}

/** `points` as an order is priced with them, from a balance of `balance` (shared/loyalty.ts). */
export function pricedPoints(points: number, balance: number): PointsToRedeem {
  return { points, cents: redeemCents(points), refusal: (dueCents) => redeemRefusal(points, balance, dueCents) };
}

/** A redemption, as the order's maker uses it (orders/booking.ts, storefront/). */
interface Redemption {
  /** The points as the order is priced with them. */
  points: PointsToRedeem;
  /** The balance's conditional subtract and the ledger entry, in the new order's transaction (orders/create.ts `writes`). */
  writes: (entities: TransactionEntities, order: { orderId: string; number: number }) => LabelledWrite[];
  /**
   * The maker's 400 when the balance no longer held the points at the write (spent by another order meanwhile), with
   * the balance read again; undefined for another failure (orders/create.ts `refusal`).
   */
  refused: (failed: readonly string[]) => Promise<DomainError | undefined>;
}

/**
 * `points` (the request's `redeemPoints`) of customer `userId` on an order made at `at`, against their balance now.
 * `invalid` is the maker's own (errors/): this chunk then shares no module with the maker's Lambda but the table's.
 */
export async function redemption(userId: string, points: number, at: string, invalid: (message: string) => DomainError): Promise<Redemption> {
  const priced = pricedPoints(points, await balanceOf(userId));
  return {
    points: priced,
    writes: (entities, { orderId, number }) => [
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
        write: entities.loyaltyLedger.create({ userId, orderId, orderNumber: number, type: "redeem", points: -points, reason: "Redeemed on an order", createdAt: at }).commit(),
      },
    ],
    refused: async (failed) => (failed.includes(POINTS_LABEL) ? invalid(redeemOverBalance(Math.max(0, await balanceOf(userId)))) : undefined),
  };
}
