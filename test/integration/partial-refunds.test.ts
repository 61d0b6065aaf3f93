/**
 * Partial refunds through the route table (POST /api/orders/{id}/refunds): a line of a taxed card payment given back
 * through the card provider with its tax, an amount of cash with its tax in proportion, a payment on the counter's
 * card terminal recorded only with the terminal's reference, who may refund a payment of an earlier shop day, what
 * is left and nothing more (also under concurrent calls), the points taken back in proportion and the stage kept.
 * The money settings are put back to their defaults after each test: the files of a worker share its table.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { chargeRefunded, localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { pointsEarned, pointsTakenBack } from "../../packages/core/src/shared/loyalty";
import { EARLIER_DAY_REFUND, REFUND_LINES_OR_AMOUNT, REFUND_NEEDS_REASON, TERMINAL_REFERENCE_NEEDED } from "../../packages/core/src/shared/refunds";
import { book, bookingCustomer, demo } from "./booking-support";
import { auditOf, bookedOrder, orderOf, payOrder, postEvent, staffTokens, textsOf } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };
beforeAll(async () => {
  staff = await staffTokens();
});
afterEach(async () => {
  usePaymentProvider(localProvider());
  await db().entities.shopSettings.delete({ name: "money" }).go();
});

const refund = (orderId: string, token: string, body: unknown) => call("POST", `/api/orders/${orderId}/refunds`, { token, body });
const payAtCounter = (orderId: string, method: "POS_CASH" | "POS_CARD", amountCents: number) =>
  call("POST", `/api/orders/${orderId}/payments`, { token: staff.employee, body: { method, amountCents } });

/** The local provider, recording every refund asked of it. */
function recordingRefunds() {
  const asked: { orderId: string; amountCents: number }[] = [];
  const local = localProvider();
  usePaymentProvider({
    ...local,
    refund: async (order, amountCents, key) => {
      asked.push({ orderId: order.id, amountCents });
      return local.refund(order, amountCents, key);
    },
  });
  return asked;
}

/** A booking at Littleton taxed at 7.5 %: a $45 regrip (labour) and two goods, a $15 edge guard and $5 edge tape. */
async function taxedBooking() {
  const saved = await call("PUT", "/api/admin/settings/money", {
    token: staff.admin,
    body: { taxRateBps: { LITTLETON: 750, HIGHLANDS_RANCH: 725, ONSITE: 400 }, employeeDiscountLimitPercent: 20 },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const customer = await bookingCustomer();
  await db().entities.user.patch({ userId: customer.userId }).set({ smsNotifications: true }).go();
  // Put back the units the booking takes, so the demo stock holds however often the tests run.
  for (const id of [demo.stripBlackTacky, demo.guardBlack, demo.edgeTape]) await db().entities.sku.patch({ id }).add({ stockQuantity: 1 }).go();
  const booked = await book(customer.token, customer.paddleId, { dropoffLocation: "LITTLETON", addOns: [demo.guardBlack, demo.edgeTape] }, { "idempotency-key": randomUUID() });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const orderId = booked.body.id as string;
  // $15 + $5 of goods at 7.5 %: $1.50, spread back as $1.13 on the guard and $0.37 on the tape.
  expect(await orderOf(orderId)).toMatchObject({ totalCents: 6650, taxCents: 150 });
  return { customer, orderId };
}

const refundTexts = async (orderId: string) =>
  (await textsOf(orderId)).filter((entry) => entry.template === "refundNotice" && entry.channel === "sms").map((entry) => entry.message);

const pointsOf = async (userId: string) => (await db().entities.loyaltyAccount.get({ userId }).go({ consistent: true })).data?.balance ?? 0;

describe("a refund of lines", () => {
  it("gives one add-on of a taxed card payment back through the card provider with its tax, takes its points back in proportion, and keeps the stage", async () => {
    const asked = recordingRefunds();
    const { customer, orderId } = await taxedBooking();
    const paid = await payOrder(orderId);
    expect(paid).toMatchObject({ paymentStatus: "paid", status: "SCHEDULED", pointsEarned: pointsEarned(6650) });
    const pointsBefore = await pointsOf(customer.userId);
    const before = (await call("GET", `/api/orders/${orderId}`, { token: staff.employee })).body;
    const guard = before.bill.lines[1];
    expect(guard).toMatchObject({ name: expect.stringMatching(/Edge Guard/), chargedCents: 1500, taxCents: 113, refundedQuantity: 0 });

    const answer = await refund(orderId, staff.employee, { lines: [{ lineId: "1", quantity: 1 }], reason: "Guard out of stock" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.refund).toMatchObject({
      amountCents: 1613,
      taxCents: 113,
      lines: [{ index: 1, quantity: 1 }],
      tender: "STRIPE",
      reason: "Guard out of stock",
      stripeRefundId: expect.stringMatching(/^re_local_/),
      byName: "Sam",
    });
    expect(asked).toEqual([{ orderId, amountCents: guard.chargedCents + guard.taxCents }]);
    expect(answer.body.order).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid", refundedAmountCents: 1613 });
    expect(answer.body.order.bill.lines[1].refundedQuantity).toBe(1);
    expect(answer.body.order.bill.refunds).toEqual([
      expect.objectContaining({ amountCents: 1613, taxCents: 113, lines: [{ index: 1, quantity: 1 }], reason: "Guard out of stock", tender: "STRIPE", by: "Sam" }),
    ]);
    expect(await orderOf(orderId)).toMatchObject({ status: "SCHEDULED", pointsTakenBack: pointsTakenBack(pointsEarned(6650), 6650, 1613) });
    expect(await pointsOf(customer.userId)).toBe(pointsBefore - pointsTakenBack(pointsEarned(6650), 6650, 1613));
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.refunded",
      actorName: "Sam",
      diff: { amountCents: 1613, taxCents: 113, tender: "STRIPE", reason: "Guard out of stock", lines: [{ index: 1, name: guard.name, quantity: 1 }] },
    });
    expect(await refundTexts(orderId)).toEqual([expect.stringContaining("we've refunded $16.13 (of it $1.13 sales tax) for order R-")]);

    // The same line again: nothing left of it. Stripe's own report of the refund changes nothing.
    expect(await refund(orderId, staff.employee, { lines: [{ lineId: "1", quantity: 1 }], reason: "Again" })).toMatchObject({ status: 409 });
    expect((await postEvent(chargeRefunded(await orderOf(orderId), 1613))).body.result).toBe("unchanged");

    // A double click on the tape's refund (the dialog sends one Idempotency-Key): refunded once, both answered with the one refund.
    const key = randomUUID();
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        call("POST", `/api/orders/${orderId}/refunds`, { token: staff.employee, body: { lines: [{ lineId: "2", quantity: 1 }], reason: "Tape not wanted" }, headers: { "idempotency-key": key } }),
      ),
    );
    expect([first!.status, second!.status]).toEqual([201, 201]);
    expect(first!.body.refund.stripeRefundId).toBe(second!.body.refund.stripeRefundId);
    expect(asked).toEqual([expect.anything(), { orderId, amountCents: 537 }]);
    expect(await orderOf(orderId)).toMatchObject({ refundedAmountCents: 1613 + 537, paymentStatus: "paid", status: "SCHEDULED" });
    expect((await orderOf(orderId)).refunds).toHaveLength(2);
    expect(await refundTexts(orderId)).toHaveLength(2);
  });

  it("gives cash back by an amount with its tax in proportion, refuses more than is left, and keeps the stage when nothing is left", async () => {
    const { orderId } = await taxedBooking();
    expect((await payAtCounter(orderId, "POS_CASH", 6650)).status).toBe(200);
    const paid = await orderOf(orderId);

    const part = await refund(orderId, staff.employee, { amountCents: 1000, reason: "Goodwill" });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    // $10.00 of $66.50 carries $1.50 × 1000 / 6650 = $0.2256 of tax: $0.23.
    expect(part.body.refund).toMatchObject({ amountCents: 1000, taxCents: 23, tender: "POS_CASH" });
    expect(part.body.refund.lines).toBeUndefined();
    expect(await refundTexts(orderId)).toEqual([expect.stringContaining("we've refunded $10.00 (of it $0.23 sales tax) for order")]);
    expect((await refundTexts(orderId))[0]).toContain("handed back to you in cash at the counter");

    expect(await refund(orderId, staff.employee, { amountCents: 5651, reason: "Too much" })).toMatchObject({
      status: 409,
      body: { message: "Only $56.50 is left to refund." },
    });
    const rest = await refund(orderId, staff.employee, { amountCents: 5650, reason: "Customer unhappy" });
    expect(rest.status).toBe(201);
    // The last cent gives back the last of the tax: the refunds' taxes add up to the order's.
    expect(rest.body.refund.taxCents).toBe(127);
    expect(await orderOf(orderId)).toMatchObject({ status: paid.status, paymentStatus: "refunded", refundedAmountCents: 6650 });
    expect(await refund(orderId, staff.employee, { amountCents: 1, reason: "More" })).toMatchObject({ status: 409, body: { message: "This order has no payment left to refund." } });
  });
});

describe("a payment on the counter's card terminal", () => {
  it("is refunded on the terminal first: without its reference nothing is recorded and nothing told", async () => {
    const { customer, orderId, order } = await bookedOrder();
    await db().entities.user.patch({ userId: customer.userId }).set({ smsNotifications: true }).go();
    expect((await payAtCounter(orderId, "POS_CARD", order.totalCents)).status).toBe(200);
    expect(await refund(orderId, staff.employee, { amountCents: 800, reason: "Build-up not done" })).toMatchObject({
      status: 400,
      body: { message: TERMINAL_REFERENCE_NEEDED },
    });
    expect(await orderOf(orderId)).toMatchObject({ refundedAmountCents: 0 });
    expect(await refundTexts(orderId)).toEqual([]);
    // A cancel's refund of it asks the same.
    expect(await call("POST", `/api/orders/${orderId}/status`, { token: staff.employee, body: { status: "CANCELED", refund: true } })).toMatchObject({
      status: 400,
      body: { message: TERMINAL_REFERENCE_NEEDED },
    });

    const answer = await refund(orderId, staff.employee, { lines: [{ lineId: "1", quantity: 1 }], reason: "Build-up not done", terminalReference: " TRM-4471 " });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.refund).toMatchObject({ amountCents: 800, taxCents: 0, tender: "POS_CARD", terminalReference: "TRM-4471" });
    expect(answer.body.order.bill.refunds[0]).toMatchObject({ terminalReference: "TRM-4471", tender: "POS_CARD" });
    expect(await refundTexts(orderId)).toEqual([expect.stringContaining("refunded to your card at the counter")]);
    expect((await auditOf(orderId)).at(-1)).toMatchObject({ action: "order.refunded", diff: { tender: "POS_CARD", terminalReference: "TRM-4471", amountCents: 800 } });
  });
});

describe("who may refund", () => {
  it("refuses bad requests and customers without changing anything", async () => {
    const { customer, orderId, order } = await bookedOrder();
    expect((await payAtCounter(orderId, "POS_CASH", order.totalCents)).status).toBe(200);
    for (const [body, message] of [
      [{ amountCents: 100, lines: [{ lineId: "0", quantity: 1 }], reason: "x" }, REFUND_LINES_OR_AMOUNT],
      [{ reason: "x" }, REFUND_LINES_OR_AMOUNT],
      [{ amountCents: 100, reason: "  " }, REFUND_NEEDS_REASON],
      [{ amountCents: 100 }, REFUND_NEEDS_REASON],
      [{ amountCents: 100, reason: "x".repeat(501) }, "The reason must be 500 characters or less"],
      [{ amountCents: 0, reason: "x" }, "The amount must be a whole number of cents, at least 1"],
      [{ lines: [{ lineId: "7", quantity: 1 }], reason: "x" }, "Unknown line: 7"],
      [{ lines: [{ lineId: "1", quantity: 2 }], reason: "x" }, "Only 1 of Handle Build-Up can still be refunded."],
    ] as const) {
      const answer = await refund(orderId, staff.employee, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await refund(orderId, customer.token, { amountCents: 100, reason: "x" })).status).toBe(403);
    expect((await refund(randomUUID(), staff.employee, { amountCents: 100, reason: "x" })).status).toBe(404);
    expect(await orderOf(orderId)).toMatchObject({ refundedAmountCents: 0, paymentStatus: "paid" });
  });

  it("gives an employee only the payments of the same shop day; an earlier one is an admin's, by refund or by cancel", async () => {
    const { orderId, order } = await bookedOrder();
    expect((await payAtCounter(orderId, "POS_CASH", order.totalCents)).status).toBe(200);
    // Paid 30 hours ago: always an earlier day in the shop's zone.
    await db().entities.serviceOrder.patch({ id: orderId }).set({ paidAt: new Date(Date.now() - 30 * 60 * 60 * 1000).toISOString() }).go();
    const before = await orderOf(orderId);
    expect(await refund(orderId, staff.employee, { amountCents: 500, reason: "Late complaint" })).toMatchObject({ status: 403, body: { message: EARLIER_DAY_REFUND } });
    const cancel = await call("POST", `/api/orders/${orderId}/status`, { token: staff.employee, body: { status: "CANCELED", refund: true, note: "Changed their mind" } });
    expect(cancel).toMatchObject({ status: 403, body: { message: expect.stringContaining(EARLIER_DAY_REFUND) } });
    expect(await orderOf(orderId)).toMatchObject({ status: before.status, paymentStatus: "paid", refundedAmountCents: 0 });

    const admin = await refund(orderId, staff.admin, { amountCents: 500, reason: "Late complaint" });
    expect(admin.status, JSON.stringify(admin.body)).toBe(201);
    expect(admin.body.order).toMatchObject({ status: before.status, refundedAmountCents: 500 });
    const canceled = await call("POST", `/api/orders/${orderId}/status`, { token: staff.admin, body: { status: "CANCELED", refund: true, note: "Changed their mind" } });
    expect(canceled.body).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: order.totalCents });
    expect((await orderOf(orderId)).refunds?.map((entry) => entry.amountCents)).toEqual([500, order.totalCents - 500]);
  });

  it("never gives back more than was paid, however many refunds arrive at once", async () => {
    const { customer, orderId, order } = await bookedOrder();
    await payOrder(orderId);
    const pointsBefore = await pointsOf(customer.userId);
    const amounts = [2000, 2100, 2200, 2300, 2400];
    const answers = await Promise.all(amounts.map((amountCents) => refund(orderId, staff.employee, { amountCents, reason: `Refund of ${amountCents}` })));
    for (const answer of answers) expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
    const given = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.refund.amountCents as number);
    const after = await orderOf(orderId);
    expect(given.reduce((a, b) => a + b, 0)).toBe(after.refundedAmountCents);
    expect(after.refundedAmountCents).toBeLessThanOrEqual(order.totalCents);
    expect(after.refunds?.map((entry) => entry.amountCents).sort()).toEqual([...given].sort());
    expect(await pointsOf(customer.userId)).toBe(pointsBefore - pointsTakenBack(pointsEarned(order.totalCents), order.totalCents, after.refundedAmountCents));
  });
});
