/**
 * The counter's cash drawer through the route table (drawers/, shared/drawer.ts): one open session per shop (two
 * opens at once: one wins), a day of cash sales taken at once, a cash refund and paid in and out closing with the
 * right expected cash and difference, cash never landing in a closed session (nor racing into one being closed),
 * and who may do what: staff open, move and close; only admins list and reopen.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { expectedCashCents, type DrawerReport, type DrawerSessionView } from "../../packages/core/src/shared/drawer";
import { bookedOrder, orderOf, staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

let staff: { employee: string; admin: string };
beforeAll(async () => {
  staff = await staffTokens();
});

type Shop = "LITTLETON" | "HIGHLANDS_RANCH";

const current = async (location: Shop, token = staff.employee) => {
  const answer = await call("GET", `/api/drawers/current?location=${location}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { session: DrawerSessionView | null; defaultFloatCents: number };
};
const open = (location: Shop, startingCashCents: number, token = staff.employee) => call("POST", "/api/drawers", { token, body: { location, startingCashCents } });
const close = (id: string, countedCashCents: number, token = staff.employee, note?: string) =>
  call("POST", `/api/drawers/${id}/close`, { token, body: { countedCashCents, ...(note ? { note } : {}) } });
const movement = (id: string, body: unknown, headers?: Record<string, string>) => call("POST", `/api/drawers/${id}/movements`, { token: staff.employee, body, headers });
const pay = (orderId: string, body: unknown, token = staff.employee) => call("POST", `/api/orders/${orderId}/payments`, { token, body });

/** The shop's drawer closed (counted as expected) so a test starts it afresh. */
async function closed(location: Shop): Promise<void> {
  const { session } = await current(location);
  if (session) expect((await close(session.id, session.expectedCashCents)).status).toBe(200);
}

/** The shop's drawer open with `float`, afresh. */
async function freshDrawer(location: Shop, float = 10_000): Promise<string> {
  await closed(location);
  const opened = await open(location, float);
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return (opened.body as DrawerSessionView).id;
}

// The other files of this worker take cash at both shops: leave each drawer open.
afterAll(async () => {
  for (const location of ["LITTLETON", "HIGHLANDS_RANCH"] as const) {
    if (!(await current(location)).session) expect((await open(location, 10_000)).status).toBe(201);
  }
});

describe("one drawer per shop", () => {
  it("of two opens at once, one wins and the other hears 409 DRAWER_OPEN with the open session", async () => {
    await closed("HIGHLANDS_RANCH");
    const [a, b] = await Promise.all([open("HIGHLANDS_RANCH", 10_000), open("HIGHLANDS_RANCH", 12_000, staff.admin)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [won, lost] = a.status === 201 ? [a, b] : [b, a];
    expect(lost.body).toMatchObject({ code: "DRAWER_OPEN", sessionId: won.body.id, message: expect.stringContaining("Regrip Highlands Ranch is open already") });
    const now = await current("HIGHLANDS_RANCH");
    expect(now.session).toMatchObject({ id: won.body.id, status: "open", location: "HIGHLANDS_RANCH", cashSalesCents: 0 });
    expect((await Audit.forTarget("drawer", won.body.id)).map((entry) => entry.action)).toEqual(["drawer.opened"]);
  });

  it("refuses a bad open with a 400 and its words, and answers the setting's float to prefill", async () => {
    expect(await open("HIGHLANDS_RANCH", -1)).toMatchObject({ status: 400, body: { message: expect.stringContaining("starting cash") } });
    expect(await open("HIGHLANDS_RANCH", 10.5)).toMatchObject({ status: 400 });
    expect(await call("POST", "/api/drawers", { token: staff.employee, body: { location: "MARS", startingCashCents: 100 } })).toMatchObject({
      status: 400,
      body: { message: "Choose the shop whose drawer this is" },
    });
    expect(await call("GET", "/api/drawers/current?location=MARS", { token: staff.employee })).toMatchObject({ status: 400 });
    expect((await current("LITTLETON")).defaultFloatCents).toBeGreaterThanOrEqual(0);
  });
});

describe("a day at the counter", () => {
  it("closes a day of cash sales taken at once, a cash refund and paid in and out with the right expected cash and a $2 shortfall", async () => {
    const id = await freshDrawer("LITTLETON", 10_000);
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => bookedOrder()));
    // Five cash payments at the same moment, on two counters' screens: each lands once in the one drawer.
    const paid = await Promise.all(orders.map(({ orderId, order }) => pay(orderId, { method: "POS_CASH", amountCents: order.totalCents, shop: "LITTLETON" })));
    for (const answer of paid) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const sales = orders.reduce((sum, { order }) => sum + order.totalCents, 0);

    // Change brought from the bank, cleaning supplies bought from the till.
    expect((await movement(id, { direction: "in", amountCents: 2_000, reason: "  Change from the bank " })).status).toBe(201);
    const out = await movement(id, { direction: "out", amountCents: 1_500, reason: "Cleaning supplies" });
    expect(out.status).toBe(201);
    // An add-on given back in cash: out of the same drawer.
    const refunded = await call("POST", `/api/orders/${orders[0]!.orderId}/refunds`, { token: staff.employee, body: { amountCents: 800, reason: "Build-up removed" } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);

    const before = await current("LITTLETON");
    const expected = 10_000 + sales - 800 + 2_000 - 1_500;
    expect(before.session).toMatchObject({ id, cashSalesCents: sales, cashRefundsCents: 800, paidInCents: 2_000, paidOutCents: 1_500, expectedCashCents: expected });
    const lines = before.session!.movements!;
    expect(lines.filter((line) => line.kind === "sale").map((line) => line.orderId).sort()).toEqual(orders.map(({ orderId }) => orderId).sort());
    expect(lines.find((line) => line.kind === "refund")).toMatchObject({ amountCents: 800, orderId: orders[0]!.orderId, orderNumber: `R-${orders[0]!.order.number}` });
    expect(lines.find((line) => line.kind === "in")).toMatchObject({ amountCents: 2_000, reason: "Change from the bank", byName: "Sam" });

    const closedAnswer = await close(id, expected - 200, staff.employee, "Counted twice");
    expect(closedAnswer.status, JSON.stringify(closedAnswer.body)).toBe(200);
    const report = closedAnswer.body as DrawerReport;
    expect(report).toMatchObject({
      sessionId: id,
      location: "LITTLETON",
      startingCashCents: 10_000,
      cashSalesCents: sales,
      cashRefundsCents: 800,
      paidInCents: 2_000,
      paidOutCents: 1_500,
      expectedCashCents: expected,
      countedCashCents: expected - 200,
      differenceCents: -200,
      note: "Counted twice",
      closedByName: "Sam",
    });
    expect(report.expectedCashCents).toBe(expectedCashCents(report));
    // The day's totals ride with the report (reports/day-totals.ts): at least this drawer's cash sales and refund.
    expect(report.dayTotals).toMatchObject({ day: report.day, location: "LITTLETON" });
    expect(report.dayTotals.salesCents).toBeGreaterThanOrEqual(sales);
    expect(report.dayTotals.refundedCents).toBeGreaterThanOrEqual(800);

    // Kept readable, audited, emailed to the shop's address (and each admin with a verified phone).
    const kept = await call("GET", `/api/drawers/${id}`, { token: staff.employee });
    expect(kept.body).toMatchObject({ status: "closed", differenceCents: -200, report: { differenceCents: -200, countedCashCents: expected - 200 } });
    expect((await Audit.forTarget("drawer", id)).map((entry) => entry.action).sort()).toEqual(["drawer.closed", "drawer.opened", "drawer.paid_in", "drawer.paid_out"]);
    const month = new Date().toISOString().slice(0, 7);
    const { data: sent } = await db().entities.communication.query.byMonth({ month }).go({ pages: "all" });
    const email = sent.find((entry) => entry.template === "drawerClosed" && entry.message.includes(`Counted cash: $${((expected - 200) / 100).toFixed(2)}`));
    expect(email).toMatchObject({ channel: "email", recipient: "littleton@regrip.shop", subject: expect.stringContaining("Short $2.00") });
    expect(email!.message).toContain("Difference: Short $2.00");

    // A second close (a double click) changes nothing.
    expect(await close(id, 0)).toMatchObject({ status: 409, body: { message: "This drawer session is closed already." } });
    expect((await current("LITTLETON")).session).toBeNull();
  });

  it("never takes cash into a closed session: the payment and the cash refund are refused with DRAWER_CLOSED and change nothing", async () => {
    const id = await freshDrawer("LITTLETON");
    const { orderId: paidId, order: paidOrder } = await bookedOrder();
    expect((await pay(paidId, { method: "POS_CASH", amountCents: paidOrder.totalCents })).status).toBe(200);
    await closed("LITTLETON");

    const { orderId, order } = await bookedOrder();
    const refused = await pay(orderId, { method: "POS_CASH", amountCents: order.totalCents, shop: "LITTLETON" });
    expect(refused).toMatchObject({ status: 409, body: { code: "DRAWER_CLOSED", location: "LITTLETON", message: expect.stringContaining("Regrip Littleton is not open") } });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "unpaid" });
    // The order's own shop is the counter when the request names none.
    expect(await pay(orderId, { method: "POS_CASH", amountCents: order.totalCents })).toMatchObject({ status: 409, body: { code: "DRAWER_CLOSED" } });
    // A card on the counter's terminal needs no drawer.
    expect((await pay(orderId, { method: "POS_CARD", amountCents: order.totalCents })).status).toBe(200);

    const refund = await call("POST", `/api/orders/${paidId}/refunds`, { token: staff.employee, body: { amountCents: 800, reason: "Build-up removed" } });
    expect(refund).toMatchObject({ status: 409, body: { code: "DRAWER_CLOSED" } });
    expect(await orderOf(paidId)).toMatchObject({ refundedAmountCents: 0 });
    // A cancel with its cash refund is refused before the order moves.
    const cancel = await call("POST", `/api/orders/${paidId}/status`, { token: staff.employee, body: { status: "CANCELED", refund: true } });
    expect(cancel).toMatchObject({ status: 409, body: { code: "DRAWER_CLOSED" } });
    expect((await orderOf(paidId)).status).not.toBe("CANCELED");
    // Nor a movement into the closed session.
    expect(await movement(id, { direction: "in", amountCents: 100, reason: "Late change" })).toMatchObject({ status: 409, body: { code: "DRAWER_CLOSED" } });
    const { data: session } = await db().entities.drawerSession.get({ id }).go();
    expect(session).toMatchObject({ status: "closed", movementCount: 1 });
  });

  it("a cash payment racing the close lands before it, counted in the report, or is refused: never in between", async () => {
    for (let round = 0; round < 3; round++) {
      const id = await freshDrawer("LITTLETON", 5_000);
      const { orderId, order } = await bookedOrder();
      const [paid, closedAnswer] = await Promise.all([pay(orderId, { method: "POS_CASH", amountCents: order.totalCents, shop: "LITTLETON" }), close(id, 5_000)]);
      expect(closedAnswer.status, JSON.stringify(closedAnswer.body)).toBe(200);
      const report = closedAnswer.body as DrawerReport;
      if (paid.status === 200) expect(report.cashSalesCents).toBe(order.totalCents);
      else {
        expect(paid.body).toMatchObject({ code: "DRAWER_CLOSED" });
        expect(report.cashSalesCents).toBe(0);
        expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "unpaid" });
      }
      const { data: session } = await db().entities.drawerSession.get({ id }).go();
      expect(session!.cashSalesCents).toBe(report.cashSalesCents);
    }
  });
});

describe("paid in and out", () => {
  it("checks its input, never pays out more than the drawer should hold, and answers a repeated Idempotency-Key once", async () => {
    const id = await freshDrawer("HIGHLANDS_RANCH", 1_000);
    expect(await movement(id, { direction: "out", amountCents: 1_001, reason: "Lunch" })).toMatchObject({
      status: 409,
      body: { message: "The drawer should hold $10.00: you cannot take out more than that." },
    });
    expect(await movement(id, { direction: "in", amountCents: 0, reason: "Nothing" })).toMatchObject({ status: 400 });
    expect(await movement(id, { direction: "in", amountCents: -5, reason: "Negative" })).toMatchObject({ status: 400 });
    expect(await movement(id, { direction: "in", amountCents: 500, reason: "   " })).toMatchObject({ status: 400, body: { message: "Say why the cash goes in or out" } });
    expect(await movement(id, { direction: "in", amountCents: 500, reason: "x".repeat(201) })).toMatchObject({ status: 400 });
    expect(await movement(id, { direction: "sideways", amountCents: 500, reason: "?" })).toMatchObject({ status: 400 });
    expect(await movement(randomUUID(), { direction: "in", amountCents: 500, reason: "Nowhere" })).toMatchObject({ status: 404 });

    const key = { "idempotency-key": randomUUID() };
    const [a, b] = await Promise.all([movement(id, { direction: "out", amountCents: 1_000, reason: "Float to the bank" }, key), movement(id, { direction: "out", amountCents: 1_000, reason: "Float to the bank" }, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const after = (await current("HIGHLANDS_RANCH")).session!;
    expect(after).toMatchObject({ paidOutCents: 1_000, expectedCashCents: 0 });
    expect(after.movements!.filter((line) => line.kind === "out")).toHaveLength(1);
  });
});

describe("who may do what", () => {
  it("staff open and close; only admins list the sessions and reopen one, audited; a customer may do none of it", async () => {
    const customer = await newCustomer();
    expect((await open("HIGHLANDS_RANCH", 100, customer.token)).status).toBe(403);
    expect((await call("GET", "/api/drawers/current?location=LITTLETON", { token: customer.token })).status).toBe(403);
    expect((await call("GET", "/api/drawers/current?location=LITTLETON")).status).toBe(401);

    const id = await freshDrawer("HIGHLANDS_RANCH", 2_000);
    expect((await close(id, 2_100)).body).toMatchObject({ differenceCents: 100 });

    expect((await call("GET", "/api/admin/drawers", { token: staff.employee })).status).toBe(403);
    expect((await call("POST", `/api/admin/drawers/${id}/reopen`, { token: staff.employee })).status).toBe(403);

    const listed = await call("GET", "/api/admin/drawers", { token: staff.admin });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions.find((session: DrawerSessionView) => session.id === id)).toMatchObject({ status: "closed", differenceCents: 100, report: { countedCashCents: 2_100 } });
    expect((await call("GET", "/api/admin/drawers?from=2026-13-01", { token: staff.admin })).status).toBe(400);
    expect((await call("GET", "/api/admin/drawers?from=2026-11-02&to=2026-11-01", { token: staff.admin })).status).toBe(400);

    // Another session open at the shop: the old one cannot be reopened beside it.
    const other = await freshDrawer("HIGHLANDS_RANCH", 0);
    expect(await call("POST", `/api/admin/drawers/${id}/reopen`, { token: staff.admin })).toMatchObject({ status: 409, body: { code: "DRAWER_OPEN", sessionId: other } });
    expect((await close(other, 0)).status).toBe(200);

    const reopened = await call("POST", `/api/admin/drawers/${id}/reopen`, { token: staff.admin });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({ id, status: "open", expectedCashCents: 2_000, reopened: [{ byName: expect.any(String) }] });
    expect(reopened.body.report).toBeUndefined();
    expect((await call("POST", `/api/admin/drawers/${id}/reopen`, { token: staff.admin })).status).toBe(409);
    expect((await current("HIGHLANDS_RANCH")).session?.id).toBe(id);
    expect((await Audit.forTarget("drawer", id)).map((entry) => entry.action)).toContain("drawer.reopened");
    expect((await close(id, 2_000)).body).toMatchObject({ differenceCents: 0 });
  });
});
