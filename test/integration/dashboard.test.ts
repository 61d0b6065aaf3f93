/**
 * GET /api/admin/analytics (docs/api-admin.md "Dashboard"): the admin dashboard's figures come from counters the
 * writes keep in their own transactions (stats/daily.ts), so after a booking, a payment, a refund and a cancel
 * they say what happened, a repeated webhook event counts once, and a recount over the orders agrees with them.
 *
 * A table of its own (the demo shop seeded into it): the figures are the whole shop's, and other files book and
 * pay at the same time in the shared one. Days are the shop's (America/Denver); a run across its midnight would see
 * two days.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { chargeRefunded, checkoutCompleted, localSessionId, stripeEvent } from "../../packages/core/src/payments/local";
import { shopDay, type AdminAnalytics } from "../../packages/core/src/shared/analytics";
import * as DashboardCounters from "../../packages/core/src/stats/recount";
import { book, bookingCustomer, demo, ownOrder } from "./booking-support";
import { orderOf, ownShopTable, postEvent, staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

let admin: string;
let employee: string;

ownShopTable("dashboard");
beforeAll(async () => {
  ({ admin, employee } = await staffTokens());
});

async function analytics(): Promise<AdminAnalytics> {
  const answer = await call<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** What the orders of a month kept: paid less refunded, as paid (sales tax included). */
const orderNetOf = (f: AdminAnalytics) => f.month.paidCents - f.month.refundedCents;
/** The orders paid and not refunded in full. */
const keptOrdersOf = (f: AdminAnalytics) => f.month.paidOrders - f.month.refundedOrders;
const averageOf = (f: AdminAnalytics) => Math.round(orderNetOf(f) / keptOrdersOf(f));

/** An order booked through the API, its total (and tax) set before it is paid by card through the webhook. */
async function paidOrderOf(totalCents: number, taxCents = 0) {
  const customer = await newCustomer();
  const orderId = await ownOrder(customer.token);
  await db().entities.serviceOrder.patch({ id: orderId }).set({ totalCents, taxCents }).go();
  const order = await orderOf(orderId);
  const event = checkoutCompleted(order, order.stripeCheckoutSessionId ?? localSessionId(orderId));
  expect((await postEvent(event)).body.result).toBe("applied");
  return orderOf(orderId);
}

const move = (orderId: string, body: unknown) => call("POST", `/api/orders/${orderId}/status`, { token: admin, body });

describe("GET /api/admin/analytics", () => {
  it("is the admin's: an employee and a customer get 403, a signed-out caller 401", async () => {
    const customer = await newCustomer();
    expect((await call("GET", "/api/admin/analytics", { token: employee })).status).toBe(403);
    expect((await call("GET", "/api/admin/analytics", { token: customer.token })).status).toBe(403);
    expect((await call("GET", "/api/admin/analytics")).status).toBe(401);
    const figures = await analytics();
    expect(figures).toMatchObject({
      monthlyRevenue: expect.any(Number),
      activeSubscriptions: expect.any(Number),
      ordersToday: expect.any(Number),
      avgOrderValue: expect.any(Number),
      timeZone: "America/Denver",
    });
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)!.day).toBe(shopDay(new Date()));
  });

  it("counts a booking, a payment (once, however often Stripe sends it), a refund and cancels", async () => {
    const start = await analytics();
    // The seeded demo orders were booked today through the real code: they are today's orders.
    expect(start.ordersToday).toBeGreaterThanOrEqual(4);

    const customer = await newCustomer();
    const paidId = await ownOrder(customer.token);
    const unpaidId = await ownOrder(customer.token);
    const booked = await analytics();
    expect(booked.ordersToday).toBe(start.ordersToday + 2);
    expect(booked.monthlyRevenue).toBe(start.monthlyRevenue);
    expect(booked.days.at(-1)!.orders).toBe(start.days.at(-1)!.orders + 2);

    // The payment, then Stripe's repeat of the same event: counted once.
    const order = await orderOf(paidId);
    const event = checkoutCompleted(order, order.stripeCheckoutSessionId ?? localSessionId(paidId));
    expect((await postEvent(event)).body.result).toBe("applied");
    expect((await postEvent(event)).body.result).toBe("duplicate");
    const paid = await orderOf(paidId);
    expect(paid.paymentStatus).toBe("paid");
    const afterPay = await analytics();
    expect(afterPay.monthlyRevenue).toBe(start.monthlyRevenue + paid.totalCents);
    expect(afterPay.month.paidOrders).toBe(start.month.paidOrders + 1);
    expect(afterPay.month.paidCents).toBe(start.month.paidCents + paid.totalCents);
    expect(afterPay.avgOrderValue).toBe(averageOf(afterPay));
    expect(afterPay.days.at(-1)!.revenueCents).toBe(start.days.at(-1)!.revenueCents + paid.totalCents);

    // A partial refund reported by Stripe takes its amount off the revenue, not off the paid orders.
    expect((await postEvent(chargeRefunded(paid, 500))).body.result).toBe("applied");
    const afterRefund = await analytics();
    expect(afterRefund.monthlyRevenue).toBe(afterPay.monthlyRevenue - 500);
    expect(afterRefund.month.refundedCents).toBe(afterPay.month.refundedCents + 500);
    expect(afterRefund.month.paidOrders).toBe(afterPay.month.paidOrders);
    expect(afterRefund.refunds.totalCents).toBe(afterPay.refunds.totalCents + 500);
    // Still a paid order (refunded in part): the average is the lower net over the same count.
    expect(afterRefund.month.refundedOrders).toBe(afterPay.month.refundedOrders);
    expect(afterRefund.avgOrderValue).toBe(averageOf(afterRefund));

    // Staff cancel the paid order with a refund of the rest: revenue back to where it started, one order fewer today.
    const canceled = await move(paidId, { status: "CANCELED", refund: true });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({ paymentStatus: "refunded" });
    // Cancel the unpaid one too: no money moves.
    expect((await move(unpaidId, { status: "CANCELED" })).status).toBe(200);
    const end = await analytics();
    expect(end.monthlyRevenue).toBe(start.monthlyRevenue);
    expect(end.month.refundedCents).toBe(start.month.refundedCents + paid.totalCents);
    expect(end.ordersToday).toBe(start.ordersToday);
    expect(end.month.ordersCanceled).toBe(start.month.ordersCanceled + 2);
    expect(end.comparisons.ordersToday.change).toBe(end.ordersToday - (end.comparisons.ordersToday.previous ?? 0));

    // A repair that counts over every order finds the same figures the writes kept.
    const repaired = await DashboardCounters.recount();
    expect(repaired.changedDays).toBe(0);
    expect(await analytics()).toEqual(end);
  });

  it("counts cash taken at the counter as revenue, and takes it off when the order is canceled with its refund", async () => {
    const start = await analytics();
    const customer = await newCustomer();
    const orderId = await ownOrder(customer.token);
    const { totalCents } = await orderOf(orderId);
    const paid = await call("POST", `/api/orders/${orderId}/payments`, { token: admin, body: { method: "POS_CASH", amountCents: totalCents } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const afterPay = await analytics();
    expect(afterPay.monthlyRevenue).toBe(start.monthlyRevenue + totalCents);
    expect(afterPay.month.paidOrders).toBe(start.month.paidOrders + 1);

    // Canceling it without its refund is refused: the money would stay counted with the order gone.
    expect((await move(orderId, { status: "CANCELED" })).status).toBe(409);
    expect((await analytics()).monthlyRevenue).toBe(afterPay.monthlyRevenue);
    const canceled = await move(orderId, { status: "CANCELED", refund: true });
    expect(canceled.body).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: totalCents });
    const end = await analytics();
    expect(end.monthlyRevenue).toBe(start.monthlyRevenue);
    expect(end.month.refundedCents).toBe(start.month.refundedCents + totalCents);

    const repaired = await DashboardCounters.recount();
    expect(repaired.changedDays).toBe(0);
  });

  it("lists counted products at or below their low-stock threshold, never unlimited ones", async () => {
    const low = { id: `sku-dash-low-${randomUUID().slice(0, 6)}`, code: `DASH-LOW-${randomUUID().slice(0, 6).toUpperCase()}` };
    const plenty = { id: `sku-dash-plenty-${randomUUID().slice(0, 6)}`, code: `DASH-OK-${randomUUID().slice(0, 6).toUpperCase()}` };
    const unlimited = { id: `sku-dash-free-${randomUUID().slice(0, 6)}`, code: `DASH-FREE-${randomUUID().slice(0, 6).toUpperCase()}` };
    const sku = { name: "Dashboard Grip", category: "OTHER", type: "ONE_TIME", unitAmountCents: 900 } as const;
    await db().entities.sku.create({ ...sku, ...low, stockQuantity: 3, lowStockThreshold: 3 }).go();
    await db().entities.sku.create({ ...sku, ...plenty, stockQuantity: 4, lowStockThreshold: 3 }).go();
    await db().entities.sku.create({ ...sku, ...unlimited, stockQuantity: 0, unlimitedStock: true, lowStockThreshold: 3 }).go();
    const { lowStock } = await analytics();
    const ids = lowStock.map((p) => p.id);
    expect(lowStock.find((p) => p.id === low.id)).toMatchObject({ code: low.code, stockQuantity: 3, lowStockThreshold: 3 });
    expect(ids).not.toContain(plenty.id);
    expect(ids).not.toContain(unlimited.id);
  });

  it("counts subscriptions from Stripe's customer.subscription.* events, once each, whatever their order", async () => {
    const customer = await newCustomer();
    const me = await call("GET", "/api/auth/user", { token: customer.token });
    const userId = me.body.id as string;
    const subscriptionId = `sub_local_${randomUUID().replace(/-/g, "").slice(0, 14)}`;
    const t0 = new Date(Date.now() - 60_000);
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const subscriptionEvent = (type: "created" | "updated" | "deleted", status: string, created: Date) =>
      stripeEvent(
        `customer.subscription.${type}`,
        {
          id: subscriptionId,
          object: "subscription",
          customer: "cus_local_dash",
          status,
          metadata: { userId, plan: "SINGLE_MONTHLY" },
          items: { object: "list", data: [{ id: "si_local", object: "subscription_item", current_period_end: Math.floor(created.getTime() / 1000) + 30 * 86400, price: { id: "price_local", lookup_key: null } }] },
        },
        { created },
      );
    const start = await analytics();

    // Made incomplete, then active a second later: one active subscription, started this month.
    expect((await postEvent(subscriptionEvent("created", "incomplete", at(0)))).body.result).toBe("applied");
    expect((await analytics()).activeSubscriptions).toBe(start.activeSubscriptions);
    const activated = subscriptionEvent("updated", "active", at(1));
    expect((await postEvent(activated)).body.result).toBe("applied");
    expect((await postEvent(activated)).body.result).toBe("duplicate");
    const active = await analytics();
    expect(active.activeSubscriptions).toBe(start.activeSubscriptions + 1);
    expect(active.comparisons.activeSubscriptions.change).toBe((start.comparisons.activeSubscriptions.change ?? 0) + 1);
    expect((await call("GET", "/api/subscriptions", { token: customer.token })).body).toMatchObject({ plan: "SINGLE_MONTHLY", status: "active" });

    // Past due is still a subscriber; an old "incomplete" arriving late changes nothing.
    expect((await postEvent(subscriptionEvent("updated", "past_due", at(5)))).body.result).toBe("applied");
    expect((await postEvent(subscriptionEvent("updated", "incomplete", at(2)))).body.result).toBe("unchanged");
    expect((await analytics()).activeSubscriptions).toBe(start.activeSubscriptions + 1);

    // Deleted: one fewer, ended this month; a late "active" from before the deletion does not bring it back.
    expect((await postEvent(subscriptionEvent("deleted", "canceled", at(9)))).body.result).toBe("applied");
    expect((await postEvent(subscriptionEvent("updated", "active", at(8)))).body.result).toBe("unchanged");
    const ended = await analytics();
    expect(ended.activeSubscriptions).toBe(start.activeSubscriptions);
    expect(ended.month.subscriptionsStarted).toBe(start.month.subscriptionsStarted + 1);
    expect(ended.month.subscriptionsEnded).toBe(start.month.subscriptionsEnded + 1);
    expect((await call("GET", "/api/subscriptions", { token: customer.token })).body).toMatchObject({ plan: "SINGLE_MONTHLY", status: "canceled" });

    // The recount from the subscription items agrees with the counter.
    const repaired = await DashboardCounters.recount();
    expect(repaired.activeSubscriptions).toEqual({ before: start.activeSubscriptions, after: start.activeSubscriptions });
  });

  it("ignores a subscription event that names no customer of the shop", async () => {
    const event = stripeEvent("customer.subscription.created", { id: "sub_local_stranger", object: "subscription", status: "active", metadata: {}, items: { data: [] } });
    const answer = await postEvent(event);
    expect(answer).toMatchObject({ status: 200, body: { result: "ignored" } });
  });
});

describe("the dashboard's money: revenue and the average net of refunds, refunds, tax and tips apart", () => {
  it("two orders of $48 and $65, the $65 refunded in full: revenue up $48, the average counts the $48 alone", async () => {
    const start = await analytics();
    const small = await paidOrderOf(4_800);
    const large = await paidOrderOf(6_500);
    const paid = await analytics();
    expect(paid.monthlyRevenue).toBe(start.monthlyRevenue + 11_300);
    expect(paid.month.paidOrders).toBe(start.month.paidOrders + 2);

    const canceled = await move(large.id, { status: "CANCELED", refund: true });
    expect(canceled.body).toMatchObject({ paymentStatus: "refunded", refundedAmountCents: 6_500 });
    const end = await analytics();
    expect(end.monthlyRevenue).toBe(start.monthlyRevenue + 4_800);
    expect(end.days.at(-1)!.revenueCents).toBe(start.days.at(-1)!.revenueCents + 4_800);
    expect(end.refunds).toEqual({ totalCents: start.refunds.totalCents + 6_500, taxCents: start.refunds.taxCents, ordersInFull: start.refunds.ordersInFull + 1 });
    // The refunded order leaves the count: what the month's other orders averaged, with $48 more over one more order.
    expect(keptOrdersOf(end)).toBe(keptOrdersOf(start) + 1);
    expect(orderNetOf(end)).toBe(orderNetOf(start) + 4_800);
    expect(end.avgOrderValue).toBe(Math.round((orderNetOf(start) + 4_800) / (keptOrdersOf(start) + 1)));
    expect(small.paymentStatus).toBe("paid");

    const repaired = await DashboardCounters.recount();
    expect(repaired.changedDays).toBe(0);
    expect(await analytics()).toEqual(end);
  });

  it("a partial refund lowers revenue by its amount and keeps the order in the average's count", async () => {
    const start = await analytics();
    const order = await paidOrderOf(6_500);
    expect((await postEvent(chargeRefunded(order, 1_500))).body.result).toBe("applied");
    const end = await analytics();
    expect(end.monthlyRevenue).toBe(start.monthlyRevenue + 5_000);
    expect(end.refunds.totalCents).toBe(start.refunds.totalCents + 1_500);
    expect(end.refunds.ordersInFull).toBe(start.refunds.ordersInFull);
    expect(keptOrdersOf(end)).toBe(keptOrdersOf(start) + 1);
    expect(end.avgOrderValue).toBe(Math.round((orderNetOf(start) + 5_000) / (keptOrdersOf(start) + 1)));
  });

  it("shows sales tax apart: in revenue as paid, collected with the payment and given back in proportion", async () => {
    const start = await analytics();
    // $65.00 of which $5.00 is tax.
    const order = await paidOrderOf(6_500, 500);
    const paid = await analytics();
    expect(paid.monthlyRevenue).toBe(start.monthlyRevenue + 6_500);
    expect(paid.tax).toEqual({
      collectedCents: start.tax.collectedCents + 500,
      refundedCents: start.tax.refundedCents,
      netCents: start.tax.netCents + 500,
      // Owed to the shop it was dropped off at (a booking at Littleton).
      byLocation: { ...start.tax.byLocation, LITTLETON: start.tax.byLocation.LITTLETON + 500 },
    });
    expect(orderNetOf(paid)).toBe(orderNetOf(start) + 6_500);

    // A refund of $13.00 (a fifth) gives back a fifth of the tax: $1.00; revenue drops by the $13.00, its tax with it.
    expect((await postEvent(chargeRefunded(order, 1_300))).body.result).toBe("applied");
    const part = await analytics();
    expect(part.refunds).toMatchObject({ totalCents: start.refunds.totalCents + 1_300, taxCents: start.refunds.taxCents + 100 });
    expect(part.tax.netCents).toBe(start.tax.netCents + 400);
    expect(part.tax.byLocation).toEqual({ ...start.tax.byLocation, LITTLETON: start.tax.byLocation.LITTLETON + 400 });
    expect(part.monthlyRevenue).toBe(start.monthlyRevenue + 5_200);

    // The rest, by a cancel: the tax comes back to where it was, exactly, whatever the rounding of each refund.
    expect((await move(order.id, { status: "CANCELED", refund: true })).body).toMatchObject({ paymentStatus: "refunded" });
    const end = await analytics();
    expect(end.tax.netCents).toBe(start.tax.netCents);
    expect(end.tax.byLocation).toEqual(start.tax.byLocation);
    expect(end.tax.collectedCents).toBe(start.tax.collectedCents + 500);
    expect(end.monthlyRevenue).toBe(start.monthlyRevenue);
    expect(end.refunds.ordersInFull).toBe(start.refunds.ordersInFull + 1);

    const repaired = await DashboardCounters.recount();
    expect(repaired.changedDays).toBe(0);
    expect(await analytics()).toEqual(end);
  });

  it("a refunded line takes back its own tax, not the order's in proportion, and a recount agrees", async () => {
    const saved = await call("PUT", "/api/admin/settings/money", { token: admin, body: { taxRateBps: { LITTLETON: 750, HIGHLANDS_RANCH: 725, ONSITE: 400 }, employeeDiscountLimitPercent: 20 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    try {
      const customer = await bookingCustomer();
      for (const id of [demo.stripBlackTacky, demo.guardBlack]) await db().entities.sku.patch({ id }).add({ stockQuantity: 1 }).go();
      const booked = await book(customer.token, customer.paddleId, { dropoffLocation: "LITTLETON", addOns: [demo.guardBlack] }, { "idempotency-key": randomUUID() });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      // $45 regrip (labour) and a $15 guard taxed at 7.5 %: $1.13 of tax, all of it the guard's.
      const order = await orderOf(booked.body.id);
      expect(order).toMatchObject({ totalCents: 6113, taxCents: 113 });
      expect((await postEvent(checkoutCompleted(order, order.stripeCheckoutSessionId ?? localSessionId(order.id)))).body.result).toBe("applied");
      const paid = await analytics();
      const answer = await call("POST", `/api/orders/${order.id}/refunds`, { token: admin, body: { lines: [{ lineId: "1", quantity: 1 }], reason: "Guard not fitted" } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.refund).toMatchObject({ amountCents: 1613, taxCents: 113 });
      // In proportion it would have been $0.30 (113 × 1613 / 6113): the guard's own $1.13 comes back whole.
      const end = await analytics();
      expect(end.refunds.taxCents).toBe(paid.refunds.taxCents + 113);
      expect(end.tax.byLocation).toEqual({ ...paid.tax.byLocation, LITTLETON: paid.tax.byLocation.LITTLETON - 113 });
      expect(end.monthlyRevenue).toBe(paid.monthlyRevenue - 1613);
      const repaired = await DashboardCounters.recount();
      expect(repaired.changedDays).toBe(0);
      expect(await analytics()).toEqual(end);
    } finally {
      await db().entities.shopSettings.delete({ name: "money" }).go();
    }
  });
});
