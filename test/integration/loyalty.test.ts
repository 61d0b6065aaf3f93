/**
 * Loyalty points through the route table against DynamoDB Local: earned once per payment (however often
 * Stripe delivers it), at the counter too, never for a comp; taken back in proportion by a refund; redeemed at
 * booking and at the storefront, priced and spent in the order's transaction (two orders cannot spend the same
 * points); given back once by a cancel; read by the customer and adjusted by an admin.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { BELOW_ZERO } from "../../packages/core/src/loyalty";
import { chargeRefunded, checkoutCompleted, localProvider, localSessionId } from "../../packages/core/src/payments/local";
import { checkoutLines } from "../../packages/core/src/payments/provider-parts";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { REDEEM_OVER_TOTAL, REDEEM_STEP_MESSAGE, redeemOverBalance } from "../../packages/core/src/shared/loyalty";
import { ADJUST_POINTS_MESSAGE, ADJUST_REASON_REQUIRED, ADJUST_REASON_TOO_LONG } from "../../packages/core/src/shared/loyalty-adjust";
import { REDEEM_POINTS_NOT_A_NUMBER } from "../../packages/core/src/shared/loyalty-input";
import { book, bookingCustomer, demo, freeBag, paddleOf } from "./booking-support";
import { bookedOrder, orderOf, payOrder, postEvent, staffTokens } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };
beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

const points = (token: string, query = "") => call("GET", `/api/loyalty${query}`, { token });
const adjust = (userId: string, body: unknown, token = staff.admin) => call("POST", `/api/admin/loyalty/${userId}/adjust`, { token, body });
const move = (orderId: string, token: string, body: unknown) => call("POST", `/api/orders/${orderId}/status`, { token, body });
const pay = (orderId: string, token: string, body: unknown) => call("POST", `/api/orders/${orderId}/payments`, { token, body });

/** The balance as stored (the account item) and the entries as the customer reads them. */
async function pointsOf(token: string) {
  const answer = await points(token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { balance: number; entries: { type: string; points: number; orderId: string | null; reason: string | null }[]; cursor: string | null };
}

/** Gives a customer points through the admin's adjustment. */
async function grant(userId: string, amount: number) {
  const answer = await adjust(userId, { points: amount, reason: "Welcome gift for the test" });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A booking of the $12.00 Basic Overgrip (its unit put back first, so the demo stock holds). */
async function bookBasic(customer: { token: string; paddleId: string }, extra: Record<string, unknown> = {}) {
  await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 1 }).go();
  return book(customer.token, customer.paddleId, { service: demo.basicBlackDry, ...extra }, { "idempotency-key": randomUUID() });
}

describe("earning", () => {
  it("credits a card payment's points once under 10 deliveries of its event, one after the other and all at once", async () => {
    const { orderId, order, customer } = await bookedOrder();
    const event = checkoutCompleted(order, localSessionId(orderId));
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await postEvent(event));
    const concurrent = await Promise.all([1, 2, 3, 4, 5].map(() => postEvent(event)));
    const results = [...sequential, ...concurrent].map((answer) => answer.body.result);
    expect(results.filter((result) => result === "applied")).toHaveLength(1);
    expect(results.filter((result) => result === "duplicate")).toHaveLength(9);

    // $53.00 paid: 53 points, one entry, recorded on the order.
    const mine = await pointsOf(customer.token);
    expect(mine.balance).toBe(53);
    expect(mine.entries).toEqual([
      // The order named by its number, as the history shows it.
      { id: expect.any(String), orderId, orderNumber: `R-${order.number}`, type: "earn", points: 53, reason: "Paid $53.00 by card", createdAt: expect.any(String) },
    ]);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", pointsEarned: 53 });

    // A second payment of the paid order (another checkout tab) is staff's to give back: it earns nothing.
    expect((await postEvent(checkoutCompleted(order, localSessionId(orderId)))).status).toBe(200);
    expect((await pointsOf(customer.token)).balance).toBe(53);
  });

  it("credits a cash payment at the counter, after the discount", async () => {
    const { orderId, order, customer } = await bookedOrder({ discountCents: 530 });
    const paid = await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: order.totalCents });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // $53.00 less $5.30 = $47.70: 47 points.
    const mine = await pointsOf(customer.token);
    expect(mine).toMatchObject({ balance: 47, entries: [{ type: "earn", points: 47, orderId, reason: "Paid $47.70 at the counter" }] });
    // A second click records nothing more.
    expect((await pay(orderId, staff.employee, { method: "POS_CASH", amountCents: order.totalCents })).status).toBe(409);
    expect((await pointsOf(customer.token)).balance).toBe(47);
  });

  it("credits nothing for a comp", async () => {
    const { orderId, customer } = await bookedOrder();
    const comped = await pay(orderId, staff.admin, { method: "COMP", reason: "Regular of ten years" });
    expect(comped.status, JSON.stringify(comped.body)).toBe(200);
    expect(await pointsOf(customer.token)).toEqual({ balance: 0, entries: [], cursor: null });
    expect((await orderOf(orderId)).pointsEarned).toBeUndefined();
  });

  it("nets to nothing a payment Stripe reported refunded in full before it landed", async () => {
    const { orderId, order, customer } = await bookedOrder();
    const payment = checkoutCompleted(order, localSessionId(orderId), { paymentIntentId: "pi_local_points_early" });
    const refund = chargeRefunded({ ...order, stripePaymentIntentId: "pi_local_points_early" }, order.totalCents);
    expect((await postEvent(refund)).body.result).toBe("applied");
    expect((await postEvent(payment)).body.result).toBe("applied");
    const mine = await pointsOf(customer.token);
    expect(mine.balance).toBe(0);
    expect(mine.entries.map((entry) => [entry.type, entry.points])).toEqual([
      ["takeback", -53],
      ["earn", 53],
    ]);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded", pointsEarned: 53, pointsTakenBack: 53 });
  });
});

describe("taking back", () => {
  it("takes back in proportion on a part refund, the rest on the full refund, each once", async () => {
    const { orderId, customer } = await bookedOrder();
    const paid = await payOrder(orderId);
    const part = chargeRefunded(paid, 1000);
    expect((await postEvent(part)).body.result).toBe("applied");
    expect((await postEvent(part)).body.result).toBe("duplicate");
    // $10.00 of $53.00 back: 10 of 53 points.
    expect((await pointsOf(customer.token)).balance).toBe(43);
    expect((await postEvent(chargeRefunded(paid, paid.totalCents))).body.result).toBe("applied");
    const mine = await pointsOf(customer.token);
    expect(mine.balance).toBe(0);
    expect(mine.entries.map((entry) => [entry.type, entry.points, entry.reason])).toEqual([
      ["takeback", -43, "Refund of $43.00"],
      ["takeback", -10, "Refund of $10.00"],
      ["earn", 53, "Paid $53.00 by card"],
    ]);
    expect(await orderOf(orderId)).toMatchObject({ pointsEarned: 53, pointsTakenBack: 53, refundedAmountCents: paid.totalCents });
  });

  it("takes back every point when staff cancel a paid order with its refund, and the balance may go below 0 if they were spent", async () => {
    const { orderId, customer } = await bookedOrder();
    await payOrder(orderId);
    // The customer spends 50 of the 53 points (an admin's adjustment stands in for a redemption here).
    const { body: me } = await call("GET", "/api/auth/user", { token: customer.token });
    expect((await adjust(me.id, { points: -50, reason: "Spent elsewhere" })).body).toEqual({ balance: 3 });
    const canceled = await move(orderId, staff.employee, { status: "CANCELED", refund: true });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded", pointsTakenBack: 53 });
    expect((await pointsOf(customer.token)).balance).toBe(-50);
  });
});

describe("redeeming at booking", () => {
  it("prices the points after the promotion, spends them in the order's transaction, and charges the rest", async () => {
    const customer = await bookingCustomer();
    await grant(customer.userId, 250);
    const booked = await bookBasic(customer, { redeemPoints: 100 });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toEqual({ id: expect.any(String), number: expect.stringMatching(/^R-\d{4,}$/), requiresPayment: true, pickupDate: expect.any(String), bagNumber: expect.any(String) });
    const orderId = booked.body.id as string;
    const order = await orderOf(orderId);
    // $12.00 less 100 points ($10.00): $2.00 to pay by card.
    expect(order).toMatchObject({ subtotalCents: 1200, pointsRedeemed: 100, pointsDiscountCents: 1000, totalCents: 200, paymentStatus: "unpaid" });
    const view = await call("GET", `/api/orders/${orderId}`, { token: customer.token });
    expect(view.body).toMatchObject({ pointsRedeemed: 100, pointsDiscountCents: 1000, totalCents: 200 });
    const mine = await pointsOf(customer.token);
    expect(mine.balance).toBe(150);
    expect(mine.entries[0]).toMatchObject({ type: "redeem", points: -100, orderId });

    // The checkout asks for the $2.00 left, and paying it earns 2 points.
    const checkout = await call("POST", `/api/orders/${orderId}/checkout`, { token: customer.token });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkoutLines(order).reduce((sum, line) => sum + line.amountCents * line.quantity, 0)).toBe(200);
    const paid = await payOrder(orderId);
    expect(paid).toMatchObject({ paymentStatus: "paid", pointsEarned: 2 });
    expect((await pointsOf(customer.token)).balance).toBe(152);
  });

  it("refuses a step that is not 100, more than the balance, or more than the order is worth, changing nothing", async () => {
    const customer = await bookingCustomer();
    await grant(customer.userId, 250);
    const before = (await db().entities.serviceOrder.query.byUser({ userId: customer.userId }).go()).data.length;
    for (const [redeemPoints, message] of [
      [150, REDEEM_STEP_MESSAGE],
      [-100, REDEEM_STEP_MESSAGE],
      ["100", REDEEM_POINTS_NOT_A_NUMBER],
      [300, redeemOverBalance(250)],
      [200, REDEEM_OVER_TOTAL],
    ] as const) {
      const answer = await bookBasic(customer, { redeemPoints });
      expect(answer, String(redeemPoints)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await pointsOf(customer.token)).balance).toBe(250);
    expect((await db().entities.serviceOrder.query.byUser({ userId: customer.userId }).go()).data).toHaveLength(before);
  });

  it("lets only one of two bookings at once spend the same points", async () => {
    const customer = await bookingCustomer();
    await grant(customer.userId, 100);
    await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 2 }).go();
    const bags = await Promise.all([freeBag(), freeBag()]);
    // Each booking of a paddle of its own (one open order per paddle): only the points are raced for.
    const paddles = [customer.paddleId, await paddleOf(customer.userId)];
    const answers = await Promise.all(
      bags.map((bagNumber, i) =>
        book(customer.token, paddles[i]!, { service: demo.basicBlackDry, bagNumber, redeemPoints: 100 }, { "idempotency-key": randomUUID() }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body).toEqual({ message: redeemOverBalance(0) });
    const mine = await pointsOf(customer.token);
    expect(mine.balance).toBe(0);
    expect(mine.entries.filter((entry) => entry.type === "redeem")).toHaveLength(1);
    const orders = (await db().entities.serviceOrder.query.byUser({ userId: customer.userId }).go()).data;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ pointsRedeemed: 100 });
  });

  it("gives the points back once when the order is canceled", async () => {
    const customer = await bookingCustomer();
    await grant(customer.userId, 100);
    const booked = await bookBasic(customer, { redeemPoints: 100 });
    expect(booked.status).toBe(201);
    const orderId = booked.body.id as string;
    expect((await pointsOf(customer.token)).balance).toBe(0);

    const canceled = await move(orderId, customer.token, { status: "CANCELED" });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect((await move(orderId, customer.token, { status: "CANCELED" })).status).toBe(409);
    expect((await move(orderId, staff.employee, { status: "CANCELED" })).status).toBe(409);
    const mine = await pointsOf(customer.token);
    expect(mine.balance).toBe(100);
    expect(mine.entries.map((entry) => [entry.type, entry.points])).toEqual([
      ["return", 100],
      ["redeem", -100],
      ["adjust", 100],
    ]);
    expect((await orderOf(orderId)).pointsReturnedAt).toEqual(expect.any(String));
  });
});

describe("redeeming at the storefront", () => {
  const madeSkus: string[] = [];
  async function counterSku(priceCents: number) {
    const id = `sku-points-${randomUUID()}`;
    await db()
      .entities.sku.create({
        id,
        code: `PTS-${id.slice(-12).toUpperCase()}`,
        name: `Points item ${id.slice(-6)}`,
        category: "OTHER",
        type: "ONE_TIME",
        unitAmountCents: priceCents,
        stockQuantity: 0,
        unlimitedStock: true,
        displayOrder: 9998,
        isVisible: true,
      })
      .go();
    madeSkus.push(id);
    return id;
  }
  afterAll(async () => {
    for (const id of madeSkus) await db().entities.sku.delete({ id }).go();
  });
  const invoice = (body: Record<string, unknown>) =>
    call("POST", "/api/storefront/invoice", { token: staff.employee, body, headers: { "idempotency-key": randomUUID() } });

  it("takes the customer's points off the cart after the promotion, and the payment link asks for the rest", async () => {
    const customer = await bookingCustomer();
    await grant(customer.userId, 300);
    const sku = await counterSku(2500);
    // 2 × $25.00 = $50.00, GRIP5 takes $5.00, 300 points $30.00: $15.00 left.
    const answer = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 2 }], promoCode: "GRIP5", redeemPoints: 300 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.checkoutUrl).toEqual(expect.any(String));
    const order = await orderOf(answer.body.orderId);
    expect(order).toMatchObject({ subtotalCents: 5000, discountAmountCents: 500, pointsRedeemed: 300, pointsDiscountCents: 3000, totalCents: 1500 });
    expect(answer.body.order).toMatchObject({ pointsRedeemed: 300, pointsDiscountCents: 3000, totalCents: 1500 });
    expect(checkoutLines(order).reduce((sum, line) => sum + line.amountCents * line.quantity, 0)).toBe(1500);
    const mine = await pointsOf(customer.token);
    expect(mine.balance).toBe(0);
    expect(mine.entries[0]).toMatchObject({ type: "redeem", points: -300, orderId: order.id });
  });

  it("sends no payment link when the points pay for everything, and refuses what the balance or the cart cannot take", async () => {
    const customer = await bookingCustomer();
    await grant(customer.userId, 200);
    const sku = await counterSku(1000);
    const free = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 1 }], redeemPoints: 100 });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body).toMatchObject({ checkoutUrl: null, order: { totalCents: 0, paymentStatus: "comp", status: "SERVICE_QUEUE" } });
    expect((await pointsOf(customer.token)).balance).toBe(100);

    for (const [redeemPoints, message] of [
      [50, REDEEM_STEP_MESSAGE],
      [200, redeemOverBalance(100)],
    ] as const) {
      const answer = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 3 }], redeemPoints });
      expect(answer).toMatchObject({ status: 400, body: { message } });
    }
    await grant(customer.userId, 100);
    const over = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 1 }], redeemPoints: 200 });
    expect(over).toMatchObject({ status: 400, body: { message: REDEEM_OVER_TOTAL } });
    expect((await pointsOf(customer.token)).balance).toBe(200);
  });
});

describe("GET /api/loyalty", () => {
  it("answers the caller's own entries newest first, a page at a time, and refuses a cursor that is not its own", async () => {
    const customer = await bookingCustomer();
    for (const amount of [10, 20, 30]) await grant(customer.userId, amount);
    const first = await points(customer.token, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.balance).toBe(60);
    expect(first.body.entries.map((entry: { points: number }) => entry.points)).toEqual([30, 20]);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await points(customer.token, `?limit=2&cursor=${first.body.cursor}`);
    expect(second.body).toMatchObject({ balance: 60, cursor: null });
    expect(second.body.entries.map((entry: { points: number }) => entry.points)).toEqual([10]);

    // Another customer cannot read these entries with this cursor, nor with a forged one.
    const other = await bookingCustomer();
    expect(await points(other.token, `?cursor=${first.body.cursor}`)).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    expect(await points(other.token, "?cursor=bm90LWEtY3Vyc29y")).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    expect((await call("GET", "/api/loyalty")).status).toBe(401);
  });
});

describe("POST /api/admin/loyalty/{userId}/adjust", () => {
  it("adds and takes away points with a reason, a ledger entry and an audit entry each", async () => {
    const customer = await bookingCustomer();
    expect(await adjust(customer.userId, { points: 120, reason: "Apology for a late pickup" })).toMatchObject({ status: 200, body: { balance: 120 } });
    expect(await adjust(customer.userId, { points: -20, reason: "Correction" })).toMatchObject({ status: 200, body: { balance: 100 } });
    const mine = await pointsOf(customer.token);
    expect(mine.entries.map((entry) => [entry.type, entry.points, entry.reason, entry.orderId])).toEqual([
      ["adjust", -20, "Correction", null],
      ["adjust", 120, "Apology for a late pickup", null],
    ]);
    const { data: audit } = await db().entities.auditLog.query.byTarget({ targetType: "user", targetId: customer.userId }).go();
    expect(audit.map((entry) => [entry.action, entry.diff])).toEqual(
      expect.arrayContaining([
        ["loyalty.adjusted", { points: 120, reason: "Apology for a late pickup" }],
        ["loyalty.adjusted", { points: -20, reason: "Correction" }],
      ]),
    );
  });

  it("refuses bad input, an unknown customer, below 0, and anyone but an admin, changing nothing", async () => {
    const customer = await bookingCustomer();
    await grant(customer.userId, 50);
    for (const [body, message] of [
      [{ points: 0, reason: "x" }, ADJUST_POINTS_MESSAGE],
      [{ points: 2.5, reason: "x" }, ADJUST_POINTS_MESSAGE],
      [{ points: "10", reason: "x" }, ADJUST_POINTS_MESSAGE],
      [{ points: 10 }, ADJUST_REASON_REQUIRED],
      [{ points: 10, reason: "   " }, ADJUST_REASON_REQUIRED],
      [{ points: 10, reason: "x".repeat(501) }, ADJUST_REASON_TOO_LONG],
    ] as const) {
      expect(await adjust(customer.userId, body), JSON.stringify(body).slice(0, 60)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await adjust(customer.userId, { points: -51, reason: "Too much" })).toMatchObject({ status: 409, body: { message: BELOW_ZERO(50) } });
    expect(await adjust(randomUUID(), { points: 10, reason: "Nobody" })).toMatchObject({ status: 404, body: { message: "Customer not found" } });
    expect((await adjust(customer.userId, { points: 10, reason: "Employee" }, staff.employee)).status).toBe(403);
    expect((await adjust(customer.userId, { points: 10, reason: "Myself" }, customer.token)).status).toBe(403);
    expect((await call("POST", `/api/admin/loyalty/${customer.userId}/adjust`, { body: { points: 10, reason: "Nobody" } })).status).toBe(401);
    const mine = await pointsOf(customer.token);
    expect(mine.balance).toBe(50);
    expect(mine.entries).toHaveLength(1);
  });
});
