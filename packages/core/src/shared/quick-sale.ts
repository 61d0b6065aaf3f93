/**
 * The quick sale (staff-and-admin-side §2, §4, §5, §9; docs/api-staff.md): the three services and their prices as
 * the wizard shows them, the staff discount in dollars, the live total never below 0, and the booking request the
 * server parses. Browser-safe, zod/mini. The server prices from the catalogue items (`QS-*` codes), which an admin
 * can change; these prices are the wizard's preview and the seed.
 */
import * as z from "zod/mini";
import { ID_PATTERN, MAX_ID_LENGTH } from "./ids";

export const QUICK_SALE_SERVICES = [
  { id: "regrip", code: "QS-REGRIP", label: "Standard Regrip", cents: 4500 },
  { id: "edge_guard", code: "QS-EDGE-GUARD", label: "Edge Guard", cents: 1500 },
  { id: "overgrip", code: "QS-OVERGRIP", label: "Overgrip", cents: 800 },
] as const;
export type QuickSaleService = (typeof QUICK_SALE_SERVICES)[number]["id"];
export const QUICK_SALE_SERVICE_IDS = QUICK_SALE_SERVICES.map((s) => s.id) as [QuickSaleService, ...QuickSaleService[]];

export const SELECT_A_SERVICE = "Please select at least one service";
export const NICKNAME_REQUIRED = "Nickname is required";
export const DISCOUNT_AT_LEAST_0 = "Discount must be at least 0";
export const PHONE_VERIFICATION_REQUIRED = "Phone number verification required";

/** Dollars (at most 2 decimals) to cents, rounded; NaN and negatives are not a discount. */
export function discountDollarsToCents(amount: number): number {
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) : 0;
}

export function quickSaleSubtotalCents(services: readonly QuickSaleService[], prices: Partial<Record<QuickSaleService, number>> = {}): number {
  return QUICK_SALE_SERVICES.filter((s) => services.includes(s.id)).reduce((sum, s) => sum + (prices[s.id] ?? s.cents), 0);
}

/** The live total: the services less the discount, never below 0 (§5). */
export function quickSaleTotalCents(services: readonly QuickSaleService[], discountDollars: number, prices?: Partial<Record<QuickSaleService, number>>): number {
  return Math.max(0, quickSaleSubtotalCents(services, prices) - discountDollarsToCents(discountDollars));
}

const text = (max: number, label: string) =>
  z.optional(z.nullable(z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))));

/** The quick-sale form of POST /api/book-service; `total` and `staffId` are accepted and ignored. */
export const QuickSaleBooking = z.object({
  customerId: z.string({ error: "Customer not found" }).check(z.maxLength(MAX_ID_LENGTH, "Customer not found"), z.regex(ID_PATTERN, "Customer not found")),
  paddle: z.object(
    {
      nickname: z.string({ error: NICKNAME_REQUIRED }).check(z.trim(), z.minLength(1, NICKNAME_REQUIRED), z.maxLength(60, "Nickname must be at most 60 characters")),
      brand: text(60, "Brand"),
      model: text(60, "Model"),
    },
    { error: NICKNAME_REQUIRED },
  ),
  services: z
    .array(z.enum(QUICK_SALE_SERVICE_IDS, { error: SELECT_A_SERVICE }), { error: SELECT_A_SERVICE })
    .check(z.minLength(1, SELECT_A_SERVICE), z.maxLength(QUICK_SALE_SERVICES.length, SELECT_A_SERVICE)),
  discount: z.optional(
    z.nullable(
      z.object({
        amount: z.number({ error: DISCOUNT_AT_LEAST_0 }).check(
          z.minimum(0, DISCOUNT_AT_LEAST_0),
          z.maximum(100_000, "Discount is too large"),
          z.refine((n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "Discount can have at most 2 decimals"),
        ),
        notes: text(500, "Discount notes"),
      }),
    ),
  ),
  total: z.optional(z.unknown()),
  staffId: z.optional(z.unknown()),
});
export type QuickSaleBooking = z.output<typeof QuickSaleBooking>;
