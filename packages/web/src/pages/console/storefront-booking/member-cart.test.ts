import { describe, expect, it } from "vitest";
import { coveredLineId, memberCartTotals, usableCartPoints } from "./member-cart";

const items = [
  { id: "tape", name: "Edge Tape", price: 1000, quantity: 1 },
  { id: "grip", name: "Premium Regrip", price: 5500, quantity: 2 },
];
const categoryOf = (id: string) => (id === "grip" ? "BASE_GRIP" : "EDGE");
const member = { plan: "SINGLE_MONTHLY" as const, status: "active", regripsLeft: 1, assignedPaddleIds: ["p1"], assignedPaddles: [] };

describe("a member's storefront cart", () => {
  it("covers one unit of the first core service for a member with a regrip left", () => {
    expect(coveredLineId(items, categoryOf, member)).toBe("grip");
    expect(coveredLineId(items, categoryOf, { ...member, regripsLeft: 0 })).toBeUndefined();
    expect(coveredLineId(items, categoryOf, { ...member, status: "past_due" })).toBeUndefined();
    expect(coveredLineId(items, categoryOf, null)).toBeUndefined();
    expect(coveredLineId([items[0]], categoryOf, member)).toBeUndefined();
  });

  it("prices the covered unit at $0, then the promotion, then the points", () => {
    expect(memberCartTotals(items, undefined, "grip").totalCents).toBe(6500);
    expect(memberCartTotals(items, undefined, undefined).totalCents).toBe(12000);
    expect(memberCartTotals(items, { code: "TEN", percentage: 10, amountCents: 0 }, "grip", 200)).toEqual({
      subtotalCents: 6500,
      discountAmountCents: 650,
      pointsDiscountCents: 2000,
      taxCents: 0,
      totalCents: 3850,
    });
    expect(usableCartPoints(500, 340, 6500)).toBe(300);
    expect(usableCartPoints(100, 340, 900)).toBe(0);
  });
});
