/**
 * Memberships through the route table against DynamoDB Local: the checkout in subscription mode and
 * the local payment page's signed events, Stripe's subscription and invoice events (repeated and out of order:
 * one effect each), the allowance on bookings, storefront sales and quick sales (20 concurrent bookings take
 * one regrip), paddle swaps, cancel at the period's end, the counters and the dashboard's revenue, and the
 * refusals.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { db } from "../../packages/core/src/db";
import {
  localProvider,
  monthAfter,
  subscriptionCheckoutEvents,
  subscriptionEvent,
  subscriptionInvoiceEvent,
  type SubscriptionEventFacts,
} from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { COVERED_LINE_NOTE, type Plan } from "../../packages/core/src/shared/membership";
import { pendingCheckout } from "../../packages/core/src/memberships";
import { REGRIP_JUST_USED } from "../../packages/core/src/memberships/allowance";
import { createLocalServer } from "../../infra/local/server";
import { book, bookingCustomer, demo, freeBag, paddleOf, pickedUp } from "./booking-support";
import { orderOf, postEvent, staffTokens } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

type Customer = Awaited<ReturnType<typeof bookingCustomer>>;

async function checkout(customer: Customer, plan: Plan, paddleIds: string[]) {
  return call("POST", "/api/subscriptions/checkout", { token: customer.token, body: { plan, paddleIds } });
}

const sessionOf = (url: string) => decodeURIComponent(url.slice(url.indexOf("/local-pay/") + "/local-pay/".length));

/** Subscribes as the local payment page's Pay does: the pending checkout's events, signed and posted to the webhook. */
async function subscribe(customer: Customer, plan: Plan, paddleIds: string[], now = new Date()) {
  const answer = await checkout(customer, plan, paddleIds);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const pending = await pendingCheckout(sessionOf(answer.body.url));
  const { subscription, events } = subscriptionCheckoutEvents(pending!, now);
  for (const event of events) expect((await postEvent(event)).status).toBe(200);
  return subscription;
}

const view = async (customer: Customer) => (await call("GET", "/api/subscriptions", { token: customer.token })).body;
const analytics = async () => (await call("GET", "/api/admin/analytics", { token: staff.admin })).body;
const priceOf = async (skuId: string) => (await db().entities.sku.get({ id: skuId }).go()).data!.unitAmountCents;
const restock = (skuId: string, units: number) => db().entities.sku.patch({ id: skuId }).add({ stockQuantity: units }).go();

describe("subscribing through the local payment page", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), "regrip-subscriptions-web-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Regrip</title>");
    server = createLocalServer({ webDist, webConfig: {}, cognitoPort: inject("cognitoPort") });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("shows the plan and its price, and Pay makes the subscription active for a month with its paddle, counted once", async () => {
    const customer = await bookingCustomer();
    const before = await analytics();
    const answer = await checkout(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    expect(answer.status).toBe(201);
    expect(answer.body.url).toMatch(/\/local-pay\/cs_local_sub_/);
    const path = `/local-pay/${encodeURIComponent(sessionOf(answer.body.url))}`;

    const page = await fetch(`${base}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Single plan");
    expect(html).toContain("$25/month");
    expect(html).toContain("Pay $25.00");

    const paid = await fetch(`${base}${path}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(/\/shop-tools\?tab=subscription&subscribed=1$/);

    const mine = await view(customer);
    expect(mine).toMatchObject({ plan: "SINGLE_MONTHLY", status: "active", assignedPaddleIds: [customer.paddleId], regripsLeft: 1, cancelAtPeriodEnd: false });
    const days = (Date.parse(mine.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    // Pay again (a second click): the same events, applied once.
    const again = await fetch(`${base}${path}/pay`, { method: "POST", redirect: "manual" });
    expect(again.status).toBe(303);
    const after = await analytics();
    expect(after.activeSubscriptions).toBe(before.activeSubscriptions + 1);
    expect(after.month.subscriptionPaidCents).toBe(before.month.subscriptionPaidCents + 2500);
    expect(after.monthlyRevenue).toBe(before.monthlyRevenue + 2500);
    expect(after.month.paidOrders).toBe(before.month.paidOrders);
    // The user item names the live subscription.
    const { data: user } = await db().entities.user.get({ userId: customer.userId }).go();
    expect(user?.subscriptionId).toMatch(/^sub_local_/);

    // One live subscription per customer.
    expect(await checkout(customer, "FAMILY3_MONTHLY", [customer.paddleId])).toMatchObject({ status: 409 });
  });

  it("Decline returns to the tab and makes nothing; an unknown session is gone", async () => {
    const customer = await bookingCustomer();
    const answer = await checkout(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    const path = `/local-pay/${encodeURIComponent(sessionOf(answer.body.url))}`;
    const declined = await fetch(`${base}${path}/decline`, { method: "POST", redirect: "manual" });
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toMatch(/\/shop-tools\?tab=subscription&subscription=canceled$/);
    expect(await view(customer)).toMatchObject({ plan: null, status: "none" });
    // A session id the server never wrote (the browser's own): nothing to pay.
    const forged = await fetch(`${base}/local-pay/cs_local_sub_${randomUUID().replace(/-/g, "")}`);
    expect(forged.status).toBe(410);
  });
});

describe("Stripe's subscription events", () => {
  it("applies created, updated, deleted and invoice paid and failed once each, whatever their order", async () => {
    const customer = await bookingCustomer();
    const start = new Date();
    const facts: SubscriptionEventFacts = {
      id: `sub_local_${randomUUID().replace(/-/g, "").slice(0, 14)}`,
      userId: customer.userId,
      plan: "FAMILY3_MONTHLY",
      paddleIds: [customer.paddleId],
      status: "active",
      periodStart: start,
      periodEnd: monthAfter(start),
      priceCents: 4500,
    };
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const before = await analytics();

    // The invoice is paid before the subscription's own event arrives: revenue counts once, on the day paid.
    const paid = subscriptionInvoiceEvent("invoice.paid", facts, { created: at(0) });
    expect((await postEvent(paid)).body.result).toBe("applied");
    const created = subscriptionEvent("customer.subscription.created", facts, { created: at(0) });
    expect((await postEvent(created)).body.result).toBe("applied");
    for (const repeat of [paid, created, paid]) expect((await postEvent(repeat)).body.result).toBe("duplicate");
    expect(await view(customer)).toMatchObject({ plan: "FAMILY3_MONTHLY", status: "active", regripsLeft: 3, assignedPaddleIds: [customer.paddleId] });

    // A failed renewal: audited, nothing paid; past due (by the updated event) suspends the allowance.
    const failed = subscriptionInvoiceEvent("invoice.payment_failed", facts, { created: at(5), billingReason: "subscription_cycle" });
    expect((await postEvent(failed)).body.result).toBe("applied");
    expect((await postEvent(failed)).body.result).toBe("duplicate");
    const pastDue = subscriptionEvent("customer.subscription.updated", { ...facts, status: "past_due" }, { created: at(6) });
    expect((await postEvent(pastDue)).body.result).toBe("applied");
    // An older update arriving late changes nothing.
    expect((await postEvent(subscriptionEvent("customer.subscription.updated", { ...facts, status: "active" }, { created: at(3) }))).body.result).toBe("unchanged");
    expect(await view(customer)).toMatchObject({ status: "past_due", regripsLeft: 0 });
    const booked = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect(booked.status).toBe(201);
    expect((await orderOf(booked.body.id)).coveredCents).toBeUndefined();

    // Cancel at the period's end comes by an update too.
    const canceling = subscriptionEvent("customer.subscription.updated", { ...facts, cancelAtPeriodEnd: true }, { created: at(8) });
    expect((await postEvent(canceling)).body.result).toBe("applied");
    expect(await view(customer)).toMatchObject({ status: "active", cancelAtPeriodEnd: true, regripsLeft: 3 });

    const middle = await analytics();
    expect(middle.activeSubscriptions).toBe(before.activeSubscriptions + 1);
    expect(middle.month.subscriptionPaidCents).toBe(before.month.subscriptionPaidCents + 4500);

    const deleted = subscriptionEvent("customer.subscription.deleted", { ...facts, status: "canceled" }, { created: at(10) });
    expect((await postEvent(deleted)).body.result).toBe("applied");
    expect((await postEvent(deleted)).body.result).toBe("duplicate");
    expect((await postEvent(subscriptionEvent("customer.subscription.updated", facts, { created: at(9) }))).body.result).toBe("unchanged");
    const after = await analytics();
    expect(after.activeSubscriptions).toBe(before.activeSubscriptions);
    expect(after.month.subscriptionPaidCents).toBe(before.month.subscriptionPaidCents + 4500);
    expect(await view(customer)).toMatchObject({ status: "canceled", regripsLeft: 0 });
  });

  it("a new period starts the allowance again", async () => {
    const customer = await bookingCustomer();
    const start = new Date();
    const facts = await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId], start);
    const first = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect((await orderOf(first.body.id)).coveredCents).toBeGreaterThan(0);
    expect(await view(customer)).toMatchObject({ regripsLeft: 0 });
    const next = { ...facts, periodStart: facts.periodEnd, periodEnd: monthAfter(facts.periodEnd) };
    expect((await postEvent(subscriptionEvent("customer.subscription.updated", next, { created: new Date(start.getTime() + 2000) }))).body.result).toBe("applied");
    // Stripe's times are whole seconds.
    expect(await view(customer)).toMatchObject({ regripsLeft: 1, currentPeriodEnd: new Date(Math.floor(next.periodEnd.getTime() / 1000) * 1000).toISOString() });
  });
});

describe("the allowance on a booking", () => {
  it("covers the core regrip and charges only the add-ons; a second booking in the same period is charged in full", async () => {
    const customer = await bookingCustomer();
    await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    const [core, addOn] = await Promise.all([priceOf(demo.stripBlackTacky), priceOf(demo.buildUp)]);

    const covered = await book(customer.token, customer.paddleId, { service: demo.stripBlackTacky, addOns: [demo.buildUp] });
    expect(covered).toMatchObject({ status: 201, body: { requiresPayment: true } });
    const order = await orderOf(covered.body.id);
    expect(order.lineItems[0]).toMatchObject({ skuId: demo.stripBlackTacky, priceCents: 0, description: COVERED_LINE_NOTE });
    expect(order).toMatchObject({ coveredCents: core, totalCents: addOn, paymentMethod: "STRIPE", paymentStatus: "unpaid", status: "INVOICED" });
    expect(order.subscriptionId).toMatch(/^sub_local_/);
    expect(await view(customer)).toMatchObject({ regripsLeft: 0 });
    const mine = await call("GET", `/api/orders/${order.id}`, { token: customer.token });
    expect(mine.body.coveredCents).toBe(core);

    // One open order per paddle: the paddle comes home first (picked up, the regrip stays used).
    await pickedUp(order.id, staff.employee);
    const second = await book(customer.token, customer.paddleId, { service: demo.stripBlackTacky, addOns: [demo.buildUp] });
    expect(second.status).toBe(201);
    const full = await orderOf(second.body.id);
    expect(full).toMatchObject({ totalCents: core + addOn, paymentMethod: "STRIPE" });
    expect(full.coveredCents).toBeUndefined();
  });

  it("with nothing left to pay, is paid by the subscription with no card step; a cancel gives the regrip back once", async () => {
    const customer = await bookingCustomer();
    await db().entities.user.patch({ userId: customer.userId }).set({ smsNotifications: true }).go();
    await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    const covered = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect(covered).toMatchObject({ status: 201, body: { requiresPayment: false } });
    const order = await orderOf(covered.body.id);
    expect(order).toMatchObject({ totalCents: 0, paymentMethod: "SUBSCRIPTION", paymentStatus: "comp", status: "SCHEDULED" });
    // Covered: on no unpaid hold, so its confirmation states no deadline.
    const { data: logged } = await db().entities.communication.query.byOrder({ orderId: order.id }).go();
    const confirmation = logged.find((entry) => entry.template === "bookingConfirmation" && entry.channel === "sms");
    expect(confirmation?.message).toContain("Total $0.00.");
    expect(confirmation?.message).not.toMatch(/Pay by|released/);
    expect(await view(customer)).toMatchObject({ regripsLeft: 0 });

    const canceled = await call("POST", `/api/orders/${order.id}/status`, { token: customer.token, body: { status: "CANCELED" } });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await view(customer)).toMatchObject({ regripsLeft: 1 });
    expect((await orderOf(order.id)).allowanceReturnedAt).toBeTruthy();
  });

  it("takes redeemed points off what the membership leaves to pay, and refuses points worth more than that", async () => {
    const customer = await bookingCustomer();
    await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    const given = await call("POST", `/api/admin/loyalty/${customer.userId}/adjust`, { token: staff.admin, body: { points: 200, reason: "Test points" } });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const addOn = await priceOf(demo.buildUp);

    // The add-on alone is left to pay: 200 points ($20) are worth more than that, refused with nothing taken.
    const over = await book(customer.token, customer.paddleId, { service: demo.stripBlackTacky, addOns: [demo.buildUp], redeemPoints: 200 });
    expect(over).toMatchObject({ status: 400, body: { message: "Those points are worth more than this order's total" } });
    expect(await view(customer)).toMatchObject({ regripsLeft: 1 });

    const covered = await book(customer.token, customer.paddleId, { service: demo.stripBlackTacky, addOns: [demo.buildUp], redeemPoints: 100 });
    expect(covered.status, JSON.stringify(covered.body)).toBe(201);
    const order = await orderOf(covered.body.id);
    expect(order.lineItems[0]).toMatchObject({ priceCents: 0, description: COVERED_LINE_NOTE });
    expect(order).toMatchObject({ subtotalCents: addOn, pointsRedeemed: 100, pointsDiscountCents: Math.min(1000, addOn), totalCents: Math.max(0, addOn - 1000) });
    expect(await view(customer)).toMatchObject({ regripsLeft: 0 });
    expect((await call("GET", "/api/loyalty", { token: customer.token })).body.balance).toBe(100);
  });

  it("covers only assigned paddles, and a swap of paddles never adds a regrip", async () => {
    const customer = await bookingCustomer();
    const other = await paddleOf(customer.userId, { nickname: "Spare" });
    await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId]);

    const unassigned = await book(customer.token, other, { service: demo.basicBlackDry });
    expect((await orderOf(unassigned.body.id)).coveredCents).toBeUndefined();
    const used = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect((await orderOf(used.body.id)).coveredCents).toBeGreaterThan(0);
    // One open order per paddle: the spare comes home before it is booked again.
    await pickedUp(unassigned.body.id, staff.employee);

    const swapped = await call("PUT", "/api/subscriptions/paddles", { token: customer.token, body: { paddleIds: [other] } });
    expect(swapped).toMatchObject({ status: 200, body: { assignedPaddleIds: [other], regripsLeft: 0 } });
    const afterSwap = await book(customer.token, other, { service: demo.basicBlackDry });
    expect((await orderOf(afterSwap.body.id)).coveredCents).toBeUndefined();
  });

  it("20 concurrent covered bookings of its paddle on a single plan give exactly one order, covered", async () => {
    const customer = await bookingCustomer();
    await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    await restock(demo.basicBlackDry, 20);
    const bags = await Promise.all(Array.from({ length: 20 }, () => freeBag()));
    const answers = await Promise.all(bags.map((bagNumber) => book(customer.token, customer.paddleId, { service: demo.basicBlackDry, bagNumber })));
    const made = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    // One open order per paddle: one booking is made. The losers hear a clear 409: the race for the one regrip
    // (read before the winner wrote), or the paddle already in the shop (read after it).
    expect(made).toHaveLength(1);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      const message = answer.body.message as string;
      expect(message === REGRIP_JUST_USED || /^Big Blue is already in the shop on order R-\d{4,}\./.test(message), message).toBe(true);
    }
    const orders = await Promise.all(made.map((answer) => orderOf(answer.body.id)));
    expect(orders.filter((order) => order.coveredCents !== undefined)).toHaveLength(1);
    const { data } = await db().entities.subscription.query.byUser({ userId: customer.userId }).go({ consistent: true });
    expect(data[0]!.regripsUsed).toBe(1);
    expect(await view(customer)).toMatchObject({ regripsLeft: 0 });
  });
});

describe("the allowance at the counter", () => {
  it("a storefront invoice covers one core service unit for a member with a regrip left", async () => {
    const customer = await bookingCustomer();
    const gone = await paddleOf(customer.userId, { nickname: "Old Green", model: "Hyperion" });
    await subscribe(customer, "FAMILY3_MONTHLY", [customer.paddleId, gone]);
    // An assigned paddle the customer no longer owns is not offered to staff (the quick sale's "Paddle" choice).
    await db().entities.paddle.patch({ userId: customer.userId, id: gone }).set({ ownershipStatus: "no_longer_own" }).go();
    const found = await call("GET", `/api/customers/${customer.userId}`, { token: staff.employee });
    expect(found.body).toMatchObject({ membership: { plan: "FAMILY3_MONTHLY", status: "active", regripsLeft: 3 }, points: 0 });
    expect(found.body.membership.assignedPaddles).toEqual([{ id: customer.paddleId, nickname: "Big Blue", brand: "Joola", model: "Perseus" }]);

    const core = await priceOf(demo.basicBlackDry);
    const answer = await call("POST", "/api/storefront/invoice", {
      token: staff.employee,
      body: { customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: demo.basicBlackDry, quantity: 2 }] },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = await orderOf(answer.body.orderId);
    expect(order.lineItems).toMatchObject([
      { skuId: demo.basicBlackDry, priceCents: 0, quantity: 1, description: COVERED_LINE_NOTE },
      { skuId: demo.basicBlackDry, priceCents: core, quantity: 1 },
    ]);
    expect(order).toMatchObject({ coveredCents: core, totalCents: core });
    const search = await call("GET", `/api/customers/search?q=${encodeURIComponent(customer.username.slice(0, 12))}`, { token: staff.employee });
    expect(search.body.items.find((item: { id: string }) => item.id === customer.userId)).toMatchObject({
      membership: { regripsLeft: 2, assignedPaddles: [{ id: customer.paddleId, nickname: "Big Blue" }] },
      points: 0,
    });
  });

  it("a quick sale covers its core regrip when its paddle is assigned", async () => {
    const customer = await bookingCustomer();
    await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    const answer = await call("POST", "/api/book-service", {
      token: staff.employee,
      body: { customerId: customer.userId, paddleId: customer.paddleId, paddle: { nickname: "Big Blue" }, services: ["regrip"], discount: null },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.requiresPayment).toBe(false);
    const order = await orderOf(answer.body.orderId);
    expect(order).toMatchObject({ paddleId: customer.paddleId, totalCents: 0, paymentMethod: "SUBSCRIPTION", paymentStatus: "comp", status: "SERVICE_QUEUE" });
    expect(order.lineItems[0]).toMatchObject({ priceCents: 0, description: COVERED_LINE_NOTE });
    expect(await view(customer)).toMatchObject({ regripsLeft: 0 });
  });
});

describe("cancel, the admin's list and the refusals", () => {
  it("cancels at the period's end, once; the admin lists the subscriber", async () => {
    const customer = await bookingCustomer();
    await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    const canceled = await call("POST", "/api/subscriptions/cancel", { token: customer.token });
    expect(canceled).toMatchObject({ status: 200, body: { status: "active", cancelAtPeriodEnd: true } });
    expect(await call("POST", "/api/subscriptions/cancel", { token: customer.token })).toMatchObject({ status: 200, body: { cancelAtPeriodEnd: true } });
    expect(await view(customer)).toMatchObject({ status: "active", cancelAtPeriodEnd: true, regripsLeft: 1 });

    let cursor: string | null = null;
    const seen: { userId: string; cancelAtPeriodEnd: boolean; customer: { firstName: string } }[] = [];
    do {
      const page: { status: number; body: { items: typeof seen; cursor: string | null } } = await call(
        "GET",
        `/api/admin/subscriptions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { token: staff.admin },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.cursor;
    } while (cursor);
    expect(seen.find((item) => item.userId === customer.userId)).toMatchObject({ cancelAtPeriodEnd: true, customer: { firstName: "Pat" }, points: 0 });
    expect(await call("GET", "/api/admin/subscriptions?cursor=nope", { token: staff.admin })).toMatchObject({ status: 400 });
    expect(await call("GET", "/api/admin/subscriptions", { token: staff.employee })).toMatchObject({ status: 403 });
  });

  it("refuses an unknown plan, paddles not the customer's or too many, and changes without a membership", async () => {
    const customer = await bookingCustomer();
    const stranger = await bookingCustomer();
    const second = await paddleOf(customer.userId);
    expect(await checkout(customer, "GOLD" as Plan, [customer.paddleId])).toMatchObject({ status: 400 });
    expect(await checkout(customer, "SINGLE_MONTHLY", [stranger.paddleId])).toMatchObject({ status: 400 });
    expect(await checkout(customer, "SINGLE_MONTHLY", [customer.paddleId, second])).toMatchObject({ status: 400 });
    expect(await checkout(customer, "SINGLE_MONTHLY", [])).toMatchObject({ status: 400 });
    expect(await checkout(customer, "FAMILY3_MONTHLY", [customer.paddleId, customer.paddleId])).toMatchObject({ status: 400 });
    expect(await call("PUT", "/api/subscriptions/paddles", { token: customer.token, body: { paddleIds: [customer.paddleId] } })).toMatchObject({ status: 409 });
    expect(await call("POST", "/api/subscriptions/cancel", { token: customer.token })).toMatchObject({ status: 409 });

    await subscribe(customer, "FAMILY3_MONTHLY", [customer.paddleId]);
    expect(await call("PUT", "/api/subscriptions/paddles", { token: customer.token, body: { paddleIds: [stranger.paddleId] } })).toMatchObject({ status: 400 });
    expect(await call("PUT", "/api/subscriptions/paddles", { token: customer.token, body: { paddleIds: [customer.paddleId, second] } })).toMatchObject({
      status: 200,
      body: { assignedPaddleIds: [customer.paddleId, second], regripsLeft: 3 },
    });
  });
});

describe("a membership's messages", () => {
  type Logged = { template?: string; channel: string; message: string; subject?: string; messageType: string };
  /** The member's messages of `template` in the communications log, by channel. */
  async function messagesOf(userId: string, template: string): Promise<{ sms: Logged[]; email: Logged[] }> {
    const { data } = await db().entities.communication.query.byUser({ userId }).go({ pages: "all" });
    const mine = (data as Logged[]).filter((entry) => entry.template === template);
    return { sms: mine.filter((entry) => entry.channel === "sms"), email: mine.filter((entry) => entry.channel === "email") };
  }
  const allowBoth = (userId: string) => db().entities.user.patch({ userId }).set({ smsNotifications: true, emailNotifications: true }).go();

  async function member(plan: Plan = "SINGLE_MONTHLY") {
    const customer = await bookingCustomer();
    await allowBoth(customer.userId);
    const start = new Date(Date.UTC(2026, 10, 28, 17));
    const facts: SubscriptionEventFacts = {
      id: `sub_local_${randomUUID().replace(/-/g, "").slice(0, 14)}`,
      userId: customer.userId,
      plan,
      paddleIds: [customer.paddleId],
      status: "active",
      periodStart: start,
      periodEnd: monthAfter(start),
      priceCents: plan === "SINGLE_MONTHLY" ? 2500 : 4500,
    };
    expect((await postEvent(subscriptionEvent("customer.subscription.created", facts, { created: start }))).body.result).toBe("applied");
    return { customer, facts, start };
  }

  it("a renewal's receipt is sent once under repeated webhooks and an older event of the same invoice, and is in the payment history", async () => {
    const { customer, facts } = await member();
    const renewal = { ...facts, periodStart: facts.periodEnd, periodEnd: monthAfter(facts.periodEnd) };
    const invoiceId = `in_local_${randomUUID().replace(/-/g, "").slice(0, 14)}`;
    const paid = subscriptionInvoiceEvent("invoice.paid", renewal, { invoiceId, billingReason: "subscription_cycle", created: new Date(renewal.periodStart.getTime() + 60_000) });
    expect((await postEvent(paid)).body.result).toBe("applied");
    expect((await postEvent(paid)).body.result).toBe("duplicate");
    // Another, older event about the same invoice (Stripe reports an invoice more than once, in any order).
    const older = subscriptionInvoiceEvent("invoice.paid", renewal, { invoiceId, billingReason: "subscription_cycle", created: new Date(renewal.periodStart.getTime() - 60_000) });
    expect(older.id).not.toBe(paid.id);
    expect((await postEvent(older)).body.result).toBe("duplicate");

    const sent = await messagesOf(customer.userId, "membershipReceipt");
    expect(sent.sms).toHaveLength(1);
    expect(sent.email).toHaveLength(1);
    expect(sent.sms[0]).toMatchObject({ messageType: "membership" });
    const site = process.env.SITE_URL!.replace(/\/+$/, "");
    expect(sent.sms[0].message).toBe(
      `Regrip: thanks! We received $25.00 for your Single plan, covering Monday, December 28 to Thursday, January 28. Your membership: ${site}/shop-tools?tab=subscription`,
    );
    expect(sent.email[0].subject).toBe("Your Regrip membership receipt: $25.00");
    expect(sent.email[0].message).toContain("Plan: Single plan\nPeriod: Monday, December 28 to Thursday, January 28\nAmount paid: $25.00");
    // The payment history: one charge, with its plan, amount, date and period; the member's own only.
    const history = await call("GET", "/api/subscriptions/charges", { token: customer.token });
    expect(history.status).toBe(200);
    expect(history.body).toEqual({
      items: [
        {
          invoiceId,
          plan: "SINGLE_MONTHLY",
          amountCents: 2500,
          paidAt: new Date(Math.floor(paid.created) * 1000).toISOString(),
          periodStart: new Date(Math.floor(renewal.periodStart.getTime() / 1000) * 1000).toISOString(),
          periodEnd: new Date(Math.floor(renewal.periodEnd.getTime() / 1000) * 1000).toISOString(),
          card: null,
        },
      ],
      cursor: null,
    });
    const stranger = await bookingCustomer();
    expect((await call("GET", "/api/subscriptions/charges", { token: stranger.token })).body).toEqual({ items: [], cursor: null });
    expect(await call("GET", "/api/subscriptions/charges?cursor=nope", { token: customer.token })).toMatchObject({ status: 400 });
  });

  it("pages the payment history newest first", async () => {
    const { customer, facts } = await member();
    let period = facts;
    const ids: string[] = [];
    for (let month = 0; month < 3; month++) {
      const invoiceId = `in_local_${randomUUID().replace(/-/g, "").slice(0, 14)}`;
      ids.push(invoiceId);
      expect((await postEvent(subscriptionInvoiceEvent("invoice.paid", period, { invoiceId, created: new Date(period.periodStart.getTime() + 1000) }))).body.result).toBe("applied");
      period = { ...period, periodStart: period.periodEnd, periodEnd: monthAfter(period.periodEnd) };
    }
    const first = await call("GET", "/api/subscriptions/charges?limit=2", { token: customer.token });
    expect(first.body.items.map((item: { invoiceId: string }) => item.invoiceId)).toEqual([ids[2], ids[1]]);
    const second = await call("GET", `/api/subscriptions/charges?limit=2&cursor=${encodeURIComponent(first.body.cursor)}`, { token: customer.token });
    expect(second.body).toMatchObject({ items: [{ invoiceId: ids[0] }], cursor: null });
    // Another member's cursor is refused.
    const other = await member();
    expect(await call("GET", `/api/subscriptions/charges?limit=2&cursor=${encodeURIComponent(first.body.cursor)}`, { token: other.customer.token })).toMatchObject({ status: 400 });
  });

  it("a failed renewal tells the member how to pay it, once per invoice", async () => {
    const { customer, facts } = await member("FAMILY3_MONTHLY");
    const invoiceId = `in_local_${randomUUID().replace(/-/g, "").slice(0, 14)}`;
    const failed = subscriptionInvoiceEvent("invoice.payment_failed", facts, { invoiceId, billingReason: "subscription_cycle", created: new Date(facts.periodStart.getTime() + 5000) });
    expect((await postEvent(failed)).body.result).toBe("applied");
    expect((await postEvent(failed)).body.result).toBe("duplicate");
    const sent = await messagesOf(customer.userId, "membershipPaymentFailed");
    expect(sent.sms).toHaveLength(1);
    expect(sent.email).toHaveLength(1);
    // The local event names no payment page: the member is told to ask us, and when the card is tried again.
    expect(sent.sms[0].message).toBe(
      "Regrip: we couldn't charge $45.00 for your Family plan; your covered regrips are on hold until it's paid. Reply to this message or write to support@regrip.shop and we'll help you update your card. Otherwise we'll try your card on file again on Tuesday, December 1.",
    );
    expect(sent.email[0].subject).toBe("Your Regrip membership payment failed");
    // Nothing was paid: no receipt, no charge in the history.
    expect((await messagesOf(customer.userId, "membershipReceipt")).sms).toHaveLength(0);
    expect((await call("GET", "/api/subscriptions/charges", { token: customer.token })).body.items).toEqual([]);
  });

  it("a cancel from Shop Tools sends one notice with when coverage ends; Stripe's events for it send no more", async () => {
    const customer = await bookingCustomer();
    await allowBoth(customer.userId);
    const facts = await subscribe(customer, "SINGLE_MONTHLY", [customer.paddleId]);
    expect(await call("POST", "/api/subscriptions/cancel", { token: customer.token })).toMatchObject({ status: 200 });
    expect(await call("POST", "/api/subscriptions/cancel", { token: customer.token })).toMatchObject({ status: 200 });
    // Stripe then reports the same cancel, and later ends the subscription at the period's end.
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
    expect((await postEvent(subscriptionEvent("customer.subscription.updated", { ...facts, cancelAtPeriodEnd: true }, { created: later(5) }))).body.result).toBe("applied");
    expect((await postEvent(subscriptionEvent("customer.subscription.deleted", { ...facts, status: "canceled", cancelAtPeriodEnd: true }, { created: later(10) }))).body.result).toBe("applied");

    const sent = await messagesOf(customer.userId, "membershipCanceled");
    expect(sent.sms).toHaveLength(1);
    expect(sent.email).toHaveLength(1);
    const { data: user } = await db().entities.user.get({ userId: customer.userId }).go();
    expect(user?.subscriptionId).toBe(facts.id);
    const { formatDate, localOf } = await import("../../packages/core/src/shared/calendar");
    const until = formatDate(localOf(new Date(Math.floor(facts.periodEnd.getTime() / 1000) * 1000)).date);
    expect(sent.sms[0].message).toBe(`Regrip: your Single plan is canceled. Your regrips stay covered until ${until}, when it ends. Nothing more will be charged.`);
    expect(sent.email[0]).toMatchObject({ subject: "Your Regrip membership is canceled" });
    // The first month's receipt went too, once.
    expect((await messagesOf(customer.userId, "membershipReceipt")).sms).toHaveLength(1);
  });

  it("a cancel by the shop in Stripe, at once, says coverage has ended; by text only when emails are off", async () => {
    const { customer, facts, start } = await member();
    await db().entities.user.patch({ userId: customer.userId }).set({ emailNotifications: false }).go();
    const deleted = subscriptionEvent("customer.subscription.deleted", { ...facts, status: "canceled" }, { created: new Date(start.getTime() + 10_000) });
    expect((await postEvent(deleted)).body.result).toBe("applied");
    expect((await postEvent(deleted)).body.result).toBe("duplicate");
    const sent = await messagesOf(customer.userId, "membershipCanceled");
    expect(sent.email).toHaveLength(0);
    expect(sent.sms.map((entry) => entry.message)).toEqual(["Regrip: your Single plan is canceled. Its coverage has ended. Nothing more will be charged."]);
  });
});
