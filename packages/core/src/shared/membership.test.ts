import { describe, expect, it } from "vitest";
import { coversPaddle, paddleChoiceRefusal, PLAN_TERMS, planPrice, regripsLeft, regripsUsedNow, type AllowanceFacts } from "./membership";

const now = new Date("2026-11-25T12:00:00Z");
const periodEnd = "2026-12-20T00:00:00.000Z";
const single: AllowanceFacts = { plan: "SINGLE_MONTHLY", status: "active", currentPeriodEnd: periodEnd };
const family: AllowanceFacts = { plan: "FAMILY3_MONTHLY", status: "active", currentPeriodEnd: periodEnd };

describe("membership allowance", () => {
  it("prices the plans as the spec shows them", () => {
    expect(planPrice("SINGLE_MONTHLY")).toBe("$25/month");
    expect(planPrice("FAMILY3_MONTHLY")).toBe("$45/month");
    expect(PLAN_TERMS.SINGLE_MONTHLY).toMatchObject({ regripsPerPeriod: 1, paddles: 1 });
    expect(PLAN_TERMS.FAMILY3_MONTHLY).toMatchObject({ regripsPerPeriod: 3, paddles: 3 });
  });

  it("covers the plan's regrips per period, counting only the current period's use", () => {
    expect(regripsLeft(single, now)).toBe(1);
    expect(regripsLeft({ ...single, regripsUsed: 1, usagePeriodEnd: periodEnd }, now)).toBe(0);
    expect(regripsLeft(family, now)).toBe(3);
    expect(regripsLeft({ ...family, regripsUsed: 2, usagePeriodEnd: periodEnd }, now)).toBe(1);
    expect(regripsLeft({ ...family, regripsUsed: 5, usagePeriodEnd: periodEnd }, now)).toBe(0);
  });

  it("starts a new period at zero: unused regrips do not roll over, used ones do not carry", () => {
    const renewed = { ...single, currentPeriodEnd: "2027-01-20T00:00:00.000Z", regripsUsed: 1, usagePeriodEnd: periodEnd };
    expect(regripsUsedNow(renewed)).toBe(0);
    expect(regripsLeft(renewed, now)).toBe(1);
  });

  it("covers nothing past due, canceled, without a period, or once the period's end has passed", () => {
    expect(regripsLeft({ ...single, status: "past_due" }, now)).toBe(0);
    expect(regripsLeft({ ...single, status: "canceled" }, now)).toBe(0);
    expect(regripsLeft({ ...single, currentPeriodEnd: null }, now)).toBe(0);
    expect(regripsLeft(single, new Date(periodEnd))).toBe(0);
    expect(regripsLeft(null, now)).toBe(0);
    expect(regripsLeft({ ...single, status: "trialing" }, now)).toBe(1);
  });

  it("covers a paddle only when it is assigned and a regrip is left", () => {
    const sub = { ...single, assignedPaddleIds: ["p1"] };
    expect(coversPaddle(sub, "p1", now)).toBe(true);
    expect(coversPaddle(sub, "p2", now)).toBe(false);
    expect(coversPaddle({ ...sub, regripsUsed: 1, usagePeriodEnd: periodEnd }, "p1", now)).toBe(false);
    expect(coversPaddle(undefined, "p1", now)).toBe(false);
  });

  it("takes one paddle on the single plan and one to three on the family plan, each once", () => {
    expect(paddleChoiceRefusal("SINGLE_MONTHLY", ["a"])).toBeNull();
    expect(paddleChoiceRefusal("SINGLE_MONTHLY", [])).toBe("Choose the paddle for your plan");
    expect(paddleChoiceRefusal("SINGLE_MONTHLY", ["a", "b"])).toBe("The single plan covers one paddle");
    expect(paddleChoiceRefusal("FAMILY3_MONTHLY", ["a", "b", "c"])).toBeNull();
    expect(paddleChoiceRefusal("FAMILY3_MONTHLY", [])).toBe("Choose 1 to 3 paddles for your plan");
    expect(paddleChoiceRefusal("FAMILY3_MONTHLY", ["a", "b", "c", "d"])).toBe("The family plan covers up to 3 paddles");
    expect(paddleChoiceRefusal("FAMILY3_MONTHLY", ["a", "a"])).toBe("Each paddle can be chosen once");
  });
});
