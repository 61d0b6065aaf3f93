import { describe, expect, it } from "vitest";
import { dollars, paymentSummary } from "./payment";

const order = { paymentStatus: "unpaid" as const, paymentMethod: "", totalCents: 600, refundedAmountCents: 0 };

describe("dollars", () => {
  it("writes whole cents as en-US does, thousands grouped", () => {
    expect([dollars(0), dollars(5), dollars(1250), dollars(100_000), dollars(123_456_789), dollars(-670)]).toEqual(["$0.00", "$0.05", "$12.50", "$1,000.00", "$1,234,567.89", "-$6.70"]);
  });
});

describe("paymentSummary", () => {
  it("says what is due of an unpaid order, and nothing of one canceled unpaid", () => {
    expect(paymentSummary({ ...order, status: "WAITING_ON_PAYMENT" })).toEqual({ label: "Unpaid", detail: "$6.00 due", tone: "warning" });
    expect(paymentSummary(order)).toEqual({ label: "Unpaid", detail: "$6.00 due", tone: "warning" });
    expect(paymentSummary({ ...order, status: "CANCELED" })).toEqual({ label: "Unpaid", detail: "Canceled: nothing due", tone: "stopped" });
  });
});
