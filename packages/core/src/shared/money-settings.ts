/**
 * The shop's money settings (GET/PUT /api/admin/settings/money, the console's Money settings page): the sales tax
 * rate of each place an order is taxed at, and how much of a counter sale's subtotal an employee may take off.
 * Browser-safe, zod/mini: the page checks with the schema the route parses with, every message word for word.
 */
import * as z from "zod/mini";
import { TAX_LOCATIONS, taxLocationOf, type TaxLocation } from "./tax-location";
import type { BookableLocation } from "./location-names";

export { TAX_LOCATIONS, taxLocationOf, type TaxLocation };

export const TAX_LOCATION_LABELS: Record<TaxLocation, string> = {
  LITTLETON: "Littleton",
  HIGHLANDS_RANCH: "Highlands Ranch",
  ONSITE: "Onsite days and deliveries",
};

/** The float a shop's cash drawer opens with until an admin sets one (shared/drawer.ts reads these). */
export const DEFAULT_DRAWER_FLOAT_CENTS = 10_000;
/** The most a float, a count or a drawer movement may be: a typing slip beyond it. */
export const MAX_DRAWER_CENTS = 1_000_000;
export const FLOAT_INVALID = "The starting cash must be a whole number of cents from $0.00 to $10,000.00";

/** A rate is at most 20 % (2,000 basis points): no US sales tax comes near it, so more is a typing slip. */
export const MAX_TAX_RATE_BPS = 2_000;
/** An employee's discount at the counter is at most this share of the subtotal until an admin changes it. */
export const DEFAULT_EMPLOYEE_DISCOUNT_LIMIT_PERCENT = 20;

export interface MoneySettings {
  /** Sales tax per place, in basis points (725 = 7.25 %). Every rate starts at 0 until an admin sets it. */
  taxRateBps: Record<TaxLocation, number>;
  /** The most an employee may take off a counter sale, as a percentage of its subtotal (admins have no limit). */
  employeeDiscountLimitPercent: number;
  /** The float each shop's cash drawer opens with, in cents (the Drawer page prefills it; shared/drawer.ts). */
  drawerFloatCents: Record<BookableLocation, number>;
}

/** The console's Money settings page (an audit entry of the settings links to it). */
export const MONEY_SETTINGS_PAGE_PATH = "/admin/settings/money";

/**
 * A rate as an admin types it, a percentage ("7.25", "8"), in basis points; null when it is not a number from 0
 * with at most 2 decimals (the schema then says what range it must be in).
 */
export function percentToBps(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Basis points as the Money settings page's field shows them: 725 → "7.25", 800 → "8". */
export const bpsToPercentText = (bps: number): string => String(Number((bps / 100).toFixed(2)));

/** What the page says under a rate that is not a percentage with at most 2 decimals. */
export const TAX_RATE_TYPED_INVALID = "Type the rate as a percentage with at most 2 decimals, e.g. 7.25";

export const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  taxRateBps: { LITTLETON: 0, HIGHLANDS_RANCH: 0, ONSITE: 0 },
  employeeDiscountLimitPercent: DEFAULT_EMPLOYEE_DISCOUNT_LIMIT_PERCENT,
  drawerFloatCents: { LITTLETON: DEFAULT_DRAWER_FLOAT_CENTS, HIGHLANDS_RANCH: DEFAULT_DRAWER_FLOAT_CENTS },
};

export const TAX_RATE_INVALID = "Each tax rate must be a whole number of basis points from 0 to 2000 (0 % to 20 %)";
export const DISCOUNT_LIMIT_INVALID = "The employee discount limit must be a whole percentage from 0 to 100";

const rate = /* @__PURE__ */ z.number(TAX_RATE_INVALID).check(z.int(TAX_RATE_INVALID), z.minimum(0, TAX_RATE_INVALID), z.maximum(MAX_TAX_RATE_BPS, TAX_RATE_INVALID));

const float = /* @__PURE__ */ z.number(FLOAT_INVALID).check(z.int(FLOAT_INVALID), z.minimum(0, FLOAT_INVALID), z.maximum(MAX_DRAWER_CENTS, FLOAT_INVALID));

/** PUT /api/admin/settings/money's body: the whole settings, as GET answers them (without the floats: they stay as they are). */
export const MoneySettingsInput = /* @__PURE__ */ z.object({
  taxRateBps: z.object({ LITTLETON: rate, HIGHLANDS_RANCH: rate, ONSITE: rate }),
  employeeDiscountLimitPercent: z
    .number(DISCOUNT_LIMIT_INVALID)
    .check(z.int(DISCOUNT_LIMIT_INVALID), z.minimum(0, DISCOUNT_LIMIT_INVALID), z.maximum(100, DISCOUNT_LIMIT_INVALID)),
  drawerFloatCents: z.optional(z.object({ LITTLETON: float, HIGHLANDS_RANCH: float })),
});

/** A rate in basis points as people read it: 725 → "7.25%", 800 → "8%". */
export const ratePercentText = (bps: number): string => `${Number((bps / 100).toFixed(2))}%`;

/** The most an employee may take off `subtotalCents` (rounded down to the cent). */
export const employeeDiscountLimitCents = (subtotalCents: number, limitPercent: number): number =>
  Math.floor((subtotalCents * limitPercent) / 100);

/** The 403 an employee's discount over the limit gets, naming the limit. */
export const discountOverLimit = (limitPercent: number, subtotalCents: number): string =>
  `An employee's discount is at most ${limitPercent}% of the subtotal ($${(employeeDiscountLimitCents(subtotalCents, limitPercent) / 100).toFixed(2)} here). Ask an admin for more.`;

/** The 403 an employee gets for a discount that leaves nothing to pay: a comp is an admin's. */
export const ZERO_TOTAL_IS_COMP = "A discount that leaves nothing to pay is a comp, which only an admin can give";

/** An admin's comp at the counter (a discount that leaves nothing to pay) names why, in the discount notes. */
export const COMP_NEEDS_REASON = "A comp needs a reason: say why in the discount notes";
