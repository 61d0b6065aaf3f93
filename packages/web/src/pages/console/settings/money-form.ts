/**
 * The Money settings page's form: the rates typed as percentages ("7.25"), the limit as a whole percentage, turned
 * into the PUT body and checked with the route's own schema (shared/money-settings.ts `MoneySettingsInput`).
 */
import {
  bpsToPercentText,
  MoneySettingsInput,
  percentToBps,
  TAX_LOCATIONS,
  TAX_RATE_TYPED_INVALID,
  DISCOUNT_LIMIT_INVALID,
  type MoneySettings,
  type TaxLocation,
} from "@regrip/core/shared/money-settings";
import { FLOAT_INVALID } from "@regrip/core/shared/drawer";
import { BOOKABLE_LOCATIONS, type BookableLocation } from "@regrip/core/shared/location-names";
import { dollarsToCents, hasSubCents } from "@regrip/core/shared/money";

/** A shop's drawer float field: `float:LITTLETON`. */
export type FloatField = `float:${BookableLocation}`;
export type MoneyField = TaxLocation | "employeeDiscountLimitPercent" | FloatField;
export const floatField = (place: BookableLocation): FloatField => `float:${place}`;
export type MoneyFormValues = Record<MoneyField, string>;

export function moneyFormValues(settings: MoneySettings): MoneyFormValues {
  return {
    LITTLETON: bpsToPercentText(settings.taxRateBps.LITTLETON),
    HIGHLANDS_RANCH: bpsToPercentText(settings.taxRateBps.HIGHLANDS_RANCH),
    ONSITE: bpsToPercentText(settings.taxRateBps.ONSITE),
    employeeDiscountLimitPercent: String(settings.employeeDiscountLimitPercent),
    "float:LITTLETON": (settings.drawerFloatCents.LITTLETON / 100).toFixed(2),
    "float:HIGHLANDS_RANCH": (settings.drawerFloatCents.HIGHLANDS_RANCH / 100).toFixed(2),
  };
}

/** The body to send, or the message under each field that is wrong. */
export function moneyFromForm(values: MoneyFormValues): { body: MoneySettings; errors: {} } | { body: null; errors: Partial<Record<MoneyField, string>> } {
  const errors: Partial<Record<MoneyField, string>> = {};
  const taxRateBps = {} as Record<TaxLocation, number>;
  for (const place of TAX_LOCATIONS) {
    const bps = percentToBps(values[place]);
    if (bps === null) errors[place] = TAX_RATE_TYPED_INVALID;
    else taxRateBps[place] = bps;
  }
  const limitText = values.employeeDiscountLimitPercent.trim();
  const limit = /^\d+$/.test(limitText) ? Number(limitText) : NaN;
  if (Number.isNaN(limit)) errors.employeeDiscountLimitPercent = DISCOUNT_LIMIT_INVALID;
  const drawerFloatCents = {} as Record<BookableLocation, number>;
  for (const place of BOOKABLE_LOCATIONS) {
    const typed = values[floatField(place)];
    const cents = dollarsToCents(typed);
    if (Number.isNaN(cents) || hasSubCents(typed) || cents < 0) errors[floatField(place)] = FLOAT_INVALID;
    else drawerFloatCents[place] = cents;
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const body = { taxRateBps, employeeDiscountLimitPercent: limit, drawerFloatCents };
  const checked = MoneySettingsInput.safeParse(body);
  if (checked.success) return { body, errors: {} };
  for (const issue of checked.error.issues) {
    const field = (issue.path[0] === "taxRateBps" ? issue.path[1] : issue.path[0] === "drawerFloatCents" ? `float:${String(issue.path[1])}` : issue.path[0]) as MoneyField;
    errors[field] ??= issue.message;
  }
  return { body: null, errors };
}
