/**
 * Tips: POST /api/orders/{id}/tip through the route table, the local payment page's tip session and its
 * signed event through the real webhook, exactly once under repeats and races, and the dashboard's tips apart
 * from revenue. A table of its own (the demo shop seeded into it), as dashboard.test.ts: the dashboard's figures
 * are the whole shop's, and other files pay orders at the same time in the shared one.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { checkoutCompleted, localTippedSessionId, localTipSessionId, tipCheckoutCompleted } from "../../packages/core/src/payments/local";
import type { AdminAnalytics } from "../../packages/core/src/shared/analytics";
import * as DashboardCounters from "../../packages/core/src/stats/recount";
import { TIP_ALREADY_PAID, TIP_AMOUNT_MESSAGE, TIP_NOT_YET } from "../../packages/core/src/shared/tips";
import { auditOf, bookedOrder, ledgerHas, localPaymentServer, orderOf, ownShopTable, postEvent, setOrder, staffTokens, textsOf } from "./payment-support";
import { call, newCustomer } from "./support";

let admin: string;
let employee: string;

ownShopTable("tips");
beforeAll(async () => {
  ({ admin, employee } = await staffTokens());
});

const tip = (orderId: string, token: string | undefined, body: unknown) => call("POST", `/api/orders/${orderId}/tip`, { token, body });

/** A paid order in service that the employee then moves to Ready through the API (its history names them). */
async function readyOrder(options: { by?: string } = {}) {
  const booked = await bookedOrder();
  await setOrder(booked.orderId, { status: "BEING_SERVICED", paymentStatus: "paid" });
  const moved = await call("POST", `/api/orders/${booked.orderId}/status`, { token: options.by ?? employee, body: { status: "READY" } });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return { ...booked, order: await orderOf(booked.orderId) };
}

async function tipsOf(orderId: string) {
  const { data } = await db().entities.tip.query.byOrder({ orderId }).go({ consistent: true });
  return data;
}

async function analytics(): Promise<AdminAnalytics> {
  const answer = await call<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Opens a tip's checkout as the customer and answers its session id (the local page's). */
async function openTip(orderId: string, token: string, amountCents: number) {
  const answer = await tip(orderId, token, { amountCents });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const sessionId = decodeURIComponent(new URL(answer.body.url).pathname.split("/").pop()!);
  const pending = (await tipsOf(orderId)).find((t) => t.stripeCheckoutSessionId === sessionId)!;
  return { sessionId, pending, url: answer.body.url as string };
}

describe("POST /api/orders/{id}/tip: refusals change nothing", () => {
  it("refuses an amount outside $0.01..$100 with 400 and the shared words", async () => {
    const { customer, orderId } = await readyOrder();
    for (const amountCents of [0, -5, 10_001, 12.5, "500", null, undefined]) {
      const answer = await tip(orderId, customer.token, { amountCents });
      expect(answer, `amount ${String(amountCents)}`).toMatchObject({ status: 400, body: { message: TIP_AMOUNT_MESSAGE } });
    }
    expect(await tip(orderId, customer.token, {})).toMatchObject({ status: 400, body: { message: TIP_AMOUNT_MESSAGE } });
    expect(await tipsOf(orderId)).toEqual([]);
  });

  it("answers 409 before the order is Ready, and for a canceled order", async () => {
    const { customer, orderId } = await bookedOrder();
    for (const status of ["INVOICED", "SCHEDULED", "CHECKED_IN", "IN_QUEUE", "BEING_SERVICED", "CANCELED"] as const) {
      await setOrder(orderId, { status });
      expect(await tip(orderId, customer.token, { amountCents: 500 }), status).toMatchObject({ status: 409, body: { message: TIP_NOT_YET } });
    }
    expect(await tipsOf(orderId)).toEqual([]);
  });

  it("answers another customer, staff and a missing order with 404, a signed-out caller with 401", async () => {
    const { orderId, order } = await readyOrder();
    const other = await newCustomer();
    for (const token of [other.token, employee, admin]) {
      expect(await tip(orderId, token, { amountCents: 500 })).toMatchObject({ status: 404, body: { message: "Order not found" } });
    }
    expect(await tip(randomUUID(), other.token, { amountCents: 500 })).toMatchObject({ status: 404 });
    expect(await tip(orderId, undefined, { amountCents: 500 })).toMatchObject({ status: 401 });
    expect(await tipsOf(orderId)).toEqual([]);
    expect(await orderOf(orderId)).toEqual(order);
  });
});

describe("a tip paid through the local payment page", () => {
  const server = localPaymentServer();

  it("is recorded once with the order, the customer and the staff member who moved it to Ready; the order is untouched", async () => {
    const { customer, orderId, order } = await readyOrder();
    // The ready text links to the order page, where the tip is left.
    const ready = (await textsOf(orderId)).find((text) => text.message.includes("ready for pickup"));
    expect(ready?.message).toContain(`a tip for the crew if you like: ${process.env.SITE_URL}/orders/${orderId}`);
    const before = await analytics();
    const { sessionId, pending, url } = await openTip(orderId, customer.token, 795);
    expect(pending).toMatchObject({ status: "pending", amountCents: 795, userId: customer.userId, currency: "usd" });
    expect(sessionId).toBe(localTipSessionId(orderId, pending.id));

    // The page shows the pending tip's amount, whatever the browser asks.
    const path = new URL(url).pathname;
    const html = await (await fetch(`${server.origin()}${path}`)).text();
    expect(html).toMatch(/<button[^>]*>Pay \$7\.95<\/button>/);
    expect(html).toContain(`href="${process.env.SITE_URL}/orders/${orderId}?tip=canceled"`);

    const paid = await fetch(`${server.origin()}${path}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${process.env.SITE_URL}/orders/${orderId}?tipped=1`);
    // Pay again (a double click, the back button): nothing more.
    expect((await fetch(`${server.origin()}${path}/pay`, { method: "POST", redirect: "manual" })).status).toBe(303);
    expect((await fetch(`${server.origin()}${path}`)).status).toBe(410);

    const [recorded] = await tipsOf(orderId);
    expect(recorded).toMatchObject({
      status: "paid",
      amountCents: 795,
      userId: customer.userId,
      stripeCheckoutSessionId: sessionId,
      stripePaymentIntentId: expect.stringMatching(/^pi_local_/),
      staffId: order.statusHistory.at(-1)!.actorId,
      staffName: order.statusHistory.at(-1)!.actorName,
      paidAt: expect.any(String),
    });
    expect(await tipsOf(orderId)).toHaveLength(1);
    // The order: total, payment, history as they were.
    expect(await orderOf(orderId)).toEqual(order);
    const audit = (await auditOf(orderId)).map((a) => a.action);
    expect(audit.filter((a) => a === "tip.received")).toHaveLength(1);
    expect(audit).not.toContain("order.paid");

    const after = await analytics();
    expect(after.tips.totalCents).toBe(before.tips.totalCents + 795);
    expect(after.tips.count).toBe(before.tips.count + 1);
    expect(after.monthlyRevenue).toBe(before.monthlyRevenue);
    expect(after.avgOrderValue).toBe(before.avgOrderValue);
    expect(after.month.paidOrders).toBe(before.month.paidOrders);
  });

  it("10 repeated and 10 concurrent deliveries of the same event record one tip", async () => {
    const { customer, orderId } = await readyOrder();
    const before = await analytics();
    const { sessionId, pending } = await openTip(orderId, customer.token, 1_000);
    const event = tipCheckoutCompleted({ ...pending, tipId: pending.id }, sessionId);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => postEvent(event)));
    expect(concurrent.every((a) => a.status === 200)).toBe(true);
    expect(concurrent.map((a) => a.body.result).sort()).toEqual(["applied", ...Array(9).fill("duplicate")]);
    for (let i = 0; i < 10; i++) expect((await postEvent(event)).body.result).toBe("duplicate");
    expect(await ledgerHas(event.id)).toBe(true);

    expect((await tipsOf(orderId)).filter((t) => t.status === "paid")).toHaveLength(1);
    const after = await analytics();
    expect(after.tips.totalCents).toBe(before.tips.totalCents + 1_000);
    expect(after.tips.count).toBe(before.tips.count + 1);
    expect((await auditOf(orderId)).filter((a) => a.action === "tip.received")).toHaveLength(1);
  });

  it("two completed sessions for the same pending tip, at once, record one tip; the second payment is audited to give back", async () => {
    const { customer, orderId } = await readyOrder();
    const before = await analytics();
    const { sessionId, pending } = await openTip(orderId, customer.token, 1_500);
    const tipFacts = { ...pending, tipId: pending.id };
    const first = tipCheckoutCompleted(tipFacts, sessionId, { paymentIntentId: "pi_local_tip_first" });
    const second = tipCheckoutCompleted(tipFacts, `${sessionId}_again`, { paymentIntentId: "pi_local_tip_second" });
    const results = (await Promise.all([postEvent(first), postEvent(second)])).map((a) => a.body.result);
    expect(results.sort()).toEqual(["applied", "unchanged"]);

    const paid = (await tipsOf(orderId)).filter((t) => t.status === "paid");
    expect(paid).toHaveLength(1);
    const after = await analytics();
    expect(after.tips.totalCents).toBe(before.tips.totalCents + 1_500);
    expect(after.tips.count).toBe(before.tips.count + 1);
    const audit = await auditOf(orderId);
    expect(audit.filter((a) => a.action === "tip.received")).toHaveLength(1);
    const duplicate = audit.filter((a) => a.action === "tip.duplicate_payment");
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]!.diff).toMatchObject({ tipId: pending.id, paymentIntentId: paid[0]!.stripePaymentIntentId === "pi_local_tip_first" ? "pi_local_tip_second" : "pi_local_tip_first" });
  });

  it("an amount that is not the pending tip's is audited, not recorded", async () => {
    const { customer, orderId } = await readyOrder();
    const { sessionId, pending } = await openTip(orderId, customer.token, 500);
    const event = tipCheckoutCompleted({ ...pending, tipId: pending.id }, sessionId, { amountCents: 5 });
    expect((await postEvent(event)).body.result).toBe("unchanged");
    expect((await tipsOf(orderId))[0]).toMatchObject({ status: "pending" });
    expect((await auditOf(orderId)).map((a) => a.action)).toContain("tip.payment_mismatch");
  });

  it("a picked-up order may be tipped too", async () => {
    const { customer, orderId } = await readyOrder();
    expect((await call("POST", `/api/orders/${orderId}/status`, { token: employee, body: { status: "PICKED_UP" } })).status).toBe(200);
    const { sessionId, pending } = await openTip(orderId, customer.token, 300);
    expect((await postEvent(tipCheckoutCompleted({ ...pending, tipId: pending.id }, sessionId))).body.result).toBe("applied");
  });
});

describe("a pickup with a balance pays its tip in the same payment", () => {
  const server = localPaymentServer();
  const checkout = (orderId: string, token: string | undefined, body?: unknown) => call("POST", `/api/orders/${orderId}/checkout`, { token, body });

  /** A Ready order not paid yet (paid at pickup), moved to Ready by the employee through the API. */
  async function readyUnpaid() {
    const booked = await bookedOrder();
    await setOrder(booked.orderId, { status: "BEING_SERVICED" });
    const moved = await call("POST", `/api/orders/${booked.orderId}/status`, { token: employee, body: { status: "READY" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return { ...booked, order: await orderOf(booked.orderId) };
  }

  it("charges balance and tip once: the order paid its total, the tip recorded apart, a repeat changing nothing", async () => {
    const { customer, orderId, order } = await readyUnpaid();
    expect(order).toMatchObject({ paymentStatus: "unpaid", totalCents: 5300 });
    const before = await analytics();
    const answer = await checkout(orderId, customer.token, { tipCents: 795 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const path = new URL(answer.body.url).pathname;
    const sessionId = decodeURIComponent(path.split("/").pop()!);
    const [pending] = await tipsOf(orderId);
    expect(pending).toMatchObject({ status: "pending", amountCents: 795, stripeCheckoutSessionId: sessionId });
    expect(sessionId).toBe(localTippedSessionId(orderId, pending!.id));
    expect((await orderOf(orderId)).stripeCheckoutSessionId).toBe(sessionId);

    // The payment page: the bill, the tip's line, and one Pay of both.
    const html = await (await fetch(`${server.origin()}${path}`)).text();
    expect(html).toContain('data-testid="tip">$7.95<');
    expect(html).toContain('data-testid="to-pay">$60.95<');
    expect(html).toMatch(/<button[^>]*>Pay \$60\.95<\/button>/);
    const paid = await fetch(`${server.origin()}${path}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${process.env.SITE_URL}/orders/${orderId}?paid=1`);

    const after = await orderOf(orderId);
    expect(after).toMatchObject({ paymentStatus: "paid", totalCents: 5300, stripePaymentIntentId: expect.stringMatching(/^pi_local_/) });
    const [tipped] = await tipsOf(orderId);
    expect(tipped).toMatchObject({ status: "paid", amountCents: 795, stripePaymentIntentId: after.stripePaymentIntentId, staffId: order.statusHistory.at(-1)!.actorId });
    const view = (await call("GET", `/api/orders/${orderId}`, { token: customer.token })).body;
    expect(view.tip).toEqual({ amountCents: 795, paidAt: tipped!.paidAt });
    // The bill is the order's alone: one card payment of its total, nothing owed.
    expect(view.bill).toMatchObject({ totalCents: 5300, balanceCents: 0, payments: [expect.objectContaining({ amountCents: 5300 })] });
    const dashboard = await analytics();
    expect(dashboard.tips.totalCents).toBe(before.tips.totalCents + 795);
    expect(dashboard.tips.count).toBe(before.tips.count + 1);
    expect(dashboard.month.paidOrders).toBe(before.month.paidOrders + 1);
    const audit = (await auditOf(orderId)).map((a) => a.action);
    expect(audit.filter((a) => a === "order.paid")).toHaveLength(1);
    expect(audit.filter((a) => a === "tip.received")).toHaveLength(1);

    // Another event of the same payment: neither part is counted again.
    const event = checkoutCompleted(after, sessionId, { tip: { tipId: tipped!.id, amountCents: 795 }, paymentIntentId: after.stripePaymentIntentId! });
    for (let i = 0; i < 2; i++) expect((await postEvent(event)).body.result).not.toBe("applied");
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", refundedAmountCents: 0 });
    expect((await tipsOf(orderId)).filter((t) => t.status === "paid")).toHaveLength(1);
    expect((await analytics()).tips.totalCents).toBe(dashboard.tips.totalCents);
    // Paid, with its tip: neither is offered again.
    expect(await checkout(orderId, customer.token, { tipCents: 100 })).toMatchObject({ status: 409, body: { message: "This order is already paid" } });
    expect(await tip(orderId, customer.token, { amountCents: 100 })).toMatchObject({ status: 409, body: { message: TIP_ALREADY_PAID } });
  });

  it("5 concurrent and 5 repeated deliveries of one event pay the order once and record the tip once", async () => {
    const { customer, orderId } = await readyUnpaid();
    const before = await analytics();
    const answer = await checkout(orderId, customer.token, { tipCents: 1_000 });
    const sessionId = decodeURIComponent(new URL(answer.body.url).pathname.split("/").pop()!);
    const [pending] = await tipsOf(orderId);
    const event = checkoutCompleted(await orderOf(orderId), sessionId, { tip: { tipId: pending!.id, amountCents: 1_000 } });
    const results = (await Promise.all(Array.from({ length: 5 }, () => postEvent(event)))).map((a) => a.body.result);
    expect(results.filter((r) => r === "applied").length).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 5; i++) expect((await postEvent(event)).body.result).toBe("duplicate");
    expect(await ledgerHas(event.id)).toBe(true);
    expect(await ledgerHas(`${event.id}:tip`)).toBe(true);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid", totalCents: 5300 });
    expect((await tipsOf(orderId)).filter((t) => t.status === "paid")).toHaveLength(1);
    const after = await analytics();
    expect(after.tips.totalCents).toBe(before.tips.totalCents + 1_000);
    expect(after.month.paidOrders).toBe(before.month.paidOrders + 1);
    const audit = (await auditOf(orderId)).map((a) => a.action);
    expect(audit.filter((a) => a === "order.paid")).toHaveLength(1);
    expect(audit.filter((a) => a === "tip.received")).toHaveLength(1);
  });

  it("refuses a bad tip, a tip before Ready and a tip from anyone but the customer, writing nothing", async () => {
    const { customer, orderId, order } = await readyUnpaid();
    for (const tipCents of [0, 10_001, 1.5, "500", null]) {
      expect(await checkout(orderId, customer.token, { tipCents }), String(tipCents)).toMatchObject({ status: 400, body: { message: TIP_AMOUNT_MESSAGE } });
    }
    // Staff may open the order's checkout, never its tip.
    expect(await checkout(orderId, employee, { tipCents: 500 })).toMatchObject({ status: 404, body: { message: "Order not found" } });
    const booked = await bookedOrder();
    expect(await checkout(booked.orderId, booked.customer.token, { tipCents: 500 })).toMatchObject({ status: 409, body: { message: TIP_NOT_YET } });
    expect(await tipsOf(orderId)).toEqual([]);
    expect(await tipsOf(booked.orderId)).toEqual([]);
    expect(await orderOf(orderId)).toEqual(order);
  });

  it("a payment of another amount marks nothing paid but still records the tip it carried", async () => {
    const { customer, orderId } = await readyUnpaid();
    const answer = await checkout(orderId, customer.token, { tipCents: 500 });
    const sessionId = decodeURIComponent(new URL(answer.body.url).pathname.split("/").pop()!);
    const [pending] = await tipsOf(orderId);
    const order = await orderOf(orderId);
    expect((await postEvent(checkoutCompleted(order, sessionId, { tip: { tipId: pending!.id, amountCents: 500 }, amountCents: 5300 }))).body.result).toBe("applied");
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "unpaid", paymentFailureReason: expect.stringContaining("does not match the order total") });
    expect((await tipsOf(orderId))[0]).toMatchObject({ status: "paid", amountCents: 500 });
  });
});

describe("one tip per order", () => {
  const orderAs = async (orderId: string, token: string) => {
    const answer = await call("GET", `/api/orders/${orderId}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  it("shows the paid tip on the order (whom it went to for staff) and refuses a second with 409, changing nothing", async () => {
    const { customer, orderId, order } = await readyOrder();
    expect((await orderAs(orderId, customer.token)).tip).toBeNull();
    const { sessionId, pending } = await openTip(orderId, customer.token, 650);
    // Opened, not paid: still no tip on the order, and another checkout may be opened.
    expect((await orderAs(orderId, customer.token)).tip).toBeNull();
    expect((await postEvent(tipCheckoutCompleted({ ...pending, tipId: pending.id }, sessionId))).body.result).toBe("applied");
    const [paid] = (await tipsOf(orderId)).filter((t) => t.status === "paid");

    const mine = await orderAs(orderId, customer.token);
    expect(mine.tip).toEqual({ amountCents: 650, paidAt: paid!.paidAt });
    const staffView = await orderAs(orderId, employee);
    expect(staffView.tip).toEqual({ amountCents: 650, paidAt: paid!.paidAt, staffName: order.statusHistory.at(-1)!.actorName });
    // The tip is apart from the order: its total and payment as they were.
    expect(mine).toMatchObject({ totalCents: order.totalCents, paymentStatus: order.paymentStatus });

    const before = await tipsOf(orderId);
    for (const amountCents of [650, 100]) {
      expect(await tip(orderId, customer.token, { amountCents })).toMatchObject({ status: 409, body: { message: TIP_ALREADY_PAID } });
    }
    expect(await tipsOf(orderId)).toEqual(before);
    // Picked up, the same.
    expect((await call("POST", `/api/orders/${orderId}/status`, { token: employee, body: { status: "PICKED_UP" } })).status).toBe(200);
    expect(await tip(orderId, customer.token, { amountCents: 300 })).toMatchObject({ status: 409, body: { message: TIP_ALREADY_PAID } });
    expect((await orderAs(orderId, customer.token)).tip).toEqual({ amountCents: 650, paidAt: paid!.paidAt });
  });

  it("two tips opened before either was paid, paid at the same moment: one is recorded, the other audited to give back", async () => {
    const { customer, orderId } = await readyOrder();
    const before = await analytics();
    const first = await openTip(orderId, customer.token, 500);
    const second = await openTip(orderId, customer.token, 700);
    const events = [first, second].map(({ sessionId, pending }) => tipCheckoutCompleted({ ...pending, tipId: pending.id }, sessionId));
    const results = (await Promise.all(events.map((event) => postEvent(event)))).map((a) => a.body.result);
    expect(results.sort()).toEqual(["applied", "unchanged"]);
    // Repeats of either event change nothing more.
    for (const event of events) expect((await postEvent(event)).body.result).toBe("duplicate");

    const paid = (await tipsOf(orderId)).filter((t) => t.status === "paid");
    expect(paid).toHaveLength(1);
    const after = await analytics();
    expect(after.tips.count).toBe(before.tips.count + 1);
    expect(after.tips.totalCents).toBe(before.tips.totalCents + paid[0]!.amountCents);
    const audit = await auditOf(orderId);
    expect(audit.filter((a) => a.action === "tip.received")).toHaveLength(1);
    const loser = paid[0]!.id === first.pending.id ? second : first;
    expect(audit.filter((a) => a.action === "tip.duplicate_payment").map((a) => a.diff)).toEqual([
      expect.objectContaining({ tipId: loser.pending.id, amountCents: loser.pending.amountCents }),
    ]);
    expect(await tip(orderId, customer.token, { amountCents: 500 })).toMatchObject({ status: 409, body: { message: TIP_ALREADY_PAID } });
  });
});

describe("the dashboard's tips", () => {
  it("shows this month's tips by the staff member who moved each order to Ready, apart from revenue", async () => {
    const before = await analytics();
    const staffOf = (figures: AdminAnalytics, id: string) => figures.tips.byStaff.find((row) => row.staffId === id) ?? { tipCents: 0, tips: 0 };
    const byEmployee = await readyOrder({ by: employee });
    const alsoByEmployee = await readyOrder({ by: employee });
    const byAdmin = await readyOrder({ by: admin });
    const employeeId = byEmployee.order.statusHistory.at(-1)!.actorId!;
    const adminId = byAdmin.order.statusHistory.at(-1)!.actorId!;
    for (const [booked, cents] of [
      [byEmployee, 400],
      [alsoByEmployee, 250],
      [byAdmin, 900],
    ] as const) {
      const { sessionId, pending } = await openTip(booked.orderId, booked.customer.token, cents);
      expect((await postEvent(tipCheckoutCompleted({ ...pending, tipId: pending.id }, sessionId))).body.result).toBe("applied");
    }
    const after = await analytics();
    expect(after.tips.totalCents).toBe(before.tips.totalCents + 1_550);
    expect(after.tips.count).toBe(before.tips.count + 3);
    expect(after.month.tipCents).toBe(after.tips.totalCents);
    expect(after.monthlyRevenue).toBe(before.monthlyRevenue);
    expect(staffOf(after, employeeId).tipCents).toBe(staffOf(before, employeeId).tipCents + 650);
    expect(staffOf(after, employeeId).tips).toBe(staffOf(before, employeeId).tips + 2);
    expect(staffOf(after, adminId).tipCents).toBe(staffOf(before, adminId).tipCents + 900);
    expect(after.tips.byStaff.find((row) => row.staffId === employeeId)!.name).toBe(byEmployee.order.statusHistory.at(-1)!.actorName);
    expect(after.tips.byStaff.reduce((sum, row) => sum + row.tipCents, 0)).toBe(after.tips.totalCents);

    // The counters' repair counts the tips again from the paid tip items: the same figures.
    await DashboardCounters.recount();
    const recounted = await analytics();
    expect(recounted.tips).toEqual(after.tips);
    expect(recounted.monthlyRevenue).toBe(after.monthlyRevenue);

    // Lost counters come back from the tips themselves: the day's tip figures and the month's staff rows.
    const today = after.today;
    await db().entities.dailyStats.patch({ day: today }).set({ tipCents: 0, tips: 0 }).go();
    await db().entities.staffTips.patch({ month: today.slice(0, 7), staffId: employeeId }).set({ tipCents: 0, tips: 0 }).go();
    expect((await analytics()).tips.totalCents).toBeLessThan(after.tips.totalCents);
    await DashboardCounters.recount();
    expect((await analytics()).tips).toEqual(after.tips);
  });
});
