/**
 * A deployed stage with no Stripe key, through the route table (docs/deploy.md "Stripe webhook"): inside Lambda the
 * local payment provider is never used, so money is never faked. A card checkout answers 503 "Card payments are not
 * set up" and writes nothing; a card refund asked for by a cancel is recorded as failed, never as done; what needs
 * no card keeps working: a customer's booking, a counter sale (made without a payment link) and its cash payment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { NOT_SET_UP, usePaymentProvider } from "../../packages/core/src/payments/provider";
import { book, bookingCustomer, demo } from "./booking-support";
import { auditOf, bookedOrder, orderOf, staffTokens } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  staff = await staffTokens();
  // As in a deployed function: AWS names it, and the stage has no Stripe key.
  process.env.AWS_LAMBDA_FUNCTION_NAME = "dev-regrip-Api-cloud-payments-test";
  process.env.STRIPE_SECRET_KEY = "";
  usePaymentProvider(undefined);
});

afterAll(() => {
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  usePaymentProvider(undefined);
});

describe("a deployed stage without a Stripe key", () => {
  it("books a customer's order, then refuses its card checkout with 503 and writes nothing to the order", async () => {
    const customer = await bookingCustomer();
    await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 1 }).go();
    const booked = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const before = await orderOf(booked.body.id);
    const checkout = await call("POST", `/api/orders/${before.id}/checkout`, { token: customer.token });
    expect(checkout).toMatchObject({ status: 503, body: { message: NOT_SET_UP } });
    expect(NOT_SET_UP).toBe("Card payments are not set up");
    const after = await orderOf(before.id);
    expect(after.stripeCheckoutSessionId).toBeUndefined();
    expect(after).toEqual(before);
  });

  it("makes a counter sale without a payment link, and takes its cash", async () => {
    const customer = await bookingCustomer();
    const sale = await call("POST", "/api/book-service", {
      token: staff.employee,
      body: { customerId: customer.userId, paddle: { nickname: "Cloud Counter" }, services: ["overgrip"], discount: null },
      headers: { "idempotency-key": `cloud-${customer.userId}` },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.checkoutUrl).toBeNull();
    expect(sale.body.smsStatus).toEqual({ success: false, message: "Card payments are not set up: no payment link was sent. Take the payment at the counter." });
    const order = await orderOf(sale.body.orderId);
    expect(order).toMatchObject({ paymentStatus: "unpaid" });
    expect(order.invoiceUrl).toBeUndefined();
    const paid = await call("POST", `/api/orders/${order.id}/payments`, { token: staff.employee, body: { method: "POS_CASH", amountCents: order.totalCents } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: "paid" });
    // Sending the link again is a card payment: refused in the same words.
    const unpaid = await bookedOrder();
    expect(await call("POST", `/api/orders/${unpaid.orderId}/payment-link`, { token: staff.employee })).toMatchObject({ status: 503, body: { message: NOT_SET_UP } });
  });

  it("records a canceled card payment's refund as failed, never as refunded", async () => {
    const { orderId } = await bookedOrder();
    await db()
      .entities.serviceOrder.patch({ id: orderId })
      .set({ paymentStatus: "paid", paymentMethod: "STRIPE", stripePaymentIntentId: "pi_cloud_test", paidAt: new Date().toISOString() })
      .go();
    const canceled = await call("POST", `/api/orders/${orderId}/status`, { token: staff.admin, body: { status: "CANCELED", refund: true } });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: "CANCELED", paymentStatus: "paid", refundedAmountCents: 0 });
    expect(order.paymentFailureReason).toContain(NOT_SET_UP);
    const actions = (await auditOf(orderId)).map((entry) => entry.action);
    expect(actions).toContain("order.refund_failed");
    expect(actions).not.toContain("order.refunded");
  });
});
