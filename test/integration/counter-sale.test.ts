/**
 * A counter sale ends with the money (docs/api-staff.md "Storefront and quick sale", shared/counter-sale.ts), through
 * the route table: a sale paid at the counter needs no verification code and texts nothing; a payment link goes only
 * to a confirmed number (the customer's code, or the employee's confirmation, kept in the audit entry); the
 * storefront takes a paddle and assigns a free bag when none is typed; a double submit makes one order.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { bookingCustomer, demo, freeBag, paddleOf } from "./booking-support";
import { auditOf, orderOf, staffTokens, textsOf } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

/** A walk-in made at the counter: a phone on file, never verified by a code. */
async function walkIn(withPhone = true): Promise<string> {
  const phone = `720${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const made = await call("POST", "/api/admin/customers", {
    token: staff.employee,
    headers: { "idempotency-key": randomUUID() },
    body: { firstName: "Walk", lastName: `In ${randomUUID().slice(0, 6)}`, ...(withPhone ? { phone } : {}) },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}

const quickSale = (body: Record<string, unknown>, key = randomUUID()) =>
  call("POST", "/api/book-service", { token: staff.employee, body, headers: { "idempotency-key": key } });
const invoice = (body: Record<string, unknown>, key = randomUUID()) =>
  call("POST", "/api/storefront/invoice", { token: staff.employee, body, headers: { "idempotency-key": key } });

/** An order whose bag the shop assigned is canceled when done, so the lowest free bag is free for the next file. */
const cancel = (orderId: string) => call("POST", `/api/orders/${orderId}/status`, { token: staff.admin, body: { status: "CANCELED" } });

const ordersOf = async (userId: string) => (await db().entities.serviceOrder.query.byUser({ userId }).go({ pages: "all" })).data;
const newPaddle = { nickname: "Counter Red", brand: "Joola" };

describe("a quick sale paid at the counter", () => {
  it("needs no verification code, texts nothing, and the cash taken pays the order", async () => {
    const customerId = await walkIn();
    const sale = await quickSale({ customerId, paddle: newPaddle, bagNumber: await freeBag(), services: ["regrip"], payment: "counter" });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({ checkoutUrl: null, requiresPayment: true, smsStatus: { success: false } });
    expect(await textsOf(sale.body.orderId)).toEqual([]);
    const order = await orderOf(sale.body.orderId);
    expect(order.invoiceUrl ?? null).toBeNull();
    const entry = (await auditOf(order.id)).find((each) => each.action === "order.quick_sale");
    expect(entry?.diff).toMatchObject({ payment: "counter" });
    // The counter's payment, as the order page's dialog takes it.
    const paid = await call("POST", `/api/orders/${order.id}/payments`, {
      token: staff.employee,
      body: { method: "POS_CASH", amountCents: order.totalCents },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await orderOf(order.id)).paymentStatus).toBe("paid");
  });

  it("sends the link again later only to a confirmed number: 428 for the walk-in's unconfirmed phone, sent once the employee confirms it", async () => {
    const customerId = await walkIn();
    const sale = await quickSale({ customerId, paddle: newPaddle, bagNumber: await freeBag(), services: ["regrip"], payment: "counter" });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const resend = (body: Record<string, unknown>) => call("POST", `/api/orders/${sale.body.orderId}/payment-link`, { token: staff.employee, body });
    expect(await resend({})).toMatchObject({ status: 428, body: { message: expect.stringContaining("confirm the number with the customer") } });
    expect(await resend({ phoneConfirmed: "yes" })).toMatchObject({ status: 400 });
    expect(await textsOf(sale.body.orderId)).toEqual([]);
    const sent = await resend({ phoneConfirmed: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await textsOf(sale.body.orderId)).some((text) => text.message.includes(sent.body.checkoutUrl))).toBe(true);
    await cancel(sale.body.orderId);
  });

  it("refuses a payment link to a number nobody confirmed (428), and texts one the employee confirmed", async () => {
    const customerId = await walkIn();
    const body = { customerId, paddle: newPaddle, services: ["regrip"], payment: "link" };
    const refused = await quickSale({ ...body, bagNumber: await freeBag() });
    expect(refused.status).toBe(428);
    expect(refused.body.message).toContain("confirm the number with the customer");
    expect(await ordersOf(customerId)).toEqual([]);

    const sale = await quickSale({ ...body, bagNumber: await freeBag(), phoneConfirmed: true });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.smsStatus).toEqual({ success: true, message: "Payment link sent by text" });
    expect((await textsOf(sale.body.orderId)).map((text) => text.messageType)).toEqual(["storefront_order"]);
    const entry = (await auditOf(sale.body.orderId)).find((each) => each.action === "order.quick_sale");
    expect(entry?.diff).toMatchObject({ payment: "link", phoneConfirmedBy: "staff" });
  });

  it("refuses a payment link to a customer with no phone (400), and sells to them paid at the counter", async () => {
    const customerId = await walkIn(false);
    const refused = await quickSale({ customerId, paddle: newPaddle, bagNumber: await freeBag(), services: ["regrip"], payment: "link", phoneConfirmed: true });
    expect(refused).toMatchObject({ status: 400, body: { message: "Customer must have a phone number to receive payment link" } });
    const sale = await quickSale({ customerId, paddle: newPaddle, bagNumber: await freeBag(), services: ["regrip"], payment: "counter" });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  });

  it("refuses a way to pay it does not know", async () => {
    const customerId = await walkIn();
    const answer = await quickSale({ customerId, paddle: newPaddle, bagNumber: await freeBag(), services: ["regrip"], payment: "cheque" });
    expect(answer).toMatchObject({ status: 400, body: { message: "Choose how the customer pays: at the counter, or by the payment link" } });
  });
});

describe("a storefront sale", () => {
  it("takes a paddle on file into its bag and assigns a free bag when none is typed", async () => {
    const customer = await bookingCustomer();
    const paddleId = await paddleOf(customer.userId, { nickname: "Old Faithful" });
    const sale = await invoice({ customerId: customer.userId, paddleId, items: [{ id: demo.edgeTape, quantity: 1 }], payment: "counter" });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body).toMatchObject({ bagAssigned: true, checkoutUrl: null });
    expect(sale.body.reference).toMatch(/^R-\d+$/);
    const order = await orderOf(sale.body.orderId);
    expect(order.paddleId).toBe(paddleId);
    expect(order.paddle).toMatchObject({ nickname: "Old Faithful" });
    expect(order.bagNumber).toMatch(/^[0-9A-Z]{3}$/);
    const { data: paddle } = await db().entities.paddle.get({ userId: customer.userId, id: paddleId }).go({ consistent: true });
    const { data: bag } = await db().entities.bag.query.byCode({ code3: order.bagNumber! }).go({ limit: 1 });
    expect(paddle?.bagId).toBe(bag[0]?.id);
    expect(await textsOf(order.id)).toEqual([]);
    expect((await cancel(order.id)).status).toBe(200);
  });

  it("makes a new paddle with the order", async () => {
    const customer = await bookingCustomer();
    const sale = await invoice({ customerId: customer.userId, paddle: { nickname: "Fresh Blue", model: "Perseus" }, bagNumber: await freeBag(), items: [{ id: demo.edgeTape, quantity: 1 }] });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const order = await orderOf(sale.body.orderId);
    expect(order.paddle).toMatchObject({ nickname: "Fresh Blue", brand: "Unknown", model: "Perseus" });
    const { data: paddle } = await db().entities.paddle.get({ userId: customer.userId, id: order.paddleId! }).go({ consistent: true });
    expect(paddle?.nickname).toBe("Fresh Blue");
  });

  it("refuses another customer's paddle (404), writing nothing", async () => {
    const [customer, other] = await Promise.all([bookingCustomer(), bookingCustomer()]);
    const answer = await invoice({ customerId: customer.userId, paddleId: other.paddleId, bagNumber: await freeBag(), items: [{ id: demo.edgeTape, quantity: 1 }] });
    expect(answer.status).toBe(404);
    expect(await ordersOf(customer.userId)).toEqual([]);
  });

  it("texts a link only to a confirmed number: 428 for a walk-in's unconfirmed phone, then sent once confirmed", async () => {
    const customerId = await walkIn();
    const body = { customerId, paddle: newPaddle, items: [{ id: demo.edgeTape, quantity: 1 }], payment: "link" };
    const refused = await invoice({ ...body, bagNumber: await freeBag() });
    expect(refused.status).toBe(428);
    expect(await ordersOf(customerId)).toEqual([]);
    const sale = await invoice({ ...body, bagNumber: await freeBag(), phoneConfirmed: true });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.smsStatus.success).toBe(true);
    const entry = (await auditOf(sale.body.orderId)).find((each) => each.action === "order.invoiced");
    expect(entry?.diff).toMatchObject({ payment: "link", phoneConfirmedBy: "staff" });
  });
});

describe("a double submit", () => {
  it("makes one order of each flow, with one bag and one paddle", async () => {
    const customer = await bookingCustomer();
    const sale = { customerId: customer.userId, paddle: { nickname: "Twice" }, payment: "counter" };
    const quickKey = randomUUID();
    const quick = await Promise.all([0, 1].map(() => quickSale({ ...sale, services: ["regrip"] }, quickKey)));
    const storeKey = randomUUID();
    const store = await Promise.all([0, 1].map(() => invoice({ ...sale, items: [{ id: demo.edgeTape, quantity: 1 }] }, storeKey)));
    for (const answer of [...quick, ...store]) expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
    expect(new Set(quick.map((answer) => answer.body.orderId)).size).toBe(1);
    expect(new Set(store.map((answer) => answer.body.orderId)).size).toBe(1);
    const orders = await ordersOf(customer.userId);
    expect(orders).toHaveLength(2);
    const { data: paddles } = await db().entities.paddle.query.byOwner({ userId: customer.userId }).go({ pages: "all" });
    // The customer's own paddle from bookingCustomer, and one made by each sale.
    expect(paddles.filter((paddle) => paddle.nickname === "Twice")).toHaveLength(2);
    for (const order of orders) expect((await cancel(order.id)).status).toBe(200);
  });
});

describe("GET /api/customers/{id}/paddles", () => {
  it("answers staff the customer's own paddles, newest first, and refuses a customer", async () => {
    const customer = await bookingCustomer();
    const second = await paddleOf(customer.userId, { nickname: "Newer One" });
    const answer = await call("GET", `/api/customers/${customer.userId}/paddles`, { token: staff.employee });
    expect(answer.status).toBe(200);
    expect((answer.body as { id: string }[]).map((paddle) => paddle.id)).toEqual([second, customer.paddleId]);
    expect((await call("GET", `/api/customers/${customer.userId}/paddles`, { token: customer.token })).status).toBe(403);
    expect((await call("GET", `/api/customers/${randomUUID()}/paddles`, { token: staff.employee })).body).toEqual([]);
  });
});
