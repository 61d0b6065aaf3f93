/**
 * The Stripe webhook, called as its function URL calls it: signature,
 * exactly-once, disorder, amounts, and every event it handles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  chargeRefunded,
  checkoutCompleted,
  checkoutExpired,
  invoicePaid,
  localProvider,
  localSessionId,
  paymentFailed,
  stripeEvent,
} from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { auditOf, bookedOrder, ledgerHas, orderOf, payOrder, postEvent, setOrder, staffTokens } from "./payment-support";
import { call } from "./support";

beforeAll(() => usePaymentProvider(localProvider()));

describe("the signature", () => {
  it("refuses a bad, missing or other endpoint's signature with 400 and changes nothing", async () => {
    const { orderId, order } = await bookedOrder();
    const event = checkoutCompleted(order, localSessionId(orderId));
    const wrongSecret = await postEvent(event, { secret: "whsec_someone_else" });
    expect(wrongSecret).toMatchObject({ status: 400, body: { message: "Invalid signature" } });
    expect(await postEvent(event, { signature: null })).toMatchObject({ status: 400, body: { message: "Missing Stripe-Signature header" } });
    expect((await postEvent(event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    // Signed, then changed on the way: the amount doubled.
    const tampered = JSON.stringify({ ...event, data: { object: { ...(event.data.object as object), amount_total: order.totalCents * 2 } } });
    expect((await postEvent(event, { payload: tampered })).status).toBe(400);

    const after = await orderOf(orderId);
    expect(after).toMatchObject({ status: "INVOICED", paymentStatus: "unpaid", paymentAttempts: 0, updatedAt: order.updatedAt });
    expect(await ledgerHas(event.id)).toBe(false);
    expect((await auditOf(orderId)).map((a) => a.action)).toEqual(["order.created"]);
  });

  it("accepts a base64 body as a function URL may send it", async () => {
    const { orderId, order } = await bookedOrder();
    const answer = await postEvent(checkoutCompleted(order, localSessionId(orderId)), { base64: true });
    expect(answer).toMatchObject({ status: 200, body: { received: true, result: "applied" } });
  });
});

describe("checkout.session.completed", () => {
  it("marks the order paid with its card, moves it to scheduled, and writes history and audit", async () => {
    const { orderId, order } = await bookedOrder();
    const event = checkoutCompleted(order, localSessionId(orderId), { paymentIntentId: "pi_local_first", card: { brand: "mastercard", last4: "4444" } });
    expect(await postEvent(event)).toMatchObject({ status: 200, body: { result: "applied" } });
    const paid = await orderOf(orderId);
    expect(paid).toMatchObject({
      status: "SCHEDULED",
      paymentStatus: "paid",
      cardBrand: "mastercard",
      cardLast4: "4444",
      stripePaymentIntentId: "pi_local_first",
      paymentAttempts: 1,
      stripeEventId: event.id,
      paidAt: new Date(event.created * 1000).toISOString(),
    });
    expect(paid.statusHistory.at(-1)).toMatchObject({ from: "INVOICED", to: "SCHEDULED", actorName: "System", note: "Payment received" });
    const audit = await auditOf(orderId);
    expect(audit.map((a) => a.action)).toEqual(["order.created", "order.paid", "order.status_changed"]);
    expect(audit[1]).toMatchObject({ diff: { amountCents: order.totalCents, by: "stripe-webhook" } });
    expect(audit[1].actorId).toBeUndefined();
    expect(await ledgerHas(event.id)).toBe(true);
  });

  it("applies the same event five times exactly once, one after the other or all at once", async () => {
    for (const concurrent of [false, true]) {
      const { orderId, order } = await bookedOrder();
      const event = checkoutCompleted(order, localSessionId(orderId));
      const answers = concurrent
        ? await Promise.all([1, 2, 3, 4, 5].map(() => postEvent(event)))
        : await [1, 2, 3, 4, 5].reduce(async (done, _) => [...(await done), await postEvent(event)], Promise.resolve([] as Awaited<ReturnType<typeof postEvent>>[]));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.body.result).sort()).toEqual(["applied", "duplicate", "duplicate", "duplicate", "duplicate"]);
      const after = await orderOf(orderId);
      expect(after).toMatchObject({ paymentStatus: "paid", status: "SCHEDULED", paymentAttempts: 1 });
      expect(after.statusHistory.filter((h) => h.to === "SCHEDULED")).toHaveLength(1);
      expect((await auditOf(orderId)).filter((a) => a.action === "order.paid")).toHaveLength(1);
    }
  });

  it("never marks paid a payment whose amount differs from the order's total, and records the problem", async () => {
    const { orderId, order } = await bookedOrder();
    const event = checkoutCompleted(order, localSessionId(orderId), { amountCents: order.totalCents - 500 });
    expect(await postEvent(event)).toMatchObject({ status: 200, body: { result: "applied" } });
    const after = await orderOf(orderId);
    expect(after).toMatchObject({ status: "INVOICED", paymentStatus: "unpaid" });
    expect(after.paidAt).toBeUndefined();
    expect(after.paymentFailureReason).toContain("does not match the order total");
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.payment_mismatch",
      diff: { amountCents: order.totalCents - 500, totalCents: order.totalCents },
    });
    // The right amount afterwards is a payment, and clears the problem.
    await postEvent(checkoutCompleted(order, localSessionId(orderId)));
    const paid = await orderOf(orderId);
    expect(paid).toMatchObject({ paymentStatus: "paid", status: "SCHEDULED" });
    expect(paid.paymentFailureReason).toBeUndefined();
  });

  it("cannot be steered by what the client sends to checkout: the session's total is the order's", async () => {
    const { customer, orderId, order } = await bookedOrder();
    const answer = await call("POST", `/api/orders/${orderId}/checkout`, { token: customer.token, body: { totalCents: 1, amount: 1, lineItems: [] } });
    expect(answer.status).toBe(200);
    // The local page pays what the order says; an event with the client's figure is refused above.
    const paid = await payOrder(orderId);
    expect(paid.totalCents).toBe(order.totalCents);
    expect(paid.paymentStatus).toBe("paid");
  });

  it("keeps a queued order where it is when the payment arrives", async () => {
    const { orderId } = await bookedOrder();
    await setOrder(orderId, { status: "IN_QUEUE" });
    const paid = await payOrder(orderId);
    expect(paid).toMatchObject({ status: "IN_QUEUE", paymentStatus: "paid" });
  });

  it("records a second payment of a paid order as a duplicate payment for staff", async () => {
    const { orderId, order } = await bookedOrder();
    await payOrder(orderId, { paymentIntentId: "pi_local_one" });
    const second = checkoutCompleted(order, localSessionId(orderId), { paymentIntentId: "pi_local_two" });
    expect((await postEvent(second)).body.result).toBe("applied");
    expect(await orderOf(orderId)).toMatchObject({ stripePaymentIntentId: "pi_local_one", paymentAttempts: 1 });
    expect((await auditOf(orderId)).at(-1)).toMatchObject({ action: "order.duplicate_payment", diff: { paymentIntentId: "pi_local_two" } });
  });

  it("refunds at once a payment for an order canceled before it arrived", async () => {
    const { orderId, order } = await bookedOrder();
    const { employee } = await staffTokens();
    await call("POST", `/api/orders/${orderId}/status`, { token: employee, body: { status: "CANCELED" } });
    expect((await postEvent(checkoutCompleted(order, localSessionId(orderId)))).body.result).toBe("applied");
    const after = await orderOf(orderId);
    expect(after).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: order.totalCents });
    expect(after.paymentFailureReason).toBeUndefined();
    const actions = (await auditOf(orderId)).map((a) => a.action);
    expect(actions.slice(-2)).toEqual(["order.paid", "order.refunded"]);
  });
});

describe("events out of order and late", () => {
  it("leaves a paid order paid when its session expires afterwards, or a failure arrives late", async () => {
    const { orderId } = await bookedOrder();
    const { customer } = await bookedOrder();
    void customer;
    const paid = await payOrder(orderId);
    const late = [checkoutExpired(paid, paid.stripeCheckoutSessionId ?? localSessionId(orderId)), paymentFailed(paid)];
    for (const event of late) expect((await postEvent(event)).body.result).toBe("unchanged");
    const after = await orderOf(orderId);
    expect(after).toMatchObject({ paymentStatus: "paid", status: "SCHEDULED", paymentAttempts: 1, cardLast4: "4242" });
    expect(after.paymentFailureReason).toBeUndefined();
    for (const event of late) expect(await ledgerHas(event.id)).toBe(true);
  });

  it("takes a failure then a success in either order to the same paid order", async () => {
    const results = [];
    for (const order of [["failed", "completed"], ["completed", "failed"]] as const) {
      const { orderId, order: booked } = await bookedOrder();
      const events = { failed: paymentFailed(booked), completed: checkoutCompleted(booked, localSessionId(orderId)) };
      for (const name of order) await postEvent(events[name]);
      const after = await orderOf(orderId);
      results.push({ paymentStatus: after.paymentStatus, status: after.status });
    }
    expect(results).toEqual([
      { paymentStatus: "paid", status: "SCHEDULED" },
      { paymentStatus: "paid", status: "SCHEDULED" },
    ]);
  });

  it("does not move an order a staff member has already moved on", async () => {
    const { orderId } = await bookedOrder();
    await setOrder(orderId, { status: "CHECKED_IN" });
    const paid = await payOrder(orderId);
    expect(paid.status).toBe("CHECKED_IN");
  });
});

describe("the other events", () => {
  it("counts a declined card and keeps its reason", async () => {
    const { orderId, order } = await bookedOrder();
    await postEvent(paymentFailed(order));
    await postEvent(paymentFailed(order, { reason: "Your card has insufficient funds." }));
    const after = await orderOf(orderId);
    expect(after).toMatchObject({ paymentStatus: "unpaid", paymentAttempts: 2, paymentFailureReason: "Your card has insufficient funds." });
    expect((await auditOf(orderId)).filter((a) => a.action === "order.payment_failed")).toHaveLength(2);
  });

  it("forgets an expired session only when it is the order's current one", async () => {
    const { customer, orderId, order } = await bookedOrder();
    await call("POST", `/api/orders/${orderId}/checkout`, { token: customer.token });
    const first = (await orderOf(orderId)).stripeCheckoutSessionId!;
    await call("POST", `/api/orders/${orderId}/checkout`, { token: customer.token });
    const second = (await orderOf(orderId)).stripeCheckoutSessionId!;
    expect(second).not.toBe(first);
    expect((await postEvent(checkoutExpired(order, first))).body.result).toBe("unchanged");
    expect((await orderOf(orderId)).stripeCheckoutSessionId).toBe(second);
    expect((await postEvent(checkoutExpired(order, second))).body.result).toBe("applied");
    expect((await orderOf(orderId)).stripeCheckoutSessionId).toBeUndefined();
  });

  it("marks an order paid by a hosted invoice", async () => {
    const { orderId, order } = await bookedOrder();
    expect((await postEvent(invoicePaid(order, { invoiceId: "in_local_1" }))).body.result).toBe("applied");
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", stripeInvoiceId: "in_local_1", status: "SCHEDULED" });
  });

  it("records refunds made in Stripe's dashboard, cumulative and once", async () => {
    const { orderId } = await bookedOrder();
    const paid = await payOrder(orderId);
    const partial = chargeRefunded(paid, 1000);
    expect((await postEvent(partial)).body.result).toBe("applied");
    expect((await postEvent(partial)).body.result).toBe("duplicate");
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", refundedAmountCents: 1000 });
    // An older figure arriving late changes nothing.
    expect((await postEvent(chargeRefunded(paid, 500))).body.result).toBe("unchanged");
    expect((await postEvent(chargeRefunded(paid, paid.totalCents))).body.result).toBe("applied");
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded", refundedAmountCents: paid.totalCents });
    expect((await auditOf(orderId)).filter((a) => a.action === "order.refunded").map((a) => a.diff.amountCents)).toEqual([
      1000,
      paid.totalCents - 1000,
    ]);
  });

  it("keeps a refund that arrives before its payment and applies it when the payment lands", async () => {
    const { orderId, order } = await bookedOrder();
    const session = localSessionId(orderId);
    const payment = checkoutCompleted(order, session, { paymentIntentId: "pi_local_early_refund" });
    const refund = chargeRefunded({ ...order, stripePaymentIntentId: "pi_local_early_refund" }, order.totalCents);
    // Stripe sends no order: the refund's event comes first.
    expect((await postEvent(refund)).body.result).toBe("applied");
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "unpaid", refundedAmountCents: 0, earlyRefundedCents: order.totalCents });
    expect((await postEvent(refund)).body.result).toBe("duplicate");

    expect((await postEvent(payment)).body.result).toBe("applied");
    const after = await orderOf(orderId);
    expect(after).toMatchObject({ paymentStatus: "refunded", refundedAmountCents: order.totalCents, paidAt: expect.any(String) });
    expect(after.earlyRefundedCents).toBeUndefined();
    const actions = (await auditOf(orderId)).map((a) => a.action);
    expect(actions).toContain("order.refund_before_payment");
    expect(actions.slice(-1)).toEqual(["order.refunded"]);
  });

  it("applies a partial refund that arrived first, and never counts it twice", async () => {
    const { orderId, order } = await bookedOrder();
    const refund = chargeRefunded(order, 1000);
    expect((await postEvent(refund)).body.result).toBe("applied");
    // An older, smaller cumulative figure changes nothing.
    expect((await postEvent(chargeRefunded(order, 400))).body.result).toBe("unchanged");
    const paid = await payOrder(orderId);
    expect(paid).toMatchObject({ paymentStatus: "paid", refundedAmountCents: 1000, status: "SCHEDULED" });
    // Stripe's later figure for the same refund changes nothing more.
    expect((await postEvent(chargeRefunded(paid, 1000))).body.result).toBe("unchanged");
    expect((await orderOf(orderId)).refundedAmountCents).toBe(1000);
  });

  it("answers 200 and changes nothing for events it does not handle or orders it does not know", async () => {
    const { order } = await bookedOrder();
    expect(await postEvent(stripeEvent("customer.created", { id: "cus_1", object: "customer" }))).toMatchObject({
      status: 200,
      body: { result: "ignored" },
    });
    expect((await postEvent(checkoutCompleted({ ...order, id: "no-such-order" }, "cs_local_x"))).body.result).toBe("ignored");
    expect((await postEvent(chargeRefunded(order, 100, { withMetadata: false }))).body.result).toBe("ignored");
  });
});
