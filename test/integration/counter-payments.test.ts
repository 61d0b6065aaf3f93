/**
 * The counter's money (POST /api/orders/{id}/payments and the moves that guard it): cash or a card on the counter's
 * own terminal for the balance, an admin's comp with a reason, no pickup with a balance, a paid order rolled back
 * to Scheduled (never to awaiting payment), a counter payment given back by Cancel Order with its refund, and a
 * payment link paid after the counter settled the order flagged for staff.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { checkoutCompleted, localProvider, localSessionId } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { auditOf, bookedOrder, orderOf, payOrder, postEvent, staffTokens, textsOf } from "./payment-support";
import { bookingCustomer } from "./booking-support";
import { call } from "./support";

let staff: { employee: string; admin: string };
beforeAll(async () => {
  staff = await staffTokens();
});
afterEach(() => usePaymentProvider(localProvider()));

const move = (orderId: string, token: string, body: unknown) => call("POST", `/api/orders/${orderId}/status`, { token, body });
const pay = (orderId: string, token: string, body: unknown) => call("POST", `/api/orders/${orderId}/payments`, { token, body });
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** An unpaid order walked to Ready by staff (a bag may go into the queue before its invoice is paid). */
async function readyUnpaid() {
  // Promised for a day still ahead, as a booking promises it: a receipt at the counter must not repeat it.
  const booked = await bookedOrder({ pickupDate: "2026-12-01" });
  for (const status of ["IN_QUEUE", "IN_SERVICE", "READY"]) {
    const moved = await move(booked.orderId, staff.employee, { status });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return booked;
}

describe("no paddle leaves unpaid by accident", () => {
  it("refuses Mark Picked Up with a balance, takes cash for it, then hands the paddle over", async () => {
    const { orderId, order } = await readyUnpaid();
    const due = dollars(order.totalCents);
    const refused = await move(orderId, staff.employee, { status: "PICKED_UP" });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: `This order has a balance of ${due} due. Take the payment (or comp it) before it is picked up.` },
    });
    // The admin's Set Status is held to the same rule.
    expect((await move(orderId, staff.admin, { status: "PICKED_UP" })).status).toBe(409);
    expect((await orderOf(orderId)).status).toBe("READY");

    // A stale screen's figure is refused; the balance is taken.
    expect(await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: order.totalCents - 100 })).toMatchObject({
      status: 400,
      body: { message: `The amount must be the balance due: ${due}.` },
    });
    const paid = await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: order.totalCents });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: "READY", paymentStatus: "paid", paymentMethod: "POS_CASH", paidAt: expect.any(String) });
    const stored = await orderOf(orderId);
    expect(stored.posPaymentDetails).toMatchObject({ method: "POS_CASH", amountCents: order.totalCents, staffName: "Sam" });
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.paid_at_counter",
      actorName: "Sam",
      diff: { method: "POS_CASH", amountCents: order.totalCents, paymentStatus: { from: "unpaid", to: "paid" } },
    });

    // A second click records nothing more.
    expect(await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: order.totalCents })).toMatchObject({
      status: 409,
      body: { message: "This order is already paid (Cash at the counter)." },
    });
    expect((await move(orderId, staff.employee, { status: "PICKED_UP" })).body).toMatchObject({ status: "PICKED_UP", paymentStatus: "paid" });

    // The receipt went once, by text and by email (the customer allows both), naming how it was paid.
    const receipts = (await textsOf(orderId)).filter((entry) => entry.template === "receipt");
    expect(receipts.map((entry) => entry.channel).sort()).toEqual(["email", "sms"]);
    expect(receipts.find((entry) => entry.channel === "sms")!.message).toContain(
      `We received ${due} for order R-${order.number} (Cash at the counter). Strip and Grip $45.00, Handle Build-Up $8.00, Total ${due}.`,
    );
    expect(receipts.find((entry) => entry.channel === "email")!.message).toContain("  Paid (Cash at the counter): $53.00\n  Balance due: $0.00");
    // Paid as it is handed over: no "it will be ready on" a day that is already past.
    expect(receipts.map((entry) => entry.message).join("\n")).not.toMatch(/will be ready|Ready for pickup/);
  });

  it("texts and emails the cash receipt of a quick sale with its staff discount, as the payment link named it", async () => {
    const customer = await bookingCustomer();
    const sale = await call("POST", "/api/book-service", {
      token: staff.employee,
      body: { customerId: customer.userId, paddle: { nickname: "Counter Cash" }, services: ["regrip"], discount: { amount: 5, notes: "Loyal player" } },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const orderId = sale.body.orderId as string;
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ subtotalCents: 4500, discountAmountCents: 500, totalCents: 4000, paymentStatus: "unpaid" });
    const link = (await textsOf(orderId)).filter((entry) => entry.template === "paymentLink");
    expect(link).toHaveLength(1);
    expect(link[0].message).toContain(`: ${order.lineItems[0].name} $45.00, Staff discount -$5.00, Total $40.00. Pay securely here: `);

    const paid = await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: 4000 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const receipts = (await textsOf(orderId)).filter((entry) => entry.template === "receipt");
    expect(receipts.map((entry) => entry.channel).sort()).toEqual(["email", "sms"]);
    expect(receipts.find((entry) => entry.channel === "sms")!.message).toContain(
      `We received $40.00 for order R-${order.number} (Cash at the counter). ${order.lineItems[0].name} $45.00, Staff discount -$5.00, Total $40.00.`,
    );
    expect(receipts.find((entry) => entry.channel === "email")!.message).toContain(
      [`  ${order.lineItems[0].name}${order.lineItems[0].description ? ` (${order.lineItems[0].description})` : ""}: $45.00`, "  Staff discount: -$5.00", "  Total: $40.00", "  Paid (Cash at the counter): $40.00", "  Balance due: $0.00"].join("\n"),
    );
    // The staff member's notes on the discount are theirs: never in the customer's messages.
    expect(receipts.map((entry) => entry.message).join("\n")).not.toContain("Loyal player");
  });

  it("lets an admin comp the balance with a reason, and no one else", async () => {
    const { orderId, order } = await readyUnpaid();
    expect((await pay(orderId, staff.employee, { method: "COMP", reason: "Regular" })).status).toBe(403);
    expect(await pay(orderId, staff.admin, { method: "COMP" })).toMatchObject({ status: 400, body: { message: "Give a reason for the comp" } });
    expect(await pay(orderId, staff.admin, { method: "COMP", reason: "   " })).toMatchObject({ status: 400 });
    const comped = await pay(orderId, staff.admin, { method: "COMP", reason: "Grip peeled within a week: redo on the house" });
    expect(comped.body).toMatchObject({ paymentStatus: "comp", paymentMethod: "COMP" });
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.comped",
      diff: { waivedCents: order.totalCents, reason: "Grip peeled within a week: redo on the house" },
    });
    expect((await move(orderId, staff.employee, { status: "PICKED_UP" })).status).toBe(200);
    // Nothing was paid: no receipt.
    expect((await textsOf(orderId)).filter((entry) => entry.template === "receipt")).toEqual([]);
  });

  it("refuses bad input and the wrong people without changing anything", async () => {
    const { orderId, order, customer } = await bookedOrder();
    for (const body of [
      { method: "BITCOIN", amountCents: order.totalCents },
      { method: "POS_CARD" },
      { method: "POS_CARD", amountCents: "45" },
      { method: "POS_CARD", amountCents: 10.5 },
      { method: "POS_CARD", amountCents: -1 },
      "cash",
    ]) {
      const answer = await pay(orderId, staff.employee, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await pay(orderId, customer.token, { method: "POS_CASH", amountCents: order.totalCents })).status).toBe(403);
    expect((await call("POST", `/api/orders/${orderId}/payments`, { body: { method: "POS_CASH", amountCents: 1 } })).status).toBe(401);
    expect((await pay("no-such-order", staff.employee, { method: "POS_CASH", amountCents: 1 })).status).toBe(404);
    expect(await orderOf(orderId)).toMatchObject({ status: "INVOICED", paymentStatus: "unpaid" });
  });
});

describe("the payment link sent again", () => {
  it("texts a fresh link for the balance, and refuses when nothing is owed", async () => {
    const { orderId, order } = await bookedOrder();
    const sent = await call("POST", `/api/orders/${orderId}/payment-link`, { token: staff.employee });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ checkoutUrl: expect.any(String), smsStatus: { success: true, message: "Payment link sent by text" } });
    const texts = await textsOf(orderId);
    expect(texts.some((text) => text.message.includes(sent.body.checkoutUrl))).toBe(true);
    const again = await call("POST", `/api/orders/${orderId}/payment-link`, { token: staff.employee });
    expect(again.body.checkoutUrl).not.toBe(sent.body.checkoutUrl);
    expect((await orderOf(orderId)).invoiceUrl).toBe(again.body.checkoutUrl);

    await pay(orderId, staff.employee, { method: "POS_CARD", amountCents: order.totalCents });
    expect(await call("POST", `/api/orders/${orderId}/payment-link`, { token: staff.employee })).toMatchObject({
      status: 409,
      body: { message: "This order is already paid." },
    });
    expect((await call("POST", `/api/orders/${orderId}/payment-link`, { token: (await bookedOrder()).customer.token })).status).toBe(403);
  });
});

describe("a counter payment out of awaiting payment", () => {
  it("moves a booking to Scheduled and a counter sale straight into the service queue", async () => {
    const booking = await bookedOrder();
    const paidBooking = await pay(booking.orderId, staff.employee, { method: "POS_CARD", amountCents: booking.order.totalCents });
    expect(paidBooking.body).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid", paymentMethod: "POS_CARD" });
    expect(paidBooking.body.statusHistory.at(-1)).toMatchObject({ from: "INVOICED", to: "SCHEDULED", actorName: "Sam", note: "Payment received" });

    const counter = await bookedOrder();
    await db().entities.serviceOrder.patch({ id: counter.orderId }).set({ processedByStaffId: "staff-at-counter", isOnsite: true }).go();
    const paidCounter = await pay(counter.orderId, staff.employee, { method: "POS_CASH", amountCents: counter.order.totalCents });
    expect(paidCounter.body).toMatchObject({ status: "IN_QUEUE", paymentStatus: "paid" });
  });

  it("moves a counter sale paid by its texted link straight into the service queue too", async () => {
    const counter = await bookedOrder();
    await db().entities.serviceOrder.patch({ id: counter.orderId }).set({ processedByStaffId: "staff-at-counter", isOnsite: true }).go();
    expect(await payOrder(counter.orderId)).toMatchObject({ status: "IN_QUEUE", paymentStatus: "paid" });
  });

  it("flags a payment link paid after the counter settled the order, and counts the money once", async () => {
    const { orderId, order } = await bookedOrder();
    await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: order.totalCents });
    const settled = await orderOf(orderId);
    const late = await postEvent(checkoutCompleted(settled, localSessionId(orderId), { paymentIntentId: "pi_after_counter" }));
    expect(late.body.result).toBe("applied");
    const after = await orderOf(orderId);
    expect(after).toMatchObject({ paymentStatus: "paid", paymentMethod: "POS_CASH" });
    expect(after.paymentFailureReason).toMatch(/came in by the payment link after the order was settled at the counter/);
    expect((await auditOf(orderId)).at(-1)).toMatchObject({ action: "order.duplicate_payment", diff: { paymentIntentId: "pi_after_counter" } });
  });
});

describe("no paid order loses its money", () => {
  it("rolls a paid order back to Scheduled, never to awaiting payment", async () => {
    const { orderId } = await bookedOrder();
    await payOrder(orderId);
    await move(orderId, staff.employee, { status: "CHECKED_IN" });
    await move(orderId, staff.employee, { status: "IN_QUEUE" });
    expect(await move(orderId, staff.employee, { status: "INVOICED" })).toMatchObject({
      status: 409,
      body: { message: "This order has nothing owing: roll it back to Scheduled, not to Waiting Payment." },
    });
    const back = await move(orderId, staff.employee, { status: "SCHEDULED" });
    expect(back.body).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid" });
    expect(back.body.statusHistory.at(-1)).toMatchObject({ note: "Rolled back by staff" });
  });

  it("gives a counter payment back as money handed over at the counter, with no card refund", async () => {
    const asked: number[] = [];
    const local = localProvider();
    usePaymentProvider({ ...local, refund: async (order, amountCents) => (asked.push(amountCents), local.refund(order, amountCents)) });
    const { orderId, order } = await bookedOrder();
    await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: order.totalCents });
    expect((await move(orderId, staff.employee, { status: "CANCELED" })).status).toBe(409);
    const canceled = await move(orderId, staff.employee, { status: "CANCELED", refund: true, note: "Changed their mind" });
    expect(canceled.body).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: order.totalCents });
    expect(asked).toEqual([]);
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.refunded",
      diff: { amountCents: order.totalCents, refundId: expect.stringMatching(/^counter-/), reason: "Changed their mind" },
    });
    expect((await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: order.totalCents })).body).toMatchObject({
      message: "This order is canceled: there is nothing to collect.",
    });
  });
});
