import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import "./zod-messages";
import {
  dollarsToCents,
  PROMOTION_AMOUNT_MIN,
  PROMOTION_CODE_REQUIRED,
  PROMOTION_CODE_TOO_LONG,
  PROMOTION_DISCOUNT_REQUIRED,
  PROMOTION_ONE_DISCOUNT,
  PROMOTION_PERCENTAGE_RANGE,
  PromotionInput,
  promotionFormErrors,
  promotionFormValues,
  promotionFromForm,
} from "./promotions";

describe("the promotion dialog's rules (the server's schema)", () => {
  it("upper-cases and trims the code, defaults the missing number to 0 and a new promotion to active", () => {
    expect(z.parse(PromotionInput, { code: " save10 ", percentage: 10 })).toEqual({ code: "SAVE10", percentage: 10, amountCents: 0, isActive: true });
  });

  it.each([
    [{ code: "", percentage: "10", amount: "" }, { code: PROMOTION_CODE_REQUIRED }],
    [{ code: "A".repeat(21), percentage: "10", amount: "" }, { code: PROMOTION_CODE_TOO_LONG }],
    [{ code: "OK", percentage: "", amount: "" }, { percentage: PROMOTION_DISCOUNT_REQUIRED }],
    [{ code: "OK", percentage: "0", amount: "0.00" }, { percentage: PROMOTION_DISCOUNT_REQUIRED }],
    [{ code: "OK", percentage: "101", amount: "" }, { percentage: PROMOTION_PERCENTAGE_RANGE }],
    [{ code: "OK", percentage: "", amount: "-1" }, { amount: PROMOTION_AMOUNT_MIN }],
    [{ code: "OK", percentage: "", amount: "abc" }, { amount: PROMOTION_AMOUNT_MIN }],
    [{ code: "ok", percentage: "", amount: "5" }, {}],
    [{ code: "ok", percentage: "15", amount: "" }, {}],
    [{ code: "ok", percentage: "15", amount: "5" }, { amount: PROMOTION_ONE_DISCOUNT }],
  ])("%j: %j", (values, errors) => {
    expect(promotionFormErrors(values)).toEqual(errors);
  });

  it("sends dollars as cents, rounded", () => {
    expect(dollarsToCents("12.34")).toBe(1234);
    expect(dollarsToCents("1.005")).toBe(101);
    expect(dollarsToCents("0.1")).toBe(10);
    expect(dollarsToCents("")).toBe(0);
    expect(dollarsToCents("x")).toBeNaN();
    // The product price's rule too (shared/money): a typed dollar sign or thousands comma is read, 0.285 is 29.
    expect(dollarsToCents(" $1,000 ")).toBe(100000);
    expect(dollarsToCents("0.285")).toBe(29);
    expect(promotionFromForm({ code: "A", percentage: "", amount: "5.5" })).toEqual({ code: "A", percentage: 0, amountCents: 550 });
  });

  it("edits a promotion's values back in dollars", () => {
    expect(promotionFormValues({ code: "GRIP5", percentage: 0, amountCents: 500 })).toEqual({ code: "GRIP5", percentage: "", amount: "5.00" });
    expect(promotionFormValues({ code: "W", percentage: 10, amountCents: 0 })).toEqual({ code: "W", percentage: "10", amount: "" });
  });
});
