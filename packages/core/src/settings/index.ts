/**
 * The shop's money settings (shared/money-settings.ts): read by every order's pricing (the tax rate of its place)
 * and by the counter's discount check, and the float each shop's cash drawer opens with (drawers/); written by an admin (GET/PUT /api/admin/settings/money) with an audit entry
 * naming each change. One item, `settings#money`; never written reads as the defaults (every rate 0, the limit 20 %).
 */
import { fn, NoInput } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { writeLabelled } from "../db/labelled";
import { DEFAULT_MONEY_SETTINGS, MoneySettingsInput, TAX_LOCATIONS, type MoneySettings, type TaxLocation } from "../shared/money-settings";
import { BOOKABLE_LOCATIONS, type BookableLocation } from "../shared/location-names";

export * as Settings from "./index";
export { MoneySettingsInput, type MoneySettings, type TaxLocation };

/** The money settings as stored, each missing value its default. */
export async function moneySettings(): Promise<MoneySettings> {
  const { data } = await db().entities.shopSettings.get({ name: "money" }).go();
  const rates = data?.taxRateBps ?? {};
  return {
    taxRateBps: Object.fromEntries(TAX_LOCATIONS.map((place) => [place, rates[place] ?? DEFAULT_MONEY_SETTINGS.taxRateBps[place]])) as Record<TaxLocation, number>,
    employeeDiscountLimitPercent: data?.employeeDiscountLimitPercent ?? DEFAULT_MONEY_SETTINGS.employeeDiscountLimitPercent,
    drawerFloatCents: Object.fromEntries(
      BOOKABLE_LOCATIONS.map((place) => [place, data?.drawerFloatCents?.[place] ?? DEFAULT_MONEY_SETTINGS.drawerFloatCents[place]]),
    ) as Record<BookableLocation, number>,
  };
}

/** The tax rate of `place` now, in basis points. */
export async function taxRateAt(place: TaxLocation): Promise<number> {
  return (await moneySettings()).taxRateBps[place];
}

/** GET /api/admin/settings/money. */
export const readMoney = /* @__PURE__ */ fn({ role: "admin", input: NoInput }, async (): Promise<MoneySettings> => moneySettings());

/**
 * GET /api/settings/money: the same settings for the counter (an employee cannot read the admin's route): the
 * storefront and the quick sale preview the tax, and the quick sale shows the employee's discount limit before
 * the server refuses a discount over it.
 */
export const readMoneyForCounter = /* @__PURE__ */ fn({ role: "staff", input: NoInput }, async (): Promise<MoneySettings> => moneySettings());

/**
 * PUT /api/admin/settings/money: the whole settings, saved with an audit entry (`settings.money_changed`, each
 * changed value from and to). A save that changes nothing writes nothing.
 */
export const updateMoney = /* @__PURE__ */ fn({ role: "admin", input: MoneySettingsInput }, async (actor, input): Promise<MoneySettings> => {
  const before = await moneySettings();
  const diff: Record<string, { from: number; to: number }> = {};
  for (const place of TAX_LOCATIONS) {
    if (before.taxRateBps[place] !== input.taxRateBps[place]) diff[`taxRateBps.${place}`] = { from: before.taxRateBps[place], to: input.taxRateBps[place] };
  }
  if (before.employeeDiscountLimitPercent !== input.employeeDiscountLimitPercent) {
    diff.employeeDiscountLimitPercent = { from: before.employeeDiscountLimitPercent, to: input.employeeDiscountLimitPercent };
  }
  const floats = input.drawerFloatCents ?? before.drawerFloatCents;
  for (const place of BOOKABLE_LOCATIONS) {
    if (before.drawerFloatCents[place] !== floats[place]) diff[`drawerFloatCents.${place}`] = { from: before.drawerFloatCents[place], to: floats[place] };
  }
  if (Object.keys(diff).length === 0) return before;
  const at = new Date().toISOString();
  const outcome = await writeLabelled((entities) => [
    {
      label: "settings",
      write: entities.shopSettings
        .put({ name: "money", taxRateBps: input.taxRateBps, employeeDiscountLimitPercent: input.employeeDiscountLimitPercent, drawerFloatCents: floats, createdAt: at, updatedAt: at })
        .commit(),
    },
    {
      label: "audit",
      write: entities.auditLog.create(auditEntry({ actor, action: "settings.money_changed", targetType: "settings", targetId: "money", diff })).commit(),
    },
  ]);
  if (!outcome.committed) throw new Error(`Saving the money settings was cancelled: ${JSON.stringify(outcome.codes)}`);
  return moneySettings();
});
