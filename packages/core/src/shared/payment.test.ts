import { describe, expect, it } from "vitest";
import { paymentSummary } from "./payment";

const order = { paymentStatus: "unpaid" as const, paymentMethod: "", totalCents: 600, refundedAmountCents: 0 };

describe("paymentSummary", () => {
  it("says what is due of an unpaid order, and nothing of one canceled unpaid", () => {
    expect(paymentSummary({ ...order, status: "WAITING_ON_PAYMENT" })).toEqual({ label: "Unpaid", detail: "$6.00 due", tone: "warning" });
    expect(paymentSummary(order)).toEqual({ label: "Unpaid", detail: "$6.00 due", tone: "warning" });
    expect(paymentSummary({ ...order, status: "CANCELED" })).toEqual({ label: "Unpaid", detail: "Canceled: nothing due", tone: "stopped" });
  });
});
