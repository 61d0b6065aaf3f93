import { describe, expect, it } from "vitest";
import { CANCEL_AFTER_CHECK_IN, CANCEL_AFTER_REFUND_WINDOW, customerCancel } from "./order-cancel";

const now = new Date("2026-11-23T12:00:00.000Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();
const order = (fields: Partial<Parameters<typeof customerCancel>[0]> = {}) => ({
  status: "SCHEDULED",
  paymentStatus: "paid" as const,
  totalCents: 5300,
  refundedAmountCents: 0,
  createdAt: hoursAgo(1),
  ...fields,
});

describe("customerCancel", () => {
  it("refunds what is left of a paid order within 24 hours of booking, to the millisecond", () => {
    expect(customerCancel(order(), now)).toEqual({ allowed: true, refundCents: 5300 });
    expect(customerCancel(order({ createdAt: hoursAgo(24) }), now)).toEqual({ allowed: true, refundCents: 5300 });
    expect(customerCancel(order({ refundedAmountCents: 300 }), now)).toEqual({ allowed: true, refundCents: 5000 });
    expect(customerCancel(order({ createdAt: new Date(now.getTime() - 24 * 3600_000 - 1).toISOString() }), now)).toEqual({
      allowed: false,
      message: CANCEL_AFTER_REFUND_WINDOW,
    });
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
