/**
 * A member at the storefront: the cart's core service unit the membership covers, and the points the
 * customer uses, priced the way the server prices the invoice (shared/totals: the covered unit at $0, then the
 * promotion, then the points). A preview only: the server prices the order again.
 */
import { maxRedeemable, redeemCents } from "@regrip/core/shared/loyalty";
import type { MembershipBadge } from "@regrip/core/shared/membership";
import type { Discount } from "@regrip/core/shared/promo";
import type { CartLine } from "@regrip/core/shared/storefront";
import { orderTotals, type OrderTotals } from "@regrip/core/shared/totals";
import { hasRegripLeft } from "../customers/MemberBadge";

/** The storefront's core services: the catalogue's "Core Services" group. */
const CORE_CATEGORY = "BASE_GRIP";

/** The cart line one unit of which the membership covers: the first core service, for a member with a regrip left. */
export function coveredLineId(items: readonly CartLine[], categoryOf: (id: string) => string | undefined, membership: MembershipBadge | null | undefined): string | undefined {
  if (!hasRegripLeft(membership)) return undefined;
  return items.find((line) => categoryOf(line.id) === CORE_CATEGORY)?.id;
}

/** The cart's totals with one unit of `coveredId` at $0 and `points` redeemed (held to what is due by orderTotals). */
export function memberCartTotals(items: readonly CartLine[], promo: Discount | null | undefined, coveredId: string | undefined, points = 0): OrderTotals {
  const lines = items.flatMap((line) =>
    line.id === coveredId
      ? [
          { priceCents: line.price, quantity: line.quantity - 1 },
          { priceCents: 0, quantity: 1 },
        ]
      : [{ priceCents: line.price, quantity: line.quantity }],
  );
  return orderTotals(lines, { promotion: promo, pointsCents: redeemCents(points) });
}

/** The points that can be used: the chosen ones, held to the customer's balance and to what is left to pay. */
export function usableCartPoints(chosen: number, balance: number, dueCents: number): number {
  return Math.min(Math.max(0, chosen), maxRedeemable(balance, dueCents));
}
