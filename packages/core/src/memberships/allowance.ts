/**
 * The membership allowance applied to an order, in one place for the booking (orders/booking.ts), the
 * storefront invoice and the quick sale (storefront/), and the cancel (orders/move-writer.ts):
 *
 * - `coverageOf`: whether the customer's subscription covers a regrip now (of this paddle, for a booking and a
 *   quick sale; any core service, for a storefront sale): status active or trialing, inside its current period,
 *   a regrip left in that period (shared/membership.ts `regripsLeft`, `coversPaddle`).
 * - `coverLine`: the priced order with one unit of its core line covered: price 0, COVERED_LINE_NOTE, the totals
 *   added up again by the one totals rule (so a promotion applies to what is still charged), and `coveredCents`.
 * - `takeRegrip`: the regrip taken, in the order's own transaction: a conditional update of the subscription item
 *   (still covering, the same period, fewer used than the plan allows). Of two orders racing for the last regrip
 *   one commits and the other's transaction is cancelled on `ALLOWANCE_LABEL`: that order is refused with a 409
 *   (`REGRIP_JUST_USED`), never charged behind the customer's back; booking again prices it in full.
 * - a canceled covered order gives its regrip back to the period it counted in, once: ./allowance-return.ts
 *   (its own module: every move's Lambda loads it, and this one loads pricing).
 *
 * Small on purpose (no zod, no provider): POST /api/book-service loads it (`npm run bench:lambda`).
 */
import type { EntityItem } from "electrodb";
import { db } from "../db";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import type { Subscription } from "../entities";
import { conflict } from "../errors";
import { COVERED_LINE_NOTE, coversPaddle, LIVE_SUBSCRIPTION_STATUSES, PLAN_TERMS, regripsLeft } from "../shared/membership";
import { totalsWithPoints, type PointsToRedeem } from "../pricing";
import type { TotalsDiscount } from "../shared/totals";

export type SubscriptionItem = EntityItem<Subscription>;

/**
 * The subscription that describes the user now: a live one (active, trialing, past due) before an ended one, the
 * newest first within each.
 */
export function currentOf(subscriptions: readonly SubscriptionItem[]): SubscriptionItem | undefined {
  return [...subscriptions].sort((a, b) => {
    const rank = Number(LIVE_SUBSCRIPTION_STATUSES.has(b.status)) - Number(LIVE_SUBSCRIPTION_STATUSES.has(a.status));
    return rank !== 0 ? rank : b.createdAt.localeCompare(a.createdAt);
  })[0];
}

/** The user's current subscription: their subscriptions are in their own partition, one Query (data-model C16). */
export async function subscriptionOf(userId: string, options: { consistent?: boolean } = {}): Promise<SubscriptionItem | undefined> {
  const { data } = await db().entities.subscription.query.byUser({ userId }).go({ pages: "all", consistent: options.consistent });
  return currentOf(data);
}

/** What covers an order: the subscription as read (the write is conditioned on it) and the period the regrip counts in. */
export interface Coverage {
  subscription: SubscriptionItem;
  periodEnd: string;
}

/** The coverage `subscription` gives now: of `paddleId` when given (a booking, a quick sale), else of any core regrip. */
export function coverageOf(subscription: SubscriptionItem | undefined, paddleId: string | undefined, now: Date): Coverage | null {
  if (!subscription?.currentPeriodEnd) return null;
  const covers = paddleId === undefined ? regripsLeft(subscription, now) > 0 : coversPaddle(subscription, paddleId, now);
  return covers ? { subscription, periodEnd: subscription.currentPeriodEnd } : null;
}

interface PricedLine {
  priceCents: number;
  quantity: number;
  description?: string;
}

interface Priced<L extends PricedLine> {
  lineItems: L[];
  subtotalCents: number;
  discountAmountCents: number;
  totalCents: number;
}

/**
 * `priced` with one unit of line `index` covered (price 0, COVERED_LINE_NOTE; the rest of a line of several units
 * stays charged beside it), its totals added up again with the same discount and then the points redeemed on it
 * (pricing/ `totalsWithPoints`: 400 when they are now worth more than is left to pay). Pure.
 */
export function coverLine<L extends PricedLine, P extends Priced<L>>(
  priced: P,
  index: number,
  discount: Omit<TotalsDiscount, "pointsCents">,
  points?: PointsToRedeem,
  note: string = COVERED_LINE_NOTE,
): P & { coveredCents: number; pointsRedeemed: number; pointsDiscountCents: number } {
  const line = priced.lineItems[index]!;
  // `note`: a pack's credit says so (shared/covered.ts); the bill shows either as covered.
  const covered = { ...line, priceCents: 0, quantity: 1, description: note };
  const rest = line.quantity > 1 ? [{ ...line, quantity: line.quantity - 1 }] : [];
  const lineItems = [...priced.lineItems.slice(0, index), covered, ...rest, ...priced.lineItems.slice(index + 1)];
  return { ...priced, lineItems, ...totalsWithPoints(lineItems, discount, points), coveredCents: line.priceCents };
}

/**
 * The order fields of a covered order: which subscription and period, what it covered; paid by the subscription
 * (a comp, no card step) when nothing is left to pay, else the card pays the rest as for any order.
 */
export function coveredOrder(coverage: Coverage, coveredCents: number, totalCents: number) {
  return {
    subscriptionId: coverage.subscription.id,
    coveredPeriodEnd: coverage.periodEnd,
    coveredCents,
    ...(totalCents === 0 ? { paymentMethod: "SUBSCRIPTION" as const, paymentStatus: "comp" as const } : {}),
  };
}

/** The label of the regrip's write in the order's transaction. */
const ALLOWANCE_LABEL = "subscription-allowance";
export const REGRIP_JUST_USED = "Your membership's regrip was just used by another order. Book again to pay for this one.";

/** The 409 when the regrip's write lost (`createOrder`'s `refusal`). */
export const allowanceRefusal = (failed: readonly string[]) => (failed.includes(ALLOWANCE_LABEL) ? conflict(REGRIP_JUST_USED) : undefined);

/**
 * The regrip taken from the subscription, in the order's transaction: one more used in `coverage.periodEnd`, on
 * condition that the subscription still covers (active or trialing), is still in that period, and has used fewer
 * than the plan allows (a first use in a new period starts the count at 1).
 */
export function takeRegrip(entities: TransactionEntities, coverage: Coverage): LabelledWrite[] {
  const { subscription, periodEnd } = coverage;
  const patch = entities.subscription.patch({ userId: subscription.userId, id: subscription.id });
  // A first use in a new period starts its count at 1; a later one adds 1 while fewer than the plan allows are used.
  const write = (subscription.usagePeriodEnd === periodEnd ? patch.add({ regripsUsed: 1 }) : patch.set({ regripsUsed: 1, usagePeriodEnd: periodEnd }))
    .where((a, { eq, ne, lt, notExists }) =>
      [
        eq(a.currentPeriodEnd, periodEnd),
        `(${eq(a.status, "active")} OR ${eq(a.status, "trialing")})`,
        subscription.usagePeriodEnd === periodEnd
          ? `${eq(a.usagePeriodEnd, periodEnd)} AND ${lt(a.regripsUsed, PLAN_TERMS[subscription.plan].regripsPerPeriod)}`
          : `(${notExists(a.usagePeriodEnd)} OR ${ne(a.usagePeriodEnd, periodEnd)})`,
      ].join(" AND "),
    )
    .commit();
  return [{ label: ALLOWANCE_LABEL, write }];
}
