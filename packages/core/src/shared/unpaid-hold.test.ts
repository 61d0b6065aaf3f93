import { describe, expect, it } from "vitest";
import { checkoutExpiresAt, holdDeadline, holdDeadlineWhen, holdEndsAt, isHoldExpired, isOnHold, UNPAID_HOLD_MINUTES, type HeldOrder } from "./unpaid-hold";

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

describe("the deadline's words", () => {
  // 2026-05-01 is a Friday; Denver is UTC-6 in May (daylight time), UTC-7 in December.
  it("says the hold's end in the shop's time zone: today, tomorrow, a weekday, a date", () => {
    expect(holdDeadlineWhen("2026-05-01T16:53:00.000Z", new Date("2026-05-01T16:53:00.000Z"))).toBe("11:53 am today");
    // Booked at 11:30 pm Denver (05:30 UTC the next day): the hold ends at 12:30 am, tomorrow in the shop's zone.
    expect(holdDeadlineWhen("2026-05-02T05:30:00.000Z", new Date("2026-05-02T05:30:00.000Z"))).toBe("12:30 am tomorrow");
    // The same instant read in the morning after: today.
    expect(holdDeadlineWhen("2026-05-02T05:30:00.000Z", new Date("2026-05-02T06:45:00.000Z"))).toBe("12:30 am today");
    expect(holdDeadlineWhen("2026-05-05T15:00:00.000Z", new Date("2026-05-01T15:00:00.000Z"))).toBe("10 am on Tuesday");
    expect(holdDeadlineWhen("2026-05-20T15:00:00.000Z", new Date("2026-05-01T15:00:00.000Z"))).toBe("10 am on Wednesday, May 20");
    // Standard time: UTC-7.
    expect(holdDeadlineWhen("2026-12-01T17:00:00.000Z", new Date("2026-12-01T17:00:00.000Z"))).toBe("11 am today");
  });

  it("is stated only for an order on hold with something to pay", () => {
    const now = minutes(5);
    expect(holdDeadline({ ...order(), totalCents: 1200 }, now)).toBe("Pay by 7 am today, or the booking is released");
    expect(holdDeadline({ ...order(), totalCents: 0 }, now)).toBeNull();
    expect(holdDeadline({ ...order({ paymentStatus: "paid" }), totalCents: 1200 }, now)).toBeNull();
    expect(holdDeadline({ ...order({ processedByStaffId: "staff-1" }), totalCents: 1200 }, now)).toBeNull();
    expect(holdDeadline({ ...order({ status: "SCHEDULED", statusHistory: [{ to: "INVOICED" }, { to: "SCHEDULED" }] }), totalCents: 1200 }, now)).toBeNull();
  });
});
