/**
 * Loyalty points, written once for the server (loyalty/, the pricing of a booking and a storefront
 * order) and the pages (the Points section, the booking summary, the storefront cart). Browser-safe, no zod. The
 * owner changes the rates here.
 *
 * - 1 point per whole dollar actually paid by card or at the counter (after discounts, not tips), credited in the
 *   payment's own transaction; taken back in proportion on a refund.
 * - 100 points redeem for $10 off a later booking or storefront order, deducted in the order's transaction and
 *   returned when the order is canceled. Points never make a total negative and never become cash.
 */

export const POINTS_PER_DOLLAR = 1;
/** Points are redeemed in steps of this many. */
export const POINTS_PER_REWARD = 100;
/** What one step of points takes off, in cents. */
export const REWARD_CENTS = 1000;

/** Points earned by a payment of `paidCents` (whole dollars only). */
export function pointsEarned(paidCents: number): number {
  return Math.max(0, Math.floor(paidCents / 100)) * POINTS_PER_DOLLAR;
}

/**
 * Of `earned` points for a payment of `paidCents`, how many a cumulative refund of `refundedCents` takes back in
 * all: in proportion, rounded down for a part refund, every point for a refund in full. A change takes back the
 * difference between the figure after and the figure before.
 */
export function pointsTakenBack(earned: number, paidCents: number, refundedCents: number): number {
  if (earned <= 0 || paidCents <= 0 || refundedCents <= 0) return 0;
  if (refundedCents >= paidCents) return earned;
  return Math.floor((earned * refundedCents) / paidCents);
}

/** What `points` take off an order, in cents. */
export const redeemCents = (points: number): number => Math.floor(points / POINTS_PER_REWARD) * REWARD_CENTS;

/** The most points an order owing `dueCents` can take, from a balance of `balance` (never more than is due). */
export function maxRedeemable(balance: number, dueCents: number): number {
  const steps = Math.min(Math.floor(Math.max(0, balance) / POINTS_PER_REWARD), Math.floor(Math.max(0, dueCents) / REWARD_CENTS));
  return Math.max(0, steps) * POINTS_PER_REWARD;
}

export const REDEEM_STEP_MESSAGE = `Points are redeemed in steps of ${POINTS_PER_REWARD}`;
export const redeemOverBalance = (balance: number) => `You have ${balance} points to redeem`;
export const REDEEM_OVER_TOTAL = "Those points are worth more than this order's total";

/** Why redeeming `points` on an order owing `dueCents` (after every other discount) is refused, or null. */
export function redeemRefusal(points: number, balance: number, dueCents: number): string | null {
  if (points === 0) return null;
  if (!Number.isSafeInteger(points) || points < 0 || points % POINTS_PER_REWARD !== 0) return REDEEM_STEP_MESSAGE;
  if (points > balance) return redeemOverBalance(Math.max(0, balance));
  if (redeemCents(points) > dueCents) return REDEEM_OVER_TOTAL;
  return null;
}

/** "100 points = $10 off", for the Points section, the summary and the cart. */
export const REWARD_WORDS = `${POINTS_PER_REWARD} points = $${REWARD_CENTS / 100} off a booking or a shop order`;

/** The kinds of ledger entry (entities/enums.ts LOYALTY_ENTRY_TYPES). */
export type LoyaltyEntryKind = "earn" | "redeem" | "return" | "takeback" | "adjust" | "expire";

/** One change to a balance, as GET /api/loyalty answers it: signed points (negative spends or takes back). */
export interface LoyaltyEntryView {
  id: string;
  orderId: string | null;
  /** The order's number ("R-1042"); null for an entry of no order, or one written before numbers. */
  orderNumber: string | null;
  type: LoyaltyEntryKind;
  points: number;
  reason: string | null;
  createdAt: string;
}

/** GET /api/loyalty: the balance as stored (never summed from the entries) and the entries, newest first. */
export interface LoyaltyView {
  balance: number;
  entries: LoyaltyEntryView[];
  /** Hand back as `?cursor=` for the next page of entries; null on the last page. */
  cursor: string | null;
}
