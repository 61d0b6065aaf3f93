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

export type MoneyField = TaxLocation | "employeeDiscountLimitPercent";
export type MoneyFormValues = Record<MoneyField, string>;

export function moneyFormValues(settings: MoneySettings): MoneyFormValues {
  return {
    LITTLETON: bpsToPercentText(settings.taxRateBps.LITTLETON),
    HIGHLANDS_RANCH: bpsToPercentText(settings.taxRateBps.HIGHLANDS_RANCH),
    ONSITE: bpsToPercentText(settings.taxRateBps.ONSITE),
    employeeDiscountLimitPercent: String(settings.employeeDiscountLimitPercent),
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
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const body = { taxRateBps, employeeDiscountLimitPercent: limit };
  const checked = MoneySettingsInput.safeParse(body);
  if (checked.success) return { body, errors: {} };
  for (const issue of checked.error.issues) {
    const field = (issue.path[0] === "taxRateBps" ? issue.path[1] : issue.path[0]) as MoneyField;
    errors[field] ??= issue.message;
  }
  return { body: null, errors };
}
