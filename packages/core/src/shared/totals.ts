/**
 * An order's totals, the one rule the server and every page add up with: the lines' prices times their quantities, less a discount that is
 * never more than the subtotal, then redeemed points, never more than what is left, so the total is never below 0. The server prices every order with it
 * (pricing/index.ts, pricing/cart.ts) and every page that previews a total (the booking summary, the storefront
 * cart, the quick sale) adds up the same way. Browser-safe, integer cents, no zod.
 */
import { discountCents, type Discount } from "./promo";

export interface OrderTotals {
  subtotalCents: number;
  /** The promotion's or the staff member's discount. */
  discountAmountCents: number;
  /** What redeemed points take off (shared/loyalty.ts), after the discount. */
  pointsDiscountCents: number;
  totalCents: number;
}

export interface TotalsLine {
  /** Unit price in cents. */
  priceCents: number;
  quantity: number;
}

/** A promotion's discount (a percentage or an amount), or a staff member's in cents (the quick sale); none by default. */
export interface TotalsDiscount {
  promotion?: Discount | null;
  staffCents?: number;
  /** Redeemed points' worth in cents (shared/loyalty.ts `redeemCents`); never more than what is left after the discount. */
  pointsCents?: number;
}

export function orderTotals(lines: readonly TotalsLine[], discount: TotalsDiscount = {}): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const discountAmountCents = discount.promotion
    ? discountCents(subtotalCents, discount.promotion)
    : Math.min(subtotalCents, Math.max(0, discount.staffCents ?? 0));
  const afterDiscount = Math.max(0, subtotalCents - discountAmountCents);
  const pointsDiscountCents = Math.min(afterDiscount, Math.max(0, discount.pointsCents ?? 0));
  return { subtotalCents, discountAmountCents, pointsDiscountCents, totalCents: afterDiscount - pointsDiscountCents };
}
