import { describe, expect, it } from "vitest";
import { discountCents, normalizePromoCode, promoSummary } from "./promo";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("normalizePromoCode", () => {
  it("trims and upper-cases", () => expect(normalizePromoCode("  welcome10 ")).toBe("WELCOME10"));
  it("leaves nothing of blanks", () => expect(normalizePromoCode("   ")).toBe(""));
});

describe("discountCents as the pages preview it", () => {
  const welcome = { code: "WELCOME10", percentage: 10, amountCents: 0 };
  const grip5 = { code: "GRIP5", percentage: 0, amountCents: 500 };
  it("takes a percentage of the subtotal", () => expect(discountCents(6700, welcome)).toBe(670));
  it("rounds half a cent up, as the server prices it", () => expect(discountCents(1005, welcome)).toBe(101));
  it("takes a fixed amount", () => expect(discountCents(6700, grip5)).toBe(500));
  it("caps a fixed amount at the subtotal, so the total never goes below 0", () => expect(discountCents(300, grip5)).toBe(300));
  it("is 0 without a promotion or a subtotal", () => {
    expect(discountCents(6700, null)).toBe(0);
    expect(discountCents(0, welcome)).toBe(0);
  });
  it("describes the code", () => {
    expect(promoSummary(welcome, dollars)).toBe("10% off");
    expect(promoSummary(grip5, dollars)).toBe("$5.00 off");
  });
});
