import { DEFAULT_MONEY_SETTINGS, DISCOUNT_LIMIT_INVALID, TAX_RATE_INVALID, TAX_RATE_TYPED_INVALID } from "@regrip/core/shared/money-settings";
import { describe, expect, it } from "vitest";
import { FLOAT_INVALID } from "@regrip/core/shared/drawer";
import { moneyFormValues, moneyFromForm } from "./money-form";

const typed = { LITTLETON: "7.25", HIGHLANDS_RANCH: "8", ONSITE: "0", employeeDiscountLimitPercent: "20", "float:LITTLETON": "100.00", "float:HIGHLANDS_RANCH": "150" };
const floats = { LITTLETON: 10_000, HIGHLANDS_RANCH: 15_000 };

describe("the Money settings form", () => {
  it("turns percentages into basis points, and shows basis points as percentages", () => {
    expect(moneyFromForm(typed)).toEqual({ body: { taxRateBps: { LITTLETON: 725, HIGHLANDS_RANCH: 800, ONSITE: 0 }, employeeDiscountLimitPercent: 20, drawerFloatCents: floats }, errors: {} });
    expect(moneyFormValues({ taxRateBps: { LITTLETON: 725, HIGHLANDS_RANCH: 800, ONSITE: 5 }, employeeDiscountLimitPercent: 15, drawerFloatCents: floats })).toEqual({
      LITTLETON: "7.25",
      HIGHLANDS_RANCH: "8",
      ONSITE: "0.05",
      employeeDiscountLimitPercent: "15",
      "float:LITTLETON": "100.00",
      "float:HIGHLANDS_RANCH": "150.00",
    });
    expect(moneyFromForm(moneyFormValues(DEFAULT_MONEY_SETTINGS)).body).toEqual(DEFAULT_MONEY_SETTINGS);
  });

  it("refuses more than 2 decimals, words, a rate over 20 % and a limit over 100, each under its field", () => {
    expect(moneyFromForm({ ...typed, LITTLETON: "7.255" }).errors).toEqual({ LITTLETON: TAX_RATE_TYPED_INVALID });
    expect(moneyFromForm({ ...typed, ONSITE: "seven" }).errors).toEqual({ ONSITE: TAX_RATE_TYPED_INVALID });
    expect(moneyFromForm({ ...typed, HIGHLANDS_RANCH: "25" }).errors).toEqual({ HIGHLANDS_RANCH: TAX_RATE_INVALID });
    expect(moneyFromForm({ ...typed, employeeDiscountLimitPercent: "120" }).errors).toEqual({ employeeDiscountLimitPercent: DISCOUNT_LIMIT_INVALID });
    expect(moneyFromForm({ ...typed, employeeDiscountLimitPercent: "12.5" }).errors).toEqual({ employeeDiscountLimitPercent: DISCOUNT_LIMIT_INVALID });
    expect(moneyFromForm({ ...typed, "float:LITTLETON": "ten" }).errors).toEqual({ "float:LITTLETON": FLOAT_INVALID });
    expect(moneyFromForm({ ...typed, "float:HIGHLANDS_RANCH": "100000.01" }).errors).toEqual({ "float:HIGHLANDS_RANCH": FLOAT_INVALID });
  });
});
