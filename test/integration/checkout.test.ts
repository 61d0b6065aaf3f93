/**
 * POST /api/orders/{id}/checkout and the local payment page that stands in
 * for Stripe Checkout on one machine.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { HOLD_ENDED } from "../../packages/core/src/payments/checkout";
import { localProvider, orderIdOfLocalSession } from "../../packages/core/src/payments/local";
import { holdEndsAt, UNPAID_HOLD_MINUTES } from "../../packages/core/src/shared/unpaid-hold";
import { checkoutLines, usePaymentProvider, type CheckoutLine } from "../../packages/core/src/payments/provider";
import { auditOf, bookedOrder, bookedThroughApi, localPaymentServer, orderOf, payOrder, setOrder, staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

const checkout = (orderId: string, token: string | undefined, body?: unknown) =>
  call("POST", `/api/orders/${orderId}/checkout`, { token, body });

let staff: { employee: string; admin: string };

beforeAll(async () => {
  staff = await staffTokens();
});

afterEach(() => usePaymentProvider(localProvider()));
beforeAll(() => usePaymentProvider(localProvider()));

describe("POST /api/orders/{id}/checkout", () => {
  it("gives the owner the local payment page's url and remembers the session on the order", async () => {
    const { customer, orderId } = await bookedThroughApi();
    const answer = await checkout(orderId, customer.token);
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.url);
    expect(url.origin).toBe(process.env.SITE_URL);
    expect(url.pathname).toMatch(/^\/local-pay\/cs_local_/);
    const sessionId = url.pathname.split("/").pop()!;
    expect(orderIdOfLocalSession(sessionId)).toBe(orderId);
    expect((await orderOf(orderId)).stripeCheckoutSessionId).toBe(sessionId);
  });

  it("lets staff open a checkout for a customer's order, and answers 404 to another customer", async () => {
    const { orderId } = await bookedOrder();
    expect((await checkout(orderId, staff.employee)).status).toBe(200);
    const other = await newCustomer();
    expect(await checkout(orderId, other.token)).toMatchObject({ status: 404, body: { message: "Order not found" } });
    expect((await checkout(orderId, undefined)).status).toBe(401);
  });

  it("refuses a paid order with a clear message, and orders with nothing to pay", async () => {
    const { customer, orderId } = await bookedOrder();
    await payOrder(orderId);
    expect(await checkout(orderId, customer.token)).toMatchObject({ status: 409, body: { message: "This order is already paid" } });

    const comp = await bookedOrder({ totalCents: 0, discountCents: 5300 });
    await setOrder(comp.orderId, { paymentStatus: "comp", status: "SCHEDULED" });
    expect((await checkout(comp.orderId, comp.customer.token)).body.message).toBe("This order has nothing to pay");

    const canceled = await bookedOrder();
    await setOrder(canceled.orderId, { status: "CANCELED" });
    expect((await checkout(canceled.orderId, canceled.customer.token)).body.message).toBe("This order was canceled");
  });

  it("builds the session from the order's stored lines and total, whatever the client sends", async () => {
    const seen: CheckoutLine[][] = [];
    const local = localProvider();
    usePaymentProvider({ ...local, createCheckoutSession: (order, urls) => (seen.push(checkoutLines(order)), local.createCheckoutSession(order, urls)) });
    const { customer, orderId, order } = await bookedOrder();
    await checkout(orderId, customer.token, { totalCents: 1, lineItems: [{ name: "Free", price: 0 }], discountAmountCents: 5000 });
    expect(seen).toEqual([
      [
        { name: "Strip and Grip", description: "Black, Tacky", amountCents: 4500, quantity: 1 },
        { name: "Handle Build-Up", description: undefined, amountCents: 800, quantity: 1 },
      ],
    ]);
    expect(seen[0].reduce((sum, line) => sum + line.amountCents * line.quantity, 0)).toBe(order.totalCents);
  });

  it("shows a discounted order's lines at their charges, naming the promotion, adding up to its total", async () => {
    const { order } = await bookedOrder({ discountCents: 1000 });
    // $10.00 off $53.00 spread in proportion: $8.49 off the regrip, $1.51 off the build-up.
    expect(checkoutLines(order)).toEqual([
      { name: "Strip and Grip", description: "Black, Tacky; after Promotion SAVE", amountCents: 3651, quantity: 1 },
      { name: "Handle Build-Up", description: "after Promotion SAVE", amountCents: 649, quantity: 1 },
    ]);
  });

  it("closes the session at the end of the order's unpaid hold, and opens none once the hold is over", async () => {
    const asked: (Date | undefined)[] = [];
    const local = localProvider();
    usePaymentProvider({ ...local, createCheckoutSession: (order, urls) => (asked.push(urls.expiresAt), local.createCheckoutSession(order, urls)) });
    // Booked 10 minutes ago: the session closes at the hold's end, 50 minutes from now.
    const young = await bookedOrder({ createdAt: new Date(Date.now() - 10 * 60_000) });
    expect((await checkout(young.orderId, young.customer.token)).status).toBe(200);
    expect(asked[0]?.toISOString()).toBe(holdEndsAt(young.order.createdAt).toISOString());
    // Booked 45 minutes ago: Stripe wants 30 minutes at least, so a little past the hold (the expiry job cancels it; a late payment is refunded).
    const late = await bookedOrder({ createdAt: new Date(Date.now() - 45 * 60_000) });
    const before = Date.now();
    expect((await checkout(late.orderId, late.customer.token)).status).toBe(200);
    expect(asked[1]!.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000);
    expect(asked[1]!.getTime() - before).toBeLessThan(33 * 60_000);
    // Past the hold, not yet canceled by the job: refused.
    const old = await bookedOrder({ createdAt: new Date(Date.now() - (UNPAID_HOLD_MINUTES + 1) * 60_000) });
    expect(await checkout(old.orderId, old.customer.token)).toMatchObject({ status: 409, body: { message: HOLD_ENDED } });
    expect(asked).toHaveLength(2);
  });

  it("answers 503 when the payment provider is down, and the order stands", async () => {
    usePaymentProvider({
      ...localProvider(),
      createCheckoutSession: async () => {
        throw new Error("connect ECONNREFUSED");
      },
    });
    const { customer, orderId } = await bookedOrder();
    const answer = await checkout(orderId, customer.token);
    expect(answer).toMatchObject({ status: 503, body: { message: expect.stringContaining("Card payments are not available") } });
    expect(await orderOf(orderId)).toMatchObject({ status: "INVOICED", paymentStatus: "unpaid" });
  });
});

describe("the local payment page", () => {
  const server = localPaymentServer();

  async function openCheckout() {
    const booked = await bookedOrder();
    const { body } = await checkout(booked.orderId, booked.customer.token);
    return { ...booked, path: new URL(body.url).pathname };
  }

  it("shows the order number, its lines and total, Pay and Decline, and a way back to the order", async () => {
    const { orderId, order, path } = await openCheckout();
    const page = await fetch(`${server.origin()}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The order by its number, its bag beside it.
    expect(html).toContain(`<h1>Order R-${order.number} · Bag 901</h1>`);
    expect(html).toContain("Strip and Grip");
    expect(html).toContain("Handle Build-Up");
    expect(html).toContain("$53.00");
    expect(html).toMatch(/<button[^>]*>Pay \$53\.00<\/button>/);
    expect(html).toMatch(/<button[^>]*>Decline<\/button>/);
    // Stripe's back link: the cancel url, nothing posted.
    expect(html).toContain(`<a href="${process.env.SITE_URL}/orders/${orderId}?payment=canceled">Cancel and return to Regrip</a>`);
  });

  it("Pay posts a signed completed event to /webhooks/stripe and goes to the success url: the order's page", async () => {
    const { orderId, path } = await openCheckout();
    const paid = await fetch(`${server.origin()}${path}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${process.env.SITE_URL}/orders/${orderId}?paid=1`);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ paymentStatus: "paid", status: "SCHEDULED", cardBrand: "visa", cardLast4: "4242", paymentAttempts: 1 });
    expect((await auditOf(orderId)).map((a) => a.action)).toContain("order.paid");
    // Pay again (a double click, the back button): nothing more happens.
    const again = await fetch(`${server.origin()}${path}/pay`, { method: "POST", redirect: "manual" });
    expect(again.status).toBe(303);
    expect((await orderOf(orderId)).paymentAttempts).toBe(1);
    expect((await fetch(`${server.origin()}${path}`)).status).toBe(410);
  });

  it("Decline records the declined card and goes back to the order's page, which can read why", async () => {
    const { customer, orderId, path } = await openCheckout();
    const declined = await fetch(`${server.origin()}${path}/decline`, { method: "POST", redirect: "manual" });
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe(`${process.env.SITE_URL}/orders/${orderId}?payment=canceled`);
    expect(await orderOf(orderId)).toMatchObject({
      paymentStatus: "unpaid",
      status: "INVOICED",
      paymentAttempts: 1,
      paymentFailureReason: "Your card was declined.",
    });
    // The customer's own view of the order says why, and Pay Now opens a new checkout.
    const seen = await call("GET", `/api/orders/${orderId}`, { token: customer.token });
    expect(seen.body).toMatchObject({ paymentStatus: "unpaid", paymentFailureReason: "Your card was declined." });
    expect((await checkout(orderId, customer.token)).status).toBe(200);
  });

  it("shows a customer the failure reason only while the order is unpaid; staff always", async () => {
    const { customer, orderId } = await bookedOrder();
    await db().entities.serviceOrder.patch({ id: orderId }).set({ paymentStatus: "paid", paymentFailureReason: "Refund of $53.00 failed: disputed" }).go();
    expect((await call("GET", `/api/orders/${orderId}`, { token: customer.token })).body.paymentFailureReason).toBeNull();
    const { admin } = await staffTokens();
    expect((await call("GET", `/api/orders/${orderId}`, { token: admin })).body.paymentFailureReason).toBe("Refund of $53.00 failed: disputed");
  });

  it("refuses to take a payment for an order canceled after its checkout opened", async () => {
    const { customer, orderId, path } = await openCheckout();
    expect((await call("POST", `/api/orders/${orderId}/status`, { token: customer.token, body: { status: "CANCELED" } })).status).toBe(200);
    const page = await fetch(`${server.origin()}${path}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This order was canceled");
    expect((await fetch(`${server.origin()}${path}/pay`, { method: "POST", redirect: "manual" })).status).toBe(410);
    expect(await orderOf(orderId)).toMatchObject({ status: "CANCELED", paymentStatus: "unpaid", paymentAttempts: 0 });
  });

  it("refuses a session that is no longer the order's", async () => {
    const { customer, orderId, path } = await openCheckout();
    await checkout(orderId, customer.token);
    expect((await fetch(`${server.origin()}${path}`)).status).toBe(410);
    expect((await fetch(`${server.origin()}${path}/pay`, { method: "POST", redirect: "manual" })).status).toBe(410);
    expect((await orderOf(orderId)).paymentStatus).toBe("unpaid");
    expect((await fetch(`${server.origin()}/local-pay/cs_local_nothing_here`)).status).toBe(410);
  });

  it("answers a bad signature at /webhooks/stripe with 400", async () => {
    const answer = await fetch(`${server.origin()}/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: "Invalid signature" });
  });
});
