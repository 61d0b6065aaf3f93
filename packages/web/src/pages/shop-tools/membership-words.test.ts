import { describe, expect, it } from "vitest";
import { entryWhat, hasLivePlan, PAST_DUE_NOTE, regripsLeftWords, signedPoints, subscriptionStatus } from "./membership-words";

const view = { plan: "FAMILY3_MONTHLY" as const, status: "active", assignedPaddleIds: ["a"], currentPeriodEnd: "2026-12-20T12:00:00.000Z", regripsLeft: 1, cancelAtPeriodEnd: false };

describe("membership words", () => {
  it("names the status: Active, Past due with its note, Canceling at period end", () => {
    expect(subscriptionStatus(view)).toEqual({ label: "Active", tone: "success" });
    expect(subscriptionStatus({ ...view, status: "past_due" })).toEqual({ label: "Past due", tone: "warning", note: PAST_DUE_NOTE });
    expect(subscriptionStatus({ ...view, cancelAtPeriodEnd: true })).toMatchObject({ label: "Canceling at period end", note: "Your plan ends on Dec 20, 2026 and will not renew." });
    expect(subscriptionStatus({ ...view, plan: null, status: "none" }).label).toBe("No plan");
    expect(subscriptionStatus({ ...view, status: "incomplete_expired" }).label).toBe("Incomplete expired");
  });

  it("tells a live plan (active, trialing, past due) from none or an ended one", () => {
    expect(hasLivePlan(view)).toBe(true);
    expect(hasLivePlan({ ...view, status: "past_due" })).toBe(true);
    expect(hasLivePlan({ ...view, status: "canceled" })).toBe(false);
    expect(hasLivePlan({ ...view, plan: null, status: "none" })).toBe(false);
    expect(hasLivePlan(undefined)).toBe(false);
    expect(regripsLeftWords(view)).toBe("1 of 3 left");
  });

  it("says what each points entry was, points signed", () => {
    const order = "01JD0000000000000000ABC123";
    // The order by its number, as every page names it.
    const number = "R-1042";
    expect(entryWhat({ type: "earn", orderId: order, orderNumber: number, reason: null })).toBe("Earned on order R-1042");
    expect(entryWhat({ type: "redeem", orderId: order, orderNumber: number, reason: null })).toBe("Redeemed on order R-1042");
    expect(entryWhat({ type: "return", orderId: order, orderNumber: number, reason: null })).toBe("Returned from canceled order R-1042");
    expect(entryWhat({ type: "takeback", orderId: order, orderNumber: number, reason: null })).toBe("Taken back by a refund on order R-1042");
    // An entry written before orders had numbers: the id's end, as the order was named then.
    expect(entryWhat({ type: "earn", orderId: order, orderNumber: null, reason: null })).toBe("Earned on order ABC123");
    expect(entryWhat({ type: "adjust", orderId: null, orderNumber: null, reason: "Welcome gift" })).toBe("Adjusted by the shop: Welcome gift");
    expect([signedPoints(25), signedPoints(-100), signedPoints(0)]).toEqual(["+25", "-100", "0"]);
  });
});
