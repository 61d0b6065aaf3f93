import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  maxRedeemable,
  pointsEarned,
  pointsTakenBack,
  REDEEM_OVER_TOTAL,
  REDEEM_STEP_MESSAGE,
  redeemCents,
  redeemOverBalance,
  redeemRefusal,
  REWARD_WORDS,
} from "./loyalty";
import { ADJUST_POINTS_MESSAGE, ADJUST_REASON_REQUIRED, ADJUST_REASON_TOO_LONG, PointsAdjustment } from "./loyalty-adjust";
import { REDEEM_POINTS_NOT_A_NUMBER, RedeemPoints } from "./loyalty-input";

describe("points per dollar", () => {
  it("earns 1 point per whole dollar paid, the cents left out", () => {
    expect(pointsEarned(5300)).toBe(53);
    expect(pointsEarned(5399)).toBe(53);
    expect(pointsEarned(100)).toBe(1);
  });
  it("earns nothing under a dollar, for nothing paid, or for a negative figure", () => {
    expect(pointsEarned(99)).toBe(0);
    expect(pointsEarned(0)).toBe(0);
    expect(pointsEarned(-500)).toBe(0);
  });
});

describe("proportional take-back", () => {
  it("takes back in proportion to the refund, rounded down", () => {
    // 53 points for $53.00; $10.00 back is 10/53 of it: 10 points.
    expect(pointsTakenBack(53, 5300, 1000)).toBe(10);
    // $26.50 back of $53.00: half of 53 is 26.5, rounded down.
    expect(pointsTakenBack(53, 5300, 2650)).toBe(26);
    // A cent back takes back nothing.
    expect(pointsTakenBack(53, 5300, 1)).toBe(0);
  });
  it("takes back every point for a refund in full (or more)", () => {
    expect(pointsTakenBack(53, 5300, 5300)).toBe(53);
    expect(pointsTakenBack(53, 5399, 5399)).toBe(53);
    expect(pointsTakenBack(53, 5300, 9999)).toBe(53);
  });
  it("is cumulative: the change a second refund makes is the figure after less the figure before", () => {
    const first = pointsTakenBack(53, 5300, 1000);
    const both = pointsTakenBack(53, 5300, 5300);
    expect(first + (both - first)).toBe(53);
    // Two part refunds never take back more than one refund of the same sum.
    expect(pointsTakenBack(53, 5300, 2000)).toBe(20);
  });
  it("takes back nothing when nothing was earned, paid or refunded", () => {
    expect(pointsTakenBack(0, 5300, 5300)).toBe(0);
    expect(pointsTakenBack(53, 0, 100)).toBe(0);
    expect(pointsTakenBack(53, 5300, 0)).toBe(0);
  });
});

describe("redemption", () => {
  it("is worth $10 a step of 100 points", () => {
    expect(redeemCents(100)).toBe(1000);
    expect(redeemCents(300)).toBe(3000);
    expect(redeemCents(150)).toBe(1000);
    expect(REWARD_WORDS).toBe("100 points = $10 off a booking or a shop order");
  });
  it("offers at most the balance and at most what is due, in steps", () => {
    expect(maxRedeemable(250, 5300)).toBe(200);
    expect(maxRedeemable(1000, 2500)).toBe(200);
    expect(maxRedeemable(1000, 999)).toBe(0);
    expect(maxRedeemable(-40, 5300)).toBe(0);
  });
  it("refuses a step that is not 100, more than the balance, or worth more than is due", () => {
    expect(redeemRefusal(0, 0, 0)).toBeNull();
    expect(redeemRefusal(200, 250, 5300)).toBeNull();
    expect(redeemRefusal(200, 200, 2000)).toBeNull();
    expect(redeemRefusal(150, 250, 5300)).toBe(REDEEM_STEP_MESSAGE);
    expect(redeemRefusal(-100, 250, 5300)).toBe(REDEEM_STEP_MESSAGE);
    expect(redeemRefusal(100.5, 250, 5300)).toBe(REDEEM_STEP_MESSAGE);
    expect(redeemRefusal(300, 250, 5300)).toBe(redeemOverBalance(250));
    expect(redeemRefusal(100, -20, 5300)).toBe("You have 0 points to redeem");
    expect(redeemRefusal(300, 1000, 2500)).toBe(REDEEM_OVER_TOTAL);
  });
});

describe("the request fields", () => {
  const redeem = (value: unknown) => z.safeParse(RedeemPoints, value);
  it("reads a missing, null or 0 redeemPoints as none (left out), and a step of 100 as sent", () => {
    for (const none of [undefined, null, 0]) expect(redeem(none)).toEqual({ success: true, data: undefined });
    expect(redeem(300)).toMatchObject({ success: true, data: 300 });
  });
  it.each(["100", true, [100], { points: 100 }])("refuses redeemPoints %s that is not a number", (value) => {
    const parsed = redeem(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(REDEEM_POINTS_NOT_A_NUMBER);
  });
  it.each([150, -100, 100.5, 1e300, Number.MAX_SAFE_INTEGER + 1])("leaves %s to the price, which refuses it with the step's words", (value) => {
    expect(redeem(value)).toEqual({ success: true, data: value });
    expect(redeemRefusal(value, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBe(REDEEM_STEP_MESSAGE);
  });
  it("takes an adjustment of whole points other than 0, with a reason of at most 500 characters", () => {
    const adjust = (value: unknown) => z.safeParse(PointsAdjustment, value);
    expect(adjust({ points: -50, reason: "  Typo on the last order " })).toMatchObject({ success: true, data: { points: -50, reason: "Typo on the last order" } });
    expect(adjust({ points: 0, reason: "x" }).error?.issues[0]?.message).toBe(ADJUST_POINTS_MESSAGE);
    expect(adjust({ points: 1.5, reason: "x" }).error?.issues[0]?.message).toBe(ADJUST_POINTS_MESSAGE);
    expect(adjust({ points: 10, reason: "   " }).error?.issues[0]?.message).toBe(ADJUST_REASON_REQUIRED);
    expect(adjust({ points: 10 }).error?.issues[0]?.message).toBe(ADJUST_REASON_REQUIRED);
    expect(adjust({ points: 10, reason: "x".repeat(501) }).error?.issues[0]?.message).toBe(ADJUST_REASON_TOO_LONG);
    expect(adjust({ points: 10, reason: "x".repeat(500) }).success).toBe(true);
  });
});
