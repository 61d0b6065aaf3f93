/**
 * The quick sale (docs/api-staff.md): the three services, the staff discount
 * in dollars, the live total never below 0, and the booking request the server parses. Browser-safe, zod/mini.
 * Each service is a product found by its code (`QS-*`) and priced by the catalogue, which an admin can
 * change: the server charges that price and the wizard shows it (GET /api/storefront/products' `quickSale`).
 */
import * as z from "zod/mini";
import { CounterShop } from "./counter-shop";
import { OptionalBagNumber } from "./bag-input";
import { CUSTOMER_NOT_FOUND } from "./customers";
import { boundedId } from "./ids";
import { PhoneConfirmedInput, SalePaddle, SalePaddleId, SalePaymentInput } from "./counter-sale";
import { orderTotals, type OrderTotals } from "./totals";

/** `cents`: the price the starter catalogue gives each item (infra/starter-catalogue.ts), never shown as a price. */
export const QUICK_SALE_SERVICES = [
  { id: "regrip", code: "QS-REGRIP", label: "Standard Regrip", cents: 4500 },
  { id: "edge_guard", code: "QS-EDGE-GUARD", label: "Edge Guard", cents: 1500 },
  { id: "overgrip", code: "QS-OVERGRIP", label: "Overgrip", cents: 800 },
] as const;
export type QuickSaleService = (typeof QUICK_SALE_SERVICES)[number]["id"];
export const QUICK_SALE_SERVICE_IDS = QUICK_SALE_SERVICES.map((s) => s.id) as [QuickSaleService, ...QuickSaleService[]];

export const SELECT_A_SERVICE = "Please select at least one service";
export const DISCOUNT_AT_LEAST_0 = "Discount must be at least 0";

/** Dollars (at most 2 decimals) to cents, rounded; NaN and negatives are not a discount. */
export function discountDollarsToCents(amount: number): number {
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) : 0;
}

/** What each service costs now: its product's price in cents; a service whose item is missing has none. */
export type QuickSalePrices = Partial<Record<QuickSaleService, number>>;

/** The services' prices among `skus`, each item found by its code as the server's quick sale finds it. */
export function quickSalePrices(skus: readonly { code: string; unitAmountCents: number }[]): QuickSalePrices {
  const prices: QuickSalePrices = {};
  for (const service of QUICK_SALE_SERVICES) {
    const sku = skus.find((item) => item.code.toUpperCase() === service.code);
    if (sku) prices[service.id] = sku.unitAmountCents;
  }
  return prices;
}

/** The services whose items are goods (taxable) among `skus`, found by code as `quickSalePrices` finds them. */
export function quickSaleTaxable(skus: readonly { code: string; taxable: boolean }[]): QuickSaleService[] {
  return QUICK_SALE_SERVICES.filter((service) => skus.some((item) => item.code.toUpperCase() === service.code && item.taxable)).map((service) => service.id);
}

/** The sales tax a quick sale's preview adds: the counter's shop's rate on the taxable services. */
export interface QuickSaleTax {
  taxRateBps: number;
  taxable: readonly QuickSaleService[];
}

/**
 * The live totals: the chosen services at the catalogue's prices less the discount, never below 0, then the sales
 * tax of the counter's shop on the goods. With `regripCovered` (a paddle assigned to the customer's membership, a
 * regrip left) the core regrip is at $0, as the server prices it, and the staff discount applies to what is left.
 */
export function quickSaleTotals(
  services: readonly QuickSaleService[],
  prices: QuickSalePrices,
  discountDollars: number,
  regripCovered = false,
  tax: QuickSaleTax = { taxRateBps: 0, taxable: [] },
): OrderTotals {
  const lines = QUICK_SALE_SERVICES.flatMap((service) => {
    const priceCents = prices[service.id];
    if (!services.includes(service.id) || priceCents === undefined) return [];
    return [{ priceCents: regripCovered && service.id === "regrip" ? 0 : priceCents, quantity: 1, taxable: tax.taxable.includes(service.id) }];
  });
  return orderTotals(lines, { staffCents: discountDollarsToCents(discountDollars), taxRateBps: tax.taxRateBps });
}

const text = (max: number, label: string) =>
  z.optional(z.nullable(z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))));

/** A staff discount in dollars: at least 0, whole cents (the wizard checks the field with this as it is typed). */
export const DiscountDollars = z.number({ error: DISCOUNT_AT_LEAST_0 }).check(
  z.minimum(0, DISCOUNT_AT_LEAST_0),
  z.maximum(100_000, "Discount is too large"),
  z.refine((n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "Discount can have at most 2 decimals"),
);

/**
 * The quick-sale form of POST /api/book-service; `total` and `staffId` are accepted and ignored. `bagNumber`: the
 * bag the paddle goes in (a bag's code); blank or absent, the server assigns the lowest free active bag.
 */
export const QuickSaleBooking = z.object({
  customerId: boundedId(CUSTOMER_NOT_FOUND),
  paddle: SalePaddle,
  bagNumber: OptionalBagNumber,
  /**
   * A paddle of the customer's already on file: the sale is for it, no new paddle is made (`paddle` is
   * then ignored), and a membership covering it applies to the core regrip. Absent: a new paddle from `paddle`.
   */
  paddleId: SalePaddleId,
  /** How the customer pays (shared/counter-sale.ts): "counter" needs no verified phone; "link" (the default) a confirmed one. */
  payment: SalePaymentInput,
  /** The employee confirmed the phone number with the customer: a payment link may be texted to it. */
  phoneConfirmed: PhoneConfirmedInput,
  /** The shop whose counter sells (its sales tax rate); the default shop when absent. */
  shop: CounterShop,
  services: z
    .array(z.enum(QUICK_SALE_SERVICE_IDS, { error: SELECT_A_SERVICE }), { error: SELECT_A_SERVICE })
    .check(z.minLength(1, SELECT_A_SERVICE), z.maxLength(QUICK_SALE_SERVICES.length, SELECT_A_SERVICE)),
  discount: z.optional(
    z.nullable(
      z.object({
        amount: DiscountDollars,
        notes: text(500, "Discount notes"),
      }),
    ),
  ),
  total: z.optional(z.unknown()),
  staffId: z.optional(z.unknown()),
});
export type QuickSaleBooking = z.output<typeof QuickSaleBooking>;
