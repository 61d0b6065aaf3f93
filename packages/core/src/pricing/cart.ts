/**
 * Pricing a counter sale, pure: a storefront cart or a quick sale's chosen
 * services, from the catalogue's skus. Every amount is integer cents; a
 * client's price, discount or total never reaches here.
 */
import type { Product } from "../shared/catalogue";
import { invalid } from "../errors";
import { outOfStock, takeOf, totalsWithPoints, type Discount, type LineItem, type PointsToRedeem, type PricedBooking, type StockTake } from "./index";

export interface CartLine {
  skuId: string;
  quantity: number;
}

/** A counter sale is priced into the same shape as a booking (lines, totals, the stock it takes). */
export type PricedSale = PricedBooking;

const detailsOf = (sku: Product) => [sku.color, sku.feel].filter((part) => part && part.trim()).join(" · ") || undefined;

/**
 * Prices `lines` (a sku named twice counts once with the quantities added).
 * `requireVisible`: the storefront sells only what the catalogue shows; the
 * quick sale's own items are hidden from the customer catalogue and sold anyway.
 * The discount is the promotion's (`promotion`) or a staff member's
 * (`discountCents`), never more than the subtotal.
 */
export function priceSale(input: {
  skus: readonly Product[];
  lines: readonly CartLine[];
  promotion?: Discount | null;
  discountCents?: number;
  /** Points the customer redeems (the storefront invoice), after the discount. */
  points?: PointsToRedeem;
  requireVisible: boolean;
  unavailable: string;
  /** The sales tax rate of the counter's shop (settings/ `taxRateAt`), in basis points. */
  taxRateBps: number;
}): PricedSale {
  const byId = new Map(input.skus.map((sku) => [sku.id, sku]));
  const quantities = new Map<string, number>();
  for (const line of input.lines) quantities.set(line.skuId, (quantities.get(line.skuId) ?? 0) + line.quantity);
  const lineItems: LineItem[] = [];
  const stockTakes: StockTake[] = [];
  for (const [skuId, quantity] of quantities) {
    const sku = byId.get(skuId);
    if (!sku || (input.requireVisible && !sku.isVisible)) throw invalid(input.unavailable);
    if (sku.stockQuantity !== null) {
      // The refusal names the variant and what is left of it: "Only 4 left of Strip and Grip (Black, Tacky)".
      if (sku.stockQuantity < quantity) throw outOfStock(sku, sku.stockQuantity);
      stockTakes.push(takeOf(sku, quantity));
    }
    lineItems.push({ skuId, name: sku.name, description: detailsOf(sku), priceCents: sku.unitAmountCents, quantity, taxable: sku.taxable });
  }
  const totals = totalsWithPoints(lineItems, { promotion: input.promotion, staffCents: input.discountCents, taxRateBps: input.taxRateBps }, input.points);
  return { lineItems, ...totals, promoCode: input.promotion?.code, taxRateBps: input.taxRateBps, stockTakes };
}
