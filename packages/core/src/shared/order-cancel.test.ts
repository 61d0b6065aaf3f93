import { describe, expect, it } from "vitest";
import { CANCEL_ADDED_BY_SHOP, CANCEL_AFTER_CHECK_IN, CANCEL_AFTER_REFUND_WINDOW, customerCancel, refundDeadline } from "./order-cancel";

const now = new Date("2026-11-23T12:00:00.000Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();
const ms = (at: string, delta: number) => new Date(Date.parse(at) + delta).toISOString();
const order = (fields: Partial<Parameters<typeof customerCancel>[0]> = {}) => ({
  status: "SCHEDULED",
  paymentStatus: "paid" as const,
  totalCents: 5300,
  refundedAmountCents: 0,
  createdAt: hoursAgo(1),
  ...fields,
});
const refused = { allowed: false, message: CANCEL_AFTER_REFUND_WINDOW };

describe("customerCancel", () => {
  it("never cancels what the shop added to a paid order, owing or not: the shop does", () => {
    const added = { allowed: false, message: CANCEL_ADDED_BY_SHOP };
    expect(customerCancel(order({ status: "WAITING_ON_PAYMENT", paymentStatus: "unpaid", addedToOrderId: "o1" }), now)).toEqual(added);
    expect(customerCancel(order({ status: "WAITING_ON_PAYMENT", paymentStatus: "unpaid", addedTo: { id: "o1", reference: "R-1001" } }), now)).toEqual(added);
  });
  it("refunds what is left of a paid order within 24 hours of booking, to the millisecond", () => {
    expect(customerCancel(order(), now)).toEqual({ allowed: true, refundCents: 5300 });
    expect(customerCancel(order({ createdAt: hoursAgo(24) }), now)).toEqual({ allowed: true, refundCents: 5300 });
    expect(customerCancel(order({ refundedAmountCents: 300 }), now)).toEqual({ allowed: true, refundCents: 5000 });
    expect(customerCancel(order({ createdAt: ms(hoursAgo(24), -1) }), now)).toEqual(refused);
  });
  it("refunds a booking made a week ahead until 24 hours before its drop-off, to the millisecond", () => {
    const createdAt = hoursAgo(4 * 24);
    // Dropped off in 24 hours: the last moment; a millisecond sooner and it is past.
    expect(customerCancel(order({ createdAt, dropoffDateTime: hoursAgo(-24) }), now)).toEqual({ allowed: true, refundCents: 5300 });
    expect(customerCancel(order({ createdAt, dropoffDateTime: ms(hoursAgo(-24), -1) }), now)).toEqual(refused);
    expect(customerCancel(order({ createdAt, dropoffDateTime: hoursAgo(-72) }), now)).toEqual({ allowed: true, refundCents: 5300 });
  });
  it("takes whichever is later: a booking for tomorrow keeps its 24 hours from booking", () => {
    const createdAt = hoursAgo(2);
    const dropoffDateTime = hoursAgo(-3);
    expect(refundDeadline({ createdAt, dropoffDateTime })).toBe(Date.parse(createdAt) + 24 * 3600_000);
    expect(customerCancel(order({ createdAt, dropoffDateTime }), now)).toEqual({ allowed: true, refundCents: 5300 });
    expect(customerCancel(order({ createdAt, dropoffDateTime }), new Date(Date.parse(createdAt) + 24 * 3600_000 + 1))).toEqual(refused);
    // No drop-off time (a counter sale): the booking's 24 hours alone.
    expect(refundDeadline({ createdAt })).toBe(Date.parse(createdAt) + 24 * 3600_000);
  });
  it("keeps a window's end a reschedule made after it closed: a later drop-off does not reopen it", () => {
    const createdAt = hoursAgo(4 * 24);
    const refundWindowEndsAt = hoursAgo(2);
    expect(customerCancel(order({ createdAt, dropoffDateTime: hoursAgo(-7 * 24), refundWindowEndsAt }), now)).toEqual(refused);
    expect(refundDeadline({ createdAt, dropoffDateTime: hoursAgo(-7 * 24), refundWindowEndsAt })).toBe(Date.parse(refundWindowEndsAt));
    // The rule's own end when it is sooner.
    expect(refundDeadline({ createdAt, dropoffDateTime: hoursAgo(-30), refundWindowEndsAt: hoursAgo(-100) })).toBe(now.getTime() + 6 * 3600_000);
  });
  it("cancels an unpaid, comp or refunded order before check-in at any time, with nothing to give back", () => {
    for (const paymentStatus of ["unpaid", "comp", "refunded"] as const) {
      expect(customerCancel(order({ paymentStatus, status: "INVOICED", createdAt: hoursAgo(100) }), now)).toEqual({ allowed: true, refundCents: 0 });
    }
  });
  it("refuses from check-in on, and says a canceled order is already canceled", () => {
    for (const status of ["CHECKED_IN", "IN_QUEUE", "IN_SERVICE", "READY", "COMPLETE", "PICKED_UP", "MYSTERY"]) {
      expect(customerCancel(order({ status }), now)).toEqual({ allowed: false, message: CANCEL_AFTER_CHECK_IN });
    }
    expect(customerCancel(order({ status: "CANCELED" }), now)).toMatchObject({ allowed: false, canceled: true });
  });
});
