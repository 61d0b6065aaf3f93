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

/** The counter's sales tax: its shop's rate, and which products are goods (taxable). */
export interface CartTax {
  taxRateBps: number;
  isTaxable: (id: string) => boolean;
}

const NO_TAX: CartTax = { taxRateBps: 0, isTaxable: () => false };

/**
 * The cart's totals with one unit of `coveredId` at $0 and `points` redeemed (held to what is due by orderTotals),
 * then the counter's shop's sales tax on the goods, as the server prices the invoice.
 */
export function memberCartTotals(items: readonly CartLine[], promo: Discount | null | undefined, coveredId: string | undefined, points = 0, tax: CartTax = NO_TAX): OrderTotals {
  const lines = items.flatMap((line) => {
    const taxable = tax.isTaxable(line.id);
    return line.id === coveredId
      ? [
          { priceCents: line.price, quantity: line.quantity - 1, taxable },
          { priceCents: 0, quantity: 1, taxable },
        ]
      : [{ priceCents: line.price, quantity: line.quantity, taxable }];
  });
  return orderTotals(lines, { promotion: promo, pointsCents: redeemCents(points), taxRateBps: tax.taxRateBps });
}

/** The points that can be used: the chosen ones, held to the customer's balance and to what is left to pay. */
export function usableCartPoints(chosen: number, balance: number, dueCents: number): number {
  return Math.min(Math.max(0, chosen), maxRedeemable(balance, dueCents));
}
