/**
 * Pricing a booking, pure: line items, subtotal, discount and total from the
 * catalogue's skus and what the customer chose. Nothing here trusts a price or
 * a discount from the client; every amount is integer cents.
 */
import { coreServiceOf, edgeKind, isWeight, WEIGHT_AREA_REQUIRED, WEIGHT_AREAS, weightAreaLabel, type Product, type WeightArea } from "../shared/catalogue";
import { discountCents, type Discount } from "../shared/promo";
import { stockShortfall, type VariantNaming } from "../shared/variants";
import { orderTotals, type OrderTotals, type TotalsDiscount, type TotalsLine } from "../shared/totals";
import { conflict, invalid } from "../errors";

export * as Pricing from "./index";
// The rules the pages preview with live in browser-safe shared modules; re-exported for the server's callers.
export { discountCents, edgeKind, isWeight, WEIGHT_AREAS, weightAreaLabel, type Discount, type WeightArea };

export interface LineItem {
  skuId: string;
  name: string;
  description?: string;
  /** Unit price in cents. */
  priceCents: number;
  quantity: number;
  /** The product carries sales tax (its `taxable` when the order was priced). */
  taxable?: boolean;
}

/** Stock a booking takes: one entry per sku whose stock is counted, named as its variant for the refusal. */
export interface StockTake extends VariantNaming {
  skuId: string;
  quantity: number;
}

/** What a stock take names: the sku's name, color and feel. */
export const takeOf = (sku: Product, quantity: number): StockTake => ({ skuId: sku.id, name: sku.name, color: sku.color, feel: sku.feel, quantity });

export interface PricingInput {
  /** The skus the request names (service and add-ons); others may be present and are ignored. */
  skus: readonly Product[];
  serviceId: string | undefined;
  addOnIds?: readonly string[];
  weightAreas?: readonly string[];
  promotion?: Discount | null;
  points?: PointsToRedeem;
  /** The sales tax rate of the order's place (settings/ `taxRateAt`), in basis points. */
  taxRateBps: number;
}

/**
 * Points the customer redeems on the order, as loyalty/redeem.ts `redemption` reads them against the balance:
 * how many, what they take off, and why they are refused given what is left to pay after the discount
 * (shared/loyalty.ts `redeemRefusal`).
 */
export interface PointsToRedeem {
  points: number;
  cents: number;
  refusal: (dueCents: number) => string | null;
}

export interface PricedBooking {
  lineItems: LineItem[];
  subtotalCents: number;
  discountAmountCents: number;
  promoCode: string | undefined;
  /** Sales tax on the taxable lines after discount and points (shared/totals.ts), at `taxRateBps`. */
  taxCents: number;
  taxRateBps: number;
  totalCents: number;
  /** Points redeemed on the order (0 for none) and what they take off, after the discount. */
  pointsRedeemed: number;
  pointsDiscountCents: number;
  stockTakes: StockTake[];
}

/**
 * The totals with the points redeemed, taken off after the discount (shared/totals.ts `orderTotals`): 400 with
 * shared/loyalty.ts's words when they are not a step of 100, more than the balance, or worth more than is left to pay.
 */
export function totalsWithPoints(
  lines: readonly TotalsLine[],
  discount: Omit<TotalsDiscount, "pointsCents">,
  points: PointsToRedeem | undefined,
): OrderTotals & { pointsRedeemed: number } {
  const totals = orderTotals(lines, { ...discount, pointsCents: points?.cents });
  // What was left to pay after the discount, before the points and tax.
  const refusal = points?.refusal(totals.subtotalCents - totals.discountAmountCents);
  if (refusal) throw invalid(refusal);
  return { ...totals, pointsRedeemed: points?.points ?? 0 };
}

/** 409 naming the variant and what is left of it (shared/storefront's words, which the storefront's cart says too). */
export const outOfStock = (product: VariantNaming, left = 0) => conflict(stockShortfall(product, left));

function hasStock(sku: Product, quantity: number): boolean {
  return sku.stockQuantity === null || sku.stockQuantity >= quantity;
}

const joinDetails = (...parts: (string | undefined)[]) => {
  const text = parts.filter((part) => part && part.trim()).join(" · ");
  return text || undefined;
};

export function weightAreasOf(raw: readonly string[] | undefined): WeightArea[] {
  const areas = raw ?? [];
  if (areas.length === 0) throw invalid(WEIGHT_AREA_REQUIRED);
  if (areas.length > WEIGHT_AREAS.length) throw invalid("Choose at most 5 areas for the weight");
  for (const area of areas) {
    if (!(WEIGHT_AREAS as readonly string[]).includes(area)) throw invalid("That weight area is not available");
  }
  if (new Set(areas).size !== areas.length) throw invalid("Each weight area can be chosen once");
  // The page's order, so the description reads the same however the client listed them.
  return WEIGHT_AREAS.filter((area) => areas.includes(area));
}

/**
 * Prices a booking. Refusals: 400 for a choice the catalogue does not offer,
 * 409 `Sorry, <name> (<color>, <feel>) is out of stock` when a sku has too little stock left.
 */
export function priceBooking(input: PricingInput): PricedBooking {
  const byId = new Map(input.skus.map((sku) => [sku.id, sku]));
  if (!input.serviceId) throw invalid("Please choose a core service");
  const service = byId.get(input.serviceId);
  if (!service || service.type === "ADD_ON" || !coreServiceOf(service.name)) throw invalid("Please choose a core service");
  if (!service.isVisible) throw invalid("That service is not available");
  if (!hasStock(service, 1)) throw outOfStock(service);

  const lineItems: LineItem[] = [
    {
      skuId: service.id,
      name: service.name,
      description: joinDetails(service.color, service.feel),
      priceCents: service.unitAmountCents,
      quantity: 1,
      taxable: service.taxable,
    },
  ];

  const addOnIds = input.addOnIds ?? [];
  if (new Set(addOnIds).size !== addOnIds.length) throw invalid("Each add-on can be chosen once");
  const edges = { guard: 0, tape: 0 };
  for (const id of addOnIds) {
    const addOn = byId.get(id);
    if (!addOn || addOn.type !== "ADD_ON" || !addOn.isVisible) throw invalid("That add-on is not available");
    const edge = edgeKind(addOn);
    if (edge && ++edges[edge] > 1) throw invalid(edge === "guard" ? "Only one edge guard at a time" : "Only one edge tape at a time");
    if (isWeight(addOn)) {
      const areas = weightAreasOf(input.weightAreas);
      if (!hasStock(addOn, areas.length)) throw outOfStock(addOn, addOn.stockQuantity ?? 0);
      lineItems.push({
        skuId: addOn.id,
        name: addOn.name,
        description: areas.map((area) => weightAreaLabel[area]).join(", "),
        priceCents: addOn.unitAmountCents,
        quantity: areas.length,
        taxable: addOn.taxable,
      });
      continue;
    }
    if (!hasStock(addOn, 1)) throw outOfStock(addOn);
    lineItems.push({
      skuId: addOn.id,
      name: addOn.name,
      description: joinDetails(addOn.color, addOn.feel),
      priceCents: addOn.unitAmountCents,
      quantity: 1,
      taxable: addOn.taxable,
    });
  }

  const totals = totalsWithPoints(lineItems, { promotion: input.promotion, taxRateBps: input.taxRateBps }, input.points);
  const stockTakes = lineItems.flatMap((line): StockTake[] => {
    const sku = byId.get(line.skuId)!;
    return sku.stockQuantity === null ? [] : [takeOf(sku, line.quantity)];
  });
  return {
    lineItems,
    // subtotalCents, discountAmountCents, pointsDiscountCents, taxCents, totalCents, pointsRedeemed
    ...totals,
    promoCode: input.promotion ? input.promotion.code : undefined,
    taxRateBps: input.taxRateBps,
    stockTakes,
  };
}
