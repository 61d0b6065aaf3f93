/**
 * Refunds: a customer's cancel within the 24-hour policy, a staff cancel
 * with `refund: true`, and how each is recorded on the order and in the
 * audit log.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { chargeRefunded, localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { auditOf, bookedOrder, orderOf, payOrder, postEvent, staffTokens } from "./payment-support";
import { call } from "./support";

const move = (orderId: string, token: string, body: unknown) => call("POST", `/api/orders/${orderId}/status`, { token, body });

/** The local provider, recording every refund asked of it. */
function recordingRefunds() {
  const asked: { orderId: string; amountCents: number }[] = [];
  const local = localProvider();
  usePaymentProvider({
    ...local,
    refund: async (order, amountCents) => {
      asked.push({ orderId: order.id, amountCents });
      return local.refund(order, amountCents);
    },
  });
  return asked;
}

let staff: { employee: string; admin: string };
beforeAll(async () => {
  staff = await staffTokens();
});
afterEach(() => usePaymentProvider(localProvider()));

describe("a customer's cancel", () => {
  it("refunds a paid order in full within 24 hours of booking", async () => {
    const asked = recordingRefunds();
    const { customer, orderId } = await bookedOrder({ createdAt: new Date(Date.now() - 23 * 60 * 60 * 1000) });
    const paid = await payOrder(orderId);
    const answer = await move(orderId, customer.token, { status: "CANCELED" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: paid.totalCents });
    expect(asked).toEqual([{ orderId, amountCents: paid.totalCents }]);
    const audit = await auditOf(orderId);
    expect(audit.slice(-2).map((a) => a.action)).toEqual(["order.status_changed", "order.refunded"]);
    expect(audit.at(-1)).toMatchObject({ actorId: customer.userId, diff: { amountCents: paid.totalCents, refundedAmountCents: paid.totalCents } });
    // Stripe's charge.refunded for the same refund arrives later: counted once.
    expect((await postEvent(chargeRefunded(await orderOf(orderId), paid.totalCents))).body.result).toBe("unchanged");
    expect((await orderOf(orderId)).refundedAmountCents).toBe(paid.totalCents);
  });

  it("is refused for a paid order booked more than 24 hours ago, which stays as it was", async () => {
    const asked = recordingRefunds();
    const { customer, orderId } = await bookedOrder({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    await payOrder(orderId);
    const answer = await move(orderId, customer.token, { status: "CANCELED" });
    expect(answer).toMatchObject({ status: 409, body: { message: expect.stringContaining("within 24 hours of booking") } });
    expect(await orderOf(orderId)).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid", refundedAmountCents: 0 });
    expect(asked).toEqual([]);
  });

  it("cancels an unpaid order at any time before check-in, with nothing to refund", async () => {
    const asked = recordingRefunds();
    const { customer, orderId } = await bookedOrder({ createdAt: new Date(Date.now() - 72 * 60 * 60 * 1000) });
    const answer = await move(orderId, customer.token, { status: "CANCELED", refund: true });
    expect(answer.body).toMatchObject({ status: "CANCELED", paymentStatus: "unpaid", refundedAmountCents: 0 });
    expect(asked).toEqual([]);
  });
});

describe("a staff cancel", () => {
  it("refunds the payment when asked to", async () => {
    const asked = recordingRefunds();
    const { orderId } = await bookedOrder({ createdAt: new Date(Date.now() - 5 * 24 * 60 * 60 * 1000) });
    const paid = await payOrder(orderId);
    await move(orderId, staff.employee, { status: "CHECKED_IN" });
    const answer = await move(orderId, staff.employee, { status: "CANCELED", refund: true, note: "Paddle cracked on arrival" });
    expect(answer.body).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: paid.totalCents });
    expect(answer.body.statusHistory.at(-1)).toMatchObject({ note: "Paddle cracked on arrival", actorName: "Sam" });
    expect(asked).toEqual([{ orderId, amountCents: paid.totalCents }]);
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.refunded",
      actorName: "Sam",
      diff: { reason: "Paddle cracked on arrival", paymentStatus: { from: "paid", to: "refunded" } },
    });
  });

  it("is refused without its refund, except by an admin who keeps the payment with a reason (audited)", async () => {
    const asked = recordingRefunds();
    const { orderId } = await bookedOrder();
    const paid = await payOrder(orderId);
    const amount = `$${(paid.totalCents / 100).toFixed(2)}`;
    const refused = {
      status: 409,
      body: { message: `This order was paid ${amount}. Cancel it with its refund, or (admin) give a reason to keep the payment.` },
    };
    expect(await move(orderId, staff.employee, { status: "CANCELED" })).toMatchObject(refused);
    expect(await move(orderId, staff.employee, { status: "CANCELED", keepPayment: true, note: "Customer asked" })).toMatchObject(refused);
    expect(await move(orderId, staff.admin, { status: "CANCELED" })).toMatchObject(refused);
    expect(await move(orderId, staff.admin, { status: "CANCELED", keepPayment: true })).toMatchObject({
      status: 400,
      body: { message: "Give a reason for keeping the payment" },
    });
    expect(await move(orderId, staff.admin, { status: "CANCELED", keepPayment: true, refund: true, note: "x" })).toMatchObject({ status: 400 });
    expect(await orderOf(orderId)).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid", refundedAmountCents: 0 });

    const answer = await move(orderId, staff.admin, { status: "CANCELED", keepPayment: true, note: "No-show fee agreed with the customer" });
    expect(answer.body).toMatchObject({ status: "CANCELED", paymentStatus: "paid", refundedAmountCents: 0 });
    expect(asked).toEqual([]);
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.status_changed",
      diff: { paymentKeptCents: paid.totalCents, reason: "No-show fee agreed with the customer" },
    });
  });

  it("refuses refund: true when nothing was paid", async () => {
    const { orderId } = await bookedOrder();
    expect(await move(orderId, staff.employee, { status: "CANCELED", refund: true })).toMatchObject({
      status: 409,
      body: { message: "This order has no card or counter payment left to refund." },
    });
    expect((await orderOf(orderId)).status).toBe("INVOICED");
  });

  it("refunds only what is left after an earlier partial refund", async () => {
    const asked = recordingRefunds();
    const { orderId } = await bookedOrder();
    const paid = await payOrder(orderId);
    await postEvent(chargeRefunded(paid, 1300));
    const answer = await move(orderId, staff.employee, { status: "CANCELED", refund: true });
    expect(asked).toEqual([{ orderId, amountCents: paid.totalCents - 1300 }]);
    expect(answer.body).toMatchObject({ paymentStatus: "refunded", refundedAmountCents: paid.totalCents });
  });

  it("still cancels when the provider refuses the refund, and records the failure for staff", async () => {
    usePaymentProvider({
      ...localProvider(),
      refund: async () => {
        throw new Error("Charge ch_1 has been disputed");
      },
    });
    const { orderId } = await bookedOrder();
    const paid = await payOrder(orderId);
    const answer = await move(orderId, staff.employee, { status: "CANCELED", refund: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "CANCELED", paymentStatus: "paid", refundedAmountCents: 0 });
    const order = await orderOf(orderId);
    expect(order.paymentFailureReason).toBe(`Refund of $${(paid.totalCents / 100).toFixed(2)} failed: Charge ch_1 has been disputed`);
    expect((await auditOf(orderId)).at(-1)).toMatchObject({ action: "order.refund_failed", diff: { error: "Charge ch_1 has been disputed" } });
  });
});
