/**
 * An order's totals, the one rule the server and every page add up with: the lines' prices times their quantities,
 * less a discount that is never more than the subtotal, then redeemed points, never more than what is left, then
 * sales tax on what is left of the taxable lines, so the total is never below 0. The server prices every order with
 * it (pricing/index.ts, pricing/cart.ts) and every page that previews a total (the booking summary, the storefront
 * cart, the quick sale) adds up the same way; the bill (./bill.ts) spreads an order's amounts over its lines with
 * the same `lineShares`. Browser-safe, integer cents, no zod.
 *
 * Sales tax: each line's share of the discount and the points is spread over the lines in proportion to their
 * amounts (`spread`, largest remainder, so the shares add up to the cent), the rate applies to what is left of each
 * taxable line, and the sum is rounded once per order (half up). A rate is in basis points (1 bp = 0.01 %).
 */
import { discountCents, type Discount } from "./promo";

export interface OrderTotals {
  subtotalCents: number;
  /** The promotion's or the staff member's discount. */
  discountAmountCents: number;
  /** What redeemed points take off (shared/loyalty.ts), after the discount. */
  pointsDiscountCents: number;
  /** Sales tax on the taxable lines after the discount and points (0 when the rate is 0 or nothing is taxable). */
  taxCents: number;
  totalCents: number;
}

export interface TotalsLine {
  /** Unit price in cents. */
  priceCents: number;
  quantity: number;
  /** Goods are taxable, labour is not (the product's `taxable`); absent reads as not taxable. */
  taxable?: boolean;
}

/** A promotion's discount (a percentage or an amount), or a staff member's in cents (the quick sale); none by default. */
export interface TotalsDiscount {
  promotion?: Discount | null;
  staffCents?: number;
  /** Redeemed points' worth in cents (shared/loyalty.ts `redeemCents`); never more than what is left after the discount. */
  pointsCents?: number;
  /** The sales tax rate of the order's location in basis points (shared/money-settings.ts); 0 or absent for none. */
  taxRateBps?: number;
}

/**
 * `total` spread over `weights` in proportion (largest remainder): whole cents that add up to `total` exactly, the
 * first of equal remainders taking the extra cent. All zeros when every weight is 0.
 */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Each line's amount, its share of the discount and points, and its exact (unrounded) tax at `taxRateBps`. */
export interface LineShare {
  amountCents: number;
  discountCents: number;
  pointsCents: number;
  /** The amount less its shares: what the line is charged before tax. */
  netCents: number;
  /** The line's tax before the order's one rounding: net × rate, 0 for a line that is not taxable. */
  exactTaxCents: number;
}

export function lineShares(
  lines: readonly TotalsLine[],
  amounts: { discountAmountCents: number; pointsDiscountCents: number; taxRateBps?: number },
): LineShare[] {
  const gross = lines.map((line) => line.priceCents * line.quantity);
  const discounts = spread(amounts.discountAmountCents, gross);
  const points = spread(
    amounts.pointsDiscountCents,
    gross.map((g, i) => g - discounts[i]!),
  );
  const rate = Math.max(0, amounts.taxRateBps ?? 0);
  return lines.map((line, i) => {
    const netCents = gross[i]! - discounts[i]! - points[i]!;
    return {
      amountCents: gross[i]!,
      discountCents: discounts[i]!,
      pointsCents: points[i]!,
      netCents,
      exactTaxCents: line.taxable ? (netCents * rate) / 10_000 : 0,
    };
  });
}

/** The order's tax: the lines' exact taxes added up and rounded once, half up. */
export const roundedTax = (shares: readonly LineShare[]): number =>
  Math.round(shares.reduce((sum, share) => sum + share.exactTaxCents, 0) + 1e-9);

export function orderTotals(lines: readonly TotalsLine[], discount: TotalsDiscount = {}): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const discountAmountCents = discount.promotion
    ? discountCents(subtotalCents, discount.promotion)
    : Math.min(subtotalCents, Math.max(0, discount.staffCents ?? 0));
  const afterDiscount = Math.max(0, subtotalCents - discountAmountCents);
  const pointsDiscountCents = Math.min(afterDiscount, Math.max(0, discount.pointsCents ?? 0));
  const taxCents = roundedTax(lineShares(lines, { discountAmountCents, pointsDiscountCents, taxRateBps: discount.taxRateBps }));
  return { subtotalCents, discountAmountCents, pointsDiscountCents, taxCents, totalCents: afterDiscount - pointsDiscountCents + taxCents };
}
