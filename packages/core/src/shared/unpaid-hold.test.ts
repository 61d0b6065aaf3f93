import { describe, expect, it } from "vitest";
import { checkoutExpiresAt, holdEndsAt, isHoldExpired, isOnHold, UNPAID_HOLD_MINUTES, type HeldOrder } from "./unpaid-hold";

const created = "2026-05-01T12:00:00.000Z";
const minutes = (n: number) => new Date(Date.parse(created) + n * 60_000);
const order = (fields: Partial<HeldOrder> = {}): HeldOrder => ({
  status: "INVOICED",
  paymentStatus: "unpaid",
  createdAt: created,
  statusHistory: [{ to: "INVOICED" }],
  ...fields,
});

describe("the unpaid hold", () => {
  it("lasts an hour from booking", () => {
    expect(UNPAID_HOLD_MINUTES).toBe(60);
    expect(holdEndsAt(created).toISOString()).toBe("2026-05-01T13:00:00.000Z");
  });

  it("ends for an unpaid order awaiting payment since it was booked, at the hour and not before", () => {
    expect(isHoldExpired(order(), minutes(59.99))).toBe(false);
    expect(isHoldExpired(order(), minutes(60))).toBe(true);
    expect(isHoldExpired(order({ status: "WAITING_ON_PAYMENT", statusHistory: [{ to: "WAITING_ON_PAYMENT" }] }), minutes(61))).toBe(true);
  });

  it("never ends for a paid, comp or refunded order, nor one in another stage", () => {
    for (const paymentStatus of ["paid", "comp", "refunded"] as const) expect(isHoldExpired(order({ paymentStatus }), minutes(600))).toBe(false);
    for (const status of ["SCHEDULED", "IN_QUEUE", "CANCELED", "PICKED_UP"]) expect(isHoldExpired(order({ status }), minutes(600))).toBe(false);
  });

  it("is not for an order staff moved on and rolled back to invoiced: the shop has the paddle", () => {
    const rolledBack = order({ statusHistory: [{ to: "INVOICED" }, { to: "IN_QUEUE" }, { to: "INVOICED" }] });
    expect(isOnHold(rolledBack)).toBe(false);
    expect(isHoldExpired(rolledBack, minutes(600))).toBe(false);
  });
});

describe("a checkout's expiry", () => {
  it("is the hold's end when that is 30 minutes or more away", () => {
    expect(checkoutExpiresAt(order(), minutes(5)).toISOString()).toBe("2026-05-01T13:00:00.000Z");
    expect(checkoutExpiresAt(order(), minutes(29)).toISOString()).toBe("2026-05-01T13:00:00.000Z");
  });

  it("is never sooner than Stripe allows (30 minutes, and a minute's margin)", () => {
    expect(checkoutExpiresAt(order(), minutes(45)).toISOString()).toBe(minutes(45 + 31).toISOString());
  });

  it("is 24 hours for an order that is not on hold", () => {
    const staffs = order({ statusHistory: [{ to: "INVOICED" }, { to: "IN_QUEUE" }, { to: "INVOICED" }] });
    expect(checkoutExpiresAt(staffs, minutes(5)).toISOString()).toBe(minutes(5 + 24 * 60).toISOString());
  });
});
