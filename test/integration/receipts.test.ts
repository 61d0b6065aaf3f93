/**
 * Walk-ins get a receipt (README, "What staff can do"): a counter sale carries an unguessable receipt link, its
 * checkout returns there, GET /api/receipts/{id}?t= answers that order's receipt to anyone holding the link and
 * nothing else to anyone else, and the payment's webhook texts the receipt once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { checkoutCompleted } from "../../packages/core/src/payments/local";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { dollars } from "../../packages/core/src/shared/payment";
import { RECEIPT_NOT_FOUND } from "../../packages/core/src/shared/receipts";
import { bookingCustomer, freeBag } from "./booking-support";
import { bookedOrder, localPaymentServer, orderOf, payOrder, postEvent, staffTokens, textsOf } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };
let employeeId: string;
const madeSkus: string[] = [];

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
  employeeId = (await call("GET", "/api/auth/user", { token: staff.employee })).body.id;
});
afterAll(async () => {
  for (const id of madeSkus) await db().entities.sku.delete({ id }).go();
});

/** A visible sku of unlimited stock made for this file. */
async function testSku(name: string, priceCents: number) {
  const id = `sku-receipt-${randomUUID()}`;
  await db()
    .entities.sku.create({
      id,
      code: `RCP-${id.slice(-12).toUpperCase()}`,
      name,
      category: "OTHER",
      type: "ONE_TIME",
      unitAmountCents: priceCents,
      stockQuantity: 0,
      unlimitedStock: true,
      displayOrder: 9996,
      isVisible: true,
    })
    .go();
  madeSkus.push(id);
  return id;
}

/** A storefront invoice for a new walk-in with a phone: two lines, one of two units, and a staff note. */
async function counterOrder() {
  const customer = await bookingCustomer();
  const [towel, tape] = [await testSku("Court Towel", 1200), await testSku("Lead Tape", 350)];
  const answer = await call("POST", "/api/storefront/invoice", {
    token: staff.employee,
    headers: { "idempotency-key": randomUUID() },
    body: { customerId: customer.userId, bagNumber: await freeBag(), myGripNotes: "Staff-only note 7731", items: [{ id: towel, quantity: 1 }, { id: tape, quantity: 2 }] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const orderId = answer.body.orderId as string;
  return { customer, orderId, order: await orderOf(orderId), checkoutUrl: answer.body.checkoutUrl as string };
}

const receiptOf = (orderId: string, token?: string) =>
  call("GET", `/api/receipts/${encodeURIComponent(orderId)}${token === undefined ? "" : `?t=${encodeURIComponent(token)}`}`);

/** The order's bill as the receipt text names it (nothing off, no tax): " Court Towel $12.00, 2 x Lead Tape $7.00, Total $19.00." */
const lines = (order: Awaited<ReturnType<typeof orderOf>>) =>
  ` ${order.lineItems.map((line) => `${line.quantity > 1 ? `${line.quantity} x ` : ""}${line.name} ${dollars(line.priceCents * line.quantity)}`).join(", ")}, Total ${dollars(order.totalCents)}.`;

const receiptTexts = async (orderId: string) => (await textsOf(orderId)).filter((text) => text.template === "receipt" && text.channel === "sms");

describe("a counter sale's receipt link", () => {
  it("is made with the order: 128 random bits, and the link on this site beside the payment link", async () => {
    const { order, orderId, checkoutUrl } = await counterOrder();
    expect(order.receiptToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(order.receiptUrl).toBe(`${process.env.SITE_URL}/receipt/${orderId}?t=${order.receiptToken}`);
    expect(checkoutUrl).toContain("/local-pay/");
    expect((await counterOrder()).order.receiptToken).not.toBe(order.receiptToken);
  });

  it("is made for a quick sale too", async () => {
    const customer = await bookingCustomer();
    const answer = await call("POST", "/api/book-service", {
      token: staff.employee,
      headers: { "idempotency-key": randomUUID() },
      body: { customerId: customer.userId, paddle: { nickname: "Walk-in Red" }, services: ["overgrip"] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = await orderOf(answer.body.orderId);
    expect(order.receiptUrl).toBe(`${process.env.SITE_URL}/receipt/${order.id}?t=${order.receiptToken}`);
  });

  it("is not made for a customer's own booking, which keeps its order page", async () => {
    const { order } = await bookedOrder();
    expect(order.receiptToken).toBeUndefined();
  });
});

describe("GET /api/receipts/{id}", () => {
  it("answers the order's receipt to anyone with the token, signed out: its lines, money and payment, nothing private", async () => {
    const { order, orderId, customer } = await counterOrder();
    const answer = await receiptOf(orderId, order.receiptToken);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Never kept by a cache between the holder of the link and the shop.
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toEqual({
      shopName: "Regrip",
      reference: `R-${order.number}`,
      bagNumber: order.bagNumber,
      date: order.createdAt,
      lines: [
        { name: "Court Towel", detail: null, quantity: 1, priceCents: 1200 },
        { name: "Lead Tape", detail: null, quantity: 2, priceCents: 350 },
      ],
      subtotalCents: 1900,
      discountAmountCents: 0,
      taxCents: 0,
      totalCents: 1900,
      currency: "usd",
      payment: { status: "unpaid", method: "Card online", cardBrand: null, cardLast4: null, paidAt: null },
      refundedAmountCents: 0,
      // The order's bill, as the receipt page shows it: no staff's names or notes (none here to leave out).
      bill: expect.objectContaining({
        lines: [
          expect.objectContaining({ name: "Court Towel", quantity: 1, unitCents: 1200, amountCents: 1200 }),
          expect.objectContaining({ name: "Lead Tape", quantity: 2, unitCents: 350, amountCents: 700 }),
        ],
        subtotalCents: 1900,
        discounts: [],
        taxCents: 0,
        totalCents: 1900,
        payments: [],
        refunds: [],
        balanceCents: 1900,
      }),
    });
    const text = JSON.stringify(answer.body);
    for (const secret of [customer.email, order.customer!.phone!, "Pat", "Staff-only note 7731", employeeId, customer.userId, order.receiptToken!, "local-pay"]) {
      expect(text).not.toContain(secret);
    }
    // Signed in as someone else changes nothing: the link is the key.
    expect((await call("GET", `/api/receipts/${orderId}?t=${order.receiptToken}`, { token: customer.token })).body).toEqual(answer.body);
  });

  it("answers one 404 for a wrong token, no token, another order's token, an unknown order and a booked order", async () => {
    const { order, orderId } = await counterOrder();
    const other = await counterOrder();
    const booked = await bookedOrder();
    const token = order.receiptToken!;
    const refusals = await Promise.all([
      receiptOf(orderId, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`),
      receiptOf(orderId),
      receiptOf(orderId, ""),
      receiptOf(orderId, other.order.receiptToken),
      receiptOf(randomUUID(), token),
      receiptOf(booked.orderId, token),
      receiptOf(orderId, "x".repeat(200)),
    ]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 404, body: { message: RECEIPT_NOT_FOUND } });
    expect(new Set(refusals.map((refusal) => JSON.stringify(refusal.body))).size).toBe(1);
    // Past any token's length: refused before the table is read, in the same words.
    expect(await receiptOf(orderId, "x".repeat(5000))).toMatchObject({ status: 400, body: { message: RECEIPT_NOT_FOUND } });
  });
});

describe("paying a counter sale", () => {
  it("texts the receipt once, with the total paid and the link; a replayed event texts nothing more", async () => {
    const { order, orderId } = await counterOrder();
    const event = checkoutCompleted(order, order.stripeCheckoutSessionId!);
    expect((await postEvent(event)).body.result).toBe("applied");
    const texts = await receiptTexts(orderId);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ messageType: "receipt", status: "sent", recipient: order.customer!.phone });
    // With the card that paid and the lines (notifications/confirmations.ts); emailed too (confirmations.test.ts).
    expect(texts[0]!.message).toBe(`Regrip: thanks! We received $19.00 for order R-${order.number} (Visa ending in 4242).${lines(order)} Your receipt: ${order.receiptUrl}`);

    expect((await postEvent(event)).body.result).toBe("duplicate");
    // A second payment (another tab's checkout) is audited as a duplicate for staff to give back: no second text.
    expect((await postEvent(checkoutCompleted(order, order.stripeCheckoutSessionId!))).status).toBe(200);
    expect(await receiptTexts(orderId)).toHaveLength(1);

    const receipt = await receiptOf(orderId, order.receiptToken);
    expect(receipt.body.payment).toMatchObject({ status: "paid", method: "Card online", cardBrand: "visa", cardLast4: "4242" });
    expect(Date.parse(receipt.body.payment.paidAt)).not.toBeNaN();
  });

  it("texts no receipt to a customer who turned order texts off; a customer's own booking gets its receipt with the order's link", async () => {
    const { order, orderId, customer } = await counterOrder();
    await db().entities.user.patch({ userId: customer.userId }).set({ smsNotifications: false }).go();
    await payOrder(orderId);
    expect(await receiptTexts(orderId)).toEqual([]);
    expect((await receiptOf(orderId, order.receiptToken)).body.payment.status).toBe("paid");

    const booked = await bookedOrder();
    await payOrder(booked.orderId);
    const texts = await receiptTexts(booked.orderId);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.message).toMatch(new RegExp(`Your order: ${process.env.SITE_URL}/orders/${booked.orderId}$`));
  });
});

describe("the local payment page of a counter sale", () => {
  const server = localPaymentServer();

  it("goes back to the receipt, paid or not, never to a page that needs a sign-in", async () => {
    const { order, orderId, checkoutUrl } = await counterOrder();
    const path = new URL(checkoutUrl).pathname;
    const html = await (await fetch(`${server.origin()}${path}`)).text();
    expect(html).toContain(`<a href="${order.receiptUrl!.replace(/&/g, "&amp;")}&amp;payment=canceled">Cancel and return to Regrip</a>`);
    const declined = await fetch(`${server.origin()}${path}/decline`, { method: "POST", redirect: "manual" });
    expect(declined.headers.get("location")).toBe(`${order.receiptUrl}&payment=canceled`);
    const paid = await fetch(`${server.origin()}${path}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${order.receiptUrl}&paid=1`);
    expect((await orderOf(orderId)).paymentStatus).toBe("paid");
    expect(await receiptTexts(orderId)).toHaveLength(1);
    // The texted payment link opened again: the receipt, not My Grips.
    const again = await (await fetch(`${server.origin()}${path}`)).text();
    expect(again).toContain("See your receipt");
  });
});
