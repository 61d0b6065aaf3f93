/**
 * GET /api/admin/reports/sales (docs/api-admin.md "Reports") through the route table against DynamoDB Local: the
 * admin's only; bad ranges, dates, breakdowns and locations refused with 400 and a message; over generated days of
 * orders paid by card online, cash and card at the counter, refunded in part, by line and in full, the report's
 * totals are the sums of those orders' bills, every breakdown has the same totals, the CSV is the JSON; tips,
 * packs and membership invoices counted apart; the recount rebuilds the same items; the cash drawer's dayTotals
 * agree with the report by tender.
 *
 * A table of its own (the demo shop seeded into it): the figures are the whole shop's. Days are the shop's.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { checkoutCompleted, localSessionId, packCheckoutCompleted, stripeEvent, tipCheckoutCompleted } from "../../packages/core/src/payments/local";
import { dayTotals } from "../../packages/core/src/reports/day-totals";
import { addDays, shopDay, type AdminAnalytics } from "../../packages/core/src/shared/analytics";
import { billOf } from "../../packages/core/src/shared/bill";
import { CSV_COLUMNS, MAX_REPORT_DAYS, REPORT_BY, type SalesFigures, type SalesReport } from "../../packages/core/src/shared/reports";
import * as Recount from "../../packages/core/src/stats/recount";
import { bookingCustomer } from "./booking-support";
import { bookedOrder, orderOf, ownShopTable, postEvent, setOrder, staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

let admin: string;
let employee: string;

ownShopTable("reports");
beforeAll(async () => {
  ({ admin, employee } = await staffTokens());
});

const today = () => shopDay(new Date());
const path = (q: Record<string, string>) => `/api/admin/reports/sales?${new URLSearchParams(q)}`;

async function report(q: Record<string, string>): Promise<SalesReport> {
  const answer = await call<SalesReport>("GET", path(q), { token: admin });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function csv(q: Record<string, string>): Promise<{ text: string; type: string | undefined; disposition: string | undefined }> {
  const answer = await call<string>("GET", path({ ...q, format: "csv" }), { token: admin });
  expect(answer.status, String(answer.body)).toBe(200);
  return { text: answer.body, type: answer.headers["content-type"], disposition: answer.headers["content-disposition"] };
}

const MONEY = ["salesCents", "refundedCents", "taxCents", "refundedTaxCents", "tipCents", "membershipCents", "packCents", "netCents", "count"] as const;
const minus = (a: SalesFigures, b: SalesFigures) => Object.fromEntries(MONEY.map((f) => [f, a[f] - b[f]])) as unknown as SalesFigures;

/** The CSV as rows of fields (no field of these reports holds a comma or quote). */
const parse = (text: string) => text.trim().split("\r\n").map((line) => line.split(","));
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The CSV's lines as the JSON's rows and totals would write them. */
function csvOfJson(r: SalesReport): string[][] {
  const line = (row: SalesFigures & { key: string; label: string }) => CSV_COLUMNS.map(([name]) => (name === "key" || name === "label" ? row[name] : name === "count" ? String(row.count) : dollars(row[name])));
  return [CSV_COLUMNS.map(([, title]) => title), ...r.rows.map(line), line({ key: "total", label: "Total", ...r.totals })];
}

describe("GET /api/admin/reports/sales: who and what", () => {
  it("is the admin's: an employee and a customer get 403, a signed-out caller 401", async () => {
    const customer = await newCustomer();
    const q = { from: today(), to: today(), by: "day" };
    expect((await call("GET", path(q), { token: employee })).status).toBe(403);
    expect((await call("GET", path(q), { token: customer.token })).status).toBe(403);
    expect((await call("GET", path(q))).status).toBe(401);
    expect((await call("GET", path({ ...q, format: "csv" }), { token: employee })).status).toBe(403);
  });

  it("refuses bad ranges, dates, breakdowns and locations with 400 and a message", async () => {
    const from = "2026-01-01";
    const bad: Record<string, string>[] = [
      { from, to: addDays(from, MAX_REPORT_DAYS) },
      { from: "2026-03-02", to: "2026-03-01" },
      { from: "2026-02-30", to: "2026-03-01" },
      { from: "yesterday", to: "2026-03-01" },
      { to: "2026-03-01" },
      { from, to: "2026-03-01", by: "week" },
      { from, to: "2026-03-01", location: "DENVER" },
      { from, to: "2026-03-01", format: "pdf" },
    ];
    for (const q of bad) {
      const answer = await call("GET", path(q), { token: admin });
      expect(answer.status, JSON.stringify(q)).toBe(400);
      expect(answer.body.message, JSON.stringify(q)).toEqual(expect.any(String));
    }
    expect((await call("GET", path({ from, to: "2026-01-02", by: "week" }), { token: admin })).body.message).toMatch(/by must be one of day, item/);
    expect((await call("GET", path({ from, to: addDays(from, MAX_REPORT_DAYS) }), { token: admin })).body.message).toBe("A report covers at most 366 days");
    // 366 days is allowed; a day of nothing has every day's row at 0.
    const year = await report({ from, to: addDays(from, MAX_REPORT_DAYS - 1), by: "day" });
    expect(year.rows).toHaveLength(MAX_REPORT_DAYS);
    const quiet = await report({ from: "2020-01-01", to: "2020-01-03", by: "item" });
    expect(quiet).toMatchObject({ rows: [], totals: { salesCents: 0, netCents: 0 } });
  });
});

/** How a generated order is paid and given back. */
const generated = fc.record({
  daysAgo: fc.integer({ min: 0, max: 5 }),
  method: fc.constantFrom("STRIPE", "POS_CASH", "POS_CARD"),
  discountCents: fc.constantFrom(0, 700),
  refund: fc.constantFrom("none", "line", "amount", "full"),
  refundCents: fc.integer({ min: 1, max: 3000 }),
});

type Generated = typeof generated extends fc.Arbitrary<infer T> ? T : never;

/** Books, pays and refunds one generated order through the API (a card payment's event dated its day); answers its id and payment day. */
async function play(o: Generated) {
  const paidAt = new Date(Date.now() - o.daysAgo * 86_400_000);
  // Counter payments are taken now; only card payments' events carry their own day.
  const daysAgo = o.method === "STRIPE" ? o.daysAgo : 0;
  const { orderId } = await bookedOrder({ discountCents: o.discountCents, createdAt: new Date(Date.now() - daysAgo * 86_400_000) });
  const order = await orderOf(orderId);
  if (o.method === "STRIPE") {
    const event = checkoutCompleted(order, order.stripeCheckoutSessionId ?? localSessionId(orderId));
    expect((await postEvent({ ...event, created: Math.floor(paidAt.getTime() / 1000) })).body.result).toBe("applied");
  } else {
    const paid = await call("POST", `/api/orders/${orderId}/payments`, { token: admin, body: { method: o.method, amountCents: order.totalCents } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  }
  const refund = (body: Record<string, unknown>) =>
    call("POST", `/api/orders/${orderId}/refunds`, { token: admin, body: { reason: "Generated", ...(o.method === "POS_CARD" ? { terminalReference: "T-42" } : {}), ...body }, headers: { "idempotency-key": randomUUID() } });
  const refunds =
    o.refund === "line" ? [{ lines: [{ lineId: "1", quantity: 1 }] }] : o.refund === "amount" ? [{ amountCents: Math.min(o.refundCents, order.totalCents) }] : o.refund === "full" ? [{ amountCents: 500 }, { amountCents: order.totalCents - 500 }] : [];
  for (const body of refunds) {
    const answer = await refund(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
  return { orderId, day: shopDay(o.method === "STRIPE" ? paidAt : new Date()) };
}

describe("the report's figures", () => {
  it("over generated days of orders, the totals are the sums of their bills, every breakdown has the same totals, and the CSV is the JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(generated, { minLength: 1, maxLength: 4 }), async (orders) => {
        const to = today();
        const from = addDays(to, -6);
        const before = await report({ from, to, by: "day" });
        const littletonBefore = await report({ from, to, by: "tender", location: "LITTLETON" });
        const played = [];
        for (const o of orders) played.push(await play(o));
        const bills = await Promise.all(played.map(async (p) => billOf(await orderOf(p.orderId))));
        const after = await report({ from, to, by: "day" });
        const change = minus(after.totals, before.totals);
        expect(change.salesCents).toBe(bills.reduce((s, b) => s + b.paidCents, 0));
        expect(change.refundedCents).toBe(bills.reduce((s, b) => s + b.refundedCents, 0));
        expect(change.netCents).toBe(bills.reduce((s, b) => s + b.netCents, 0));
        expect(change.taxCents).toBe(bills.reduce((s, b) => s + b.taxCents, 0));
        expect(change.refundedTaxCents).toBe(bills.reduce((s, b) => s + b.refunds.reduce((t, r) => t + r.taxCents, 0), 0));
        expect(change.count).toBe(orders.length);
        // Each day's sales: the bills of the orders paid that day.
        for (const day of new Set(played.map((p) => p.day))) {
          const rowOf = (r: SalesReport) => r.rows.find((row) => row.key === day)!;
          const paidThatDay = played.map((p, i) => (p.day === day ? bills[i]!.paidCents : 0)).reduce((a, b) => a + b, 0);
          expect(rowOf(after).salesCents - rowOf(before).salesCents).toBe(paidThatDay);
        }
        // Every breakdown adds up to the same totals, at all locations; Littleton's (where these orders are) too.
        // (Count is payments by day, tender, staff and location, units sold by item and category.)
        const money = ({ count: _count, ...figures }: SalesFigures) => figures;
        for (const by of REPORT_BY) {
          const r = await report({ from, to, by });
          expect(money(r.totals), by).toEqual(money(after.totals));
          expect(r.rows.reduce((s, row) => s + row.netCents, 0), by).toBe(r.totals.netCents);
        }
        // These orders are Littleton's: its report moved by the whole change, the other places' not at all.
        const littleton = await report({ from, to, by: "tender", location: "LITTLETON" });
        expect(minus(littleton.totals, littletonBefore.totals)).toEqual(change);
        // The CSV is the JSON.
        const item = await report({ from, to, by: "item" });
        const file = await csv({ from, to, by: "item" });
        expect(parse(file.text)).toEqual(csvOfJson(item));
      }),
      { numRuns: 4 },
    );
  });

  it("answers CSV with its file name, per location, and the same rows as the JSON", async () => {
    const q = { from: addDays(today(), -6), to: today(), by: "tender", location: "LITTLETON" };
    const file = await csv(q);
    expect(file.type).toBe("text/csv; charset=utf-8");
    expect(file.disposition).toBe(`attachment; filename="regrip-sales-by-tender-${q.from}-to-${q.to}-littleton.csv"`);
    const json = await report(q);
    expect(json.location).toBe("LITTLETON");
    expect(parse(file.text)).toEqual(csvOfJson(json));
    expect(parse(file.text)[0]).toEqual(["Key", "Name", "Count", "Sales", "Refunds", "Tax collected", "Tax refunded", "Tips", "Memberships", "Packs", "Net income"]);
  });

  it("counts a tip to the staff member who made the paddle ready, a pack and a membership invoice online; the dashboard's revenue includes the pack", async () => {
    const q = { from: today(), to: today() };
    const before = await report({ ...q, by: "staff" });
    const dashBefore = (await call<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin })).body;

    // A tip: the order made ready by the employee (Sam), the tip paid through its session.
    const { orderId, customer } = await bookedOrder();
    await setOrder(orderId, { status: "BEING_SERVICED", paymentStatus: "paid" });
    expect((await call("POST", `/api/orders/${orderId}/status`, { token: employee, body: { status: "READY" } })).status).toBe(200);
    const opened = await call("POST", `/api/orders/${orderId}/tip`, { token: customer.token, body: { amountCents: 700 } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const { data: tips } = await db().entities.tip.query.byOrder({ orderId }).go({ consistent: true });
    const tip = tips[0]!;
    expect((await postEvent(tipCheckoutCompleted({ orderId, tipId: tip.id, userId: customer.userId, amountCents: 700, currency: "usd" }, tip.stripeCheckoutSessionId!))).body.result).toBe("applied");

    // A pack bought online.
    const buyer = await bookingCustomer();
    const pack = await call("POST", "/api/admin/packs", { token: admin, body: { name: "Report pack", regrips: 3, priceCents: 4200, services: ["Basic Overgrip"] } });
    expect(pack.status).toBe(201);
    const checkout = await call("POST", `/api/packs/${pack.body.id}/checkout`, { token: buyer.token });
    expect(checkout.status).toBe(201);
    const { data: credits } = await db().entities.packCredit.query.byUser({ userId: buyer.userId }).go({ consistent: true });
    const credit = credits[0]!;
    const packEvent = packCheckoutCompleted({ packCreditId: credit.id, userId: buyer.userId, amountCents: 4200, currency: "usd" }, credit.stripeCheckoutSessionId!);
    expect((await postEvent(packEvent)).body.result).toBe("applied");
    expect((await postEvent(packEvent)).body.result).toBe("duplicate");

    // A membership invoice paid.
    const invoice = stripeEvent("invoice.paid", {
      id: `in_local_${randomUUID().slice(0, 8)}`,
      object: "invoice",
      amount_paid: 1999,
      currency: "usd",
      status: "paid",
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      parent: { type: "subscription_details", subscription_details: { subscription: `sub_local_${randomUUID().slice(0, 8)}`, metadata: { userId: buyer.userId, plan: "SINGLE_MONTHLY" } } },
      lines: { object: "list", data: [] },
    });
    expect((await postEvent(invoice)).body.result).toBe("applied");

    const after = await report({ ...q, by: "staff" });
    const change = minus(after.totals, before.totals);
    expect(change).toMatchObject({ tipCents: 700, packCents: 4200, membershipCents: 1999, netCents: 4200 + 1999, salesCents: 0 });
    const sam = (r: SalesReport) => r.rows.find((row) => row.label === "Sam")?.tipCents ?? 0;
    expect(sam(after) - sam(before)).toBe(700);
    const online = (r: SalesReport) => r.rows.find((row) => row.key === "online")?.packCents ?? 0;
    expect(online(after) - online(before)).toBe(4200);
    const items = await report({ ...q, by: "item" });
    expect(items.rows.find((row) => row.key === `pack:${pack.body.id}`)).toMatchObject({ label: "Report pack", packCents: 4200, count: 1 });
    expect(items.rows.find((row) => row.key === "membership:SINGLE_MONTHLY")).toMatchObject({ membershipCents: expect.any(Number) });
    const categories = await report({ ...q, by: "category" });
    expect(categories.rows.map((row) => row.label)).toEqual(expect.arrayContaining(["Packs", "Memberships", "Tips"]));
    const locations = await report({ ...q, by: "location" });
    expect(locations.rows.find((row) => row.key === "ONLINE")).toMatchObject({ label: "Online" });

    const dash = (await call<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin })).body;
    expect(dash.month.packPaidCents - dashBefore.month.packPaidCents).toBe(4200);
    expect(dash.monthlyRevenue - dashBefore.monthlyRevenue).toBe(4200 + 1999);
    // The month's report by item nets the dashboard's revenue.
    const month = await report({ from: dash.month.from, to: dash.month.to, by: "item" });
    expect(month.totals.netCents).toBe(dash.monthlyRevenue);
  });

  it("the recount rebuilds the same items, and the drawer's dayTotals are the report by tender of that place and day", async () => {
    const q = { from: addDays(today(), -6), to: today() };
    const reports = await Promise.all(REPORT_BY.map((by) => report({ ...q, by })));
    // (The day figures' orders booked may change: test support writes its orders straight, without them.)
    const repaired = await Recount.recount();
    expect(repaired.salesItems).toBeGreaterThan(0);
    expect(await Promise.all(REPORT_BY.map((by) => report({ ...q, by })))).toEqual(reports);

    // Cash taken at Littleton's counter and $3 of it given back: the day's cash moves by exactly that.
    const day = today();
    const start = await dayTotals("LITTLETON", day);
    const elsewhere = await dayTotals("HIGHLANDS_RANCH", day);
    const cashOf = (t: typeof start) => t.byTender.find((row) => row.tender === "POS_CASH") ?? { tender: "POS_CASH", paidCents: 0, refundedCents: 0 };
    const { orderId } = await bookedOrder();
    const { totalCents } = await orderOf(orderId);
    expect((await call("POST", `/api/orders/${orderId}/payments`, { token: admin, body: { method: "POS_CASH", amountCents: totalCents } })).status).toBe(200);
    const given = await call("POST", `/api/orders/${orderId}/refunds`, { token: admin, body: { amountCents: 300, reason: "Scuffed" }, headers: { "idempotency-key": randomUUID() } });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    const tender = await report({ from: day, to: day, by: "tender", location: "LITTLETON" });
    const totals = await dayTotals("LITTLETON", day);
    expect(cashOf(totals)).toEqual({ tender: "POS_CASH", paidCents: cashOf(start).paidCents + totalCents, refundedCents: cashOf(start).refundedCents + 300 });
    expect(totals.salesCents - start.salesCents).toBe(totalCents);
    expect(totals.refundedCents - start.refundedCents).toBe(300);
    expect(totals).toMatchObject({
      day,
      location: "LITTLETON",
      salesCents: tender.totals.salesCents + tender.totals.membershipCents + tender.totals.packCents,
      refundedCents: tender.totals.refundedCents,
      taxCents: tender.totals.taxCents - tender.totals.refundedTaxCents,
      tipsCents: tender.totals.tipCents,
    });
    for (const row of tender.rows.filter((r) => r.salesCents || r.refundedCents)) {
      expect(totals.byTender.find((t) => t.tender === row.key)).toEqual({ tender: row.key, paidCents: row.salesCents + row.membershipCents + row.packCents, refundedCents: row.refundedCents });
    }
    // Another place's day holds none of it; a day of nothing is zeros.
    expect(await dayTotals("HIGHLANDS_RANCH", day)).toEqual(elsewhere);
    expect(await dayTotals("LITTLETON", "2020-01-01")).toEqual({ day: "2020-01-01", location: "LITTLETON", salesCents: 0, refundedCents: 0, taxCents: 0, tipsCents: 0, byTender: [] });
  });
});
