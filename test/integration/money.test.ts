/**
 * The shop's money settings and what they decide, through the route table: an admin sets the sales tax rate of
 * each place (GET/PUT /api/admin/settings/money, audited); a booking and a counter sale are taxed at their place's
 * rate on their taxable lines after the promotion and points; every order view carries the bill that adds it up;
 * an employee's counter discount is held to the shop's limit and a zero total is an admin's comp with a reason.
 * The settings are put back to their defaults after each test: the files of a worker share its table.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as Audit from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { COMP_NEEDS_REASON, DEFAULT_MONEY_SETTINGS, discountOverLimit, ZERO_TOTAL_IS_COMP } from "../../packages/core/src/shared/money-settings";
import type { Catalogue } from "../../packages/core/src/shared/catalogue";
import { redeemCents } from "../../packages/core/src/shared/loyalty";
import { orderTotals, type TotalsLine } from "../../packages/core/src/shared/totals";
import { book, bookingCustomer, demo } from "./booking-support";
import { addDays, todayOf } from "../../packages/core/src/shared/calendar";
import { auditOf, orderOf, payOrder, staffTokens } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };
beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});
afterEach(async () => {
  await db().entities.shopSettings.delete({ name: "money" }).go();
});

const settings = (token: string) => call("GET", "/api/admin/settings/money", { token });
const saveSettings = (token: string, body: unknown) => call("PUT", "/api/admin/settings/money", { token, body });
const rates = { LITTLETON: 750, HIGHLANDS_RANCH: 725, ONSITE: 400 };

async function setRates(limit = 20) {
  const saved = await saveSettings(staff.admin, { taxRateBps: rates, employeeDiscountLimitPercent: limit });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Puts back the units a booking takes, so the demo stock holds however often the tests run. */
async function restock(...skuIds: string[]) {
  for (const id of skuIds) await db().entities.sku.patch({ id }).add({ stockQuantity: 1 }).go();
}

/**
 * A mixed booking of a new customer given 100 points: the $45 regrip (labour), a $15 edge guard and $5 edge tape
 * (goods), with the promotion GRIP5 and the 100 points, at the place `where` names (a shop, or an onsite day).
 */
async function mixedBooking(where: { dropoffLocation: string } | { scheduleEventId: string }) {
  const customer = await bookingCustomer();
  const granted = await call("POST", `/api/admin/loyalty/${customer.userId}/adjust`, { token: staff.admin, body: { points: 100, reason: "Tax test" } });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  await restock(demo.stripBlackTacky, demo.guardBlack, demo.edgeTape);
  const booked = await book(customer.token, customer.paddleId, { ...where, addOns: [demo.guardBlack, demo.edgeTape], promoCode: "GRIP5", redeemPoints: 100 }, { "idempotency-key": randomUUID() });
  return { customer, booked };
}

describe("the money settings", () => {
  it("start at no tax and a 20 % limit, are the admin's to change (audited), and refuse bad values whole", async () => {
    expect(await settings(staff.admin)).toMatchObject({ status: 200, body: DEFAULT_MONEY_SETTINGS });
    expect((await settings(staff.employee)).status).toBe(403);
    expect((await saveSettings(staff.employee, { taxRateBps: rates, employeeDiscountLimitPercent: 20 })).status).toBe(403);
    for (const body of [
      { taxRateBps: { ...rates, LITTLETON: 2001 }, employeeDiscountLimitPercent: 20 },
      { taxRateBps: { ...rates, ONSITE: 7.5 }, employeeDiscountLimitPercent: 20 },
      { taxRateBps: { ...rates, HIGHLANDS_RANCH: -1 }, employeeDiscountLimitPercent: 20 },
      { taxRateBps: rates, employeeDiscountLimitPercent: 101 },
      { taxRateBps: { LITTLETON: 750 }, employeeDiscountLimitPercent: 20 },
    ]) {
      const refused = await saveSettings(staff.admin, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }
    expect((await settings(staff.admin)).body).toEqual(DEFAULT_MONEY_SETTINGS);
    await setRates(15);
    expect((await settings(staff.admin)).body).toEqual({ taxRateBps: rates, employeeDiscountLimitPercent: 15, drawerFloatCents: DEFAULT_MONEY_SETTINGS.drawerFloatCents });
    expect((await Audit.forTarget("settings", "money", 1))[0]).toMatchObject({
      action: "settings.money_changed",
      diff: expect.objectContaining({ "taxRateBps.LITTLETON": { from: 0, to: 750 }, employeeDiscountLimitPercent: { from: 20, to: 15 } }),
    });
    // Each shop's drawer float: what the Drawer page prefills; a body without it keeps it.
    const floats = { LITTLETON: 15_000, HIGHLANDS_RANCH: 7_500 };
    expect((await saveSettings(staff.admin, { taxRateBps: rates, employeeDiscountLimitPercent: 15, drawerFloatCents: { ...floats, LITTLETON: -1 } })).status).toBe(400);
    expect((await saveSettings(staff.admin, { taxRateBps: rates, employeeDiscountLimitPercent: 15, drawerFloatCents: floats })).body).toMatchObject({ drawerFloatCents: floats });
    expect((await Audit.forTarget("settings", "money", 1))[0]).toMatchObject({ diff: { "drawerFloatCents.LITTLETON": { from: 10_000, to: 15_000 }, "drawerFloatCents.HIGHLANDS_RANCH": { from: 10_000, to: 7_500 } } });
    expect((await call("GET", "/api/drawers/current?location=HIGHLANDS_RANCH", { token: staff.employee })).body).toMatchObject({ defaultFloatCents: 7_500 });
    await setRates(15);
    expect((await settings(staff.admin)).body).toMatchObject({ drawerFloatCents: floats });
  });
});

describe("sales tax", () => {
  it("taxes a booking's goods at its shop's rate after the promotion and points, and its bill adds up on every view", async () => {
    await setRates();
    const { customer, booked } = await mixedBooking({ dropoffLocation: "LITTLETON" });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const stored = await orderOf(booked.body.id);
    // $45 regrip (labour) + $15 guard + $5 tape (goods) − $5 (spread 346/115/39) − $10 of points (spread over what
    // is left: 692/231/77); the goods keep $11.54 and $3.84, taxed at 7.5 %: $1.1535, rounded once: $1.15.
    expect(stored).toMatchObject({ subtotalCents: 6500, discountAmountCents: 500, pointsDiscountCents: 1000, taxCents: 115, taxRateBps: 750, totalCents: 5115 });
    const view = await call("GET", `/api/orders/${booked.body.id}`, { token: customer.token });
    expect(view.status).toBe(200);
    const bill = view.body.bill;
    expect(bill).toMatchObject({
      subtotalCents: 6500,
      discounts: [{ kind: "promotion", label: "Promotion GRIP5", amountCents: 500 }],
      pointsCents: 1000,
      taxCents: 115,
      totalCents: 5115,
      balanceCents: 5115,
      payments: [],
    });
    expect(bill.lines.map((line: { taxable: boolean; taxCents: number }) => [line.taxable, line.taxCents])).toEqual([
      [false, 0],
      [true, 86],
      [true, 29],
    ]);
  });

  it("the booking summary's preview (the catalogue's rates and taxable goods) is what the server charges, tax, promotion and points", async () => {
    await setRates();
    // What the booking page reads: the public catalogue (with the rates) and the promotion.
    const catalogue = (await call("GET", "/api/services")).body as Catalogue;
    expect(catalogue.taxRateBps).toEqual(rates);
    const promo = (await call("GET", "/api/promotions/GRIP5")).body;
    const items = [...catalogue.coreServices.flatMap((service) => service.skus), ...Object.values(catalogue.addOnServices).flat()];
    const lines: TotalsLine[] = [demo.stripBlackTacky, demo.guardBlack, demo.edgeTape].map((id) => {
      const item = items.find((each) => each.id === id)!;
      return { priceCents: item.price, quantity: 1, taxable: item.taxable };
    });
    // The booking summary's totals (web pages/booking/booking-state.ts `totals`, unit-tested there): these lines, the
    // promotion, the points' worth and the rate of the place, through the one totals rule.
    const previewTotals = (points: number, taxRateBps: number) => orderTotals(lines, { promotion: promo, pointsCents: redeemCents(points), taxRateBps });
    expect(lines.map((line) => line.taxable)).toEqual([false, true, true]);
    // Each shop at its own rate, with points and without, each a customer of its own (one paddle, one order at a time).
    for (const [place, points] of [["HIGHLANDS_RANCH", 100], ["LITTLETON", 0]] as const) {
      const customer = await bookingCustomer();
      if (points) {
        const granted = await call("POST", `/api/admin/loyalty/${customer.userId}/adjust`, { token: staff.admin, body: { points, reason: "Preview test" } });
        expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      }
      await restock(demo.stripBlackTacky, demo.guardBlack, demo.edgeTape);
      const expected = previewTotals(points, catalogue.taxRateBps![place]);
      const booked = await book(
        customer.token,
        customer.paddleId,
        { dropoffLocation: place, addOns: [demo.guardBlack, demo.edgeTape], promoCode: "GRIP5", ...(points ? { redeemPoints: points } : {}) },
        { "idempotency-key": randomUUID() },
      );
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const stored = await orderOf(booked.body.id);
      expect(expected.taxCents).toBeGreaterThan(0);
      // An order without points stores none (read as 0, as the bill reads it).
      expect({ ...stored, pointsDiscountCents: stored.pointsDiscountCents ?? 0 }).toMatchObject({
        subtotalCents: expected.subtotalCents,
        discountAmountCents: expected.discountAmountCents,
        pointsDiscountCents: expected.pointsDiscountCents,
        taxCents: expected.taxCents,
        totalCents: expected.totalCents,
      });
    }
  });

  it("taxes an onsite day's booking at the onsite rate after the promotion and points, reports it as onsite's, and takes its share back with a refunded line", async () => {
    await setRates();
    const partner = { locationKey: `club-${randomUUID().slice(0, 8)}`, name: "Tax Test Club", address: "1 Court St, Denver, CO", mapsUrl: "https://maps.example/court" };
    await db().entities.partner.create(partner).go();
    const eventId = randomUUID();
    await db()
      .entities.gripSchedule.create({ id: eventId, location: "ONSITE", eventType: "ONSITE_GRIPPING", partnerKey: partner.locationKey, eventDate: addDays(todayOf(new Date()), 6), startTime: "09:00", endTime: "13:00", maxCapacity: 5, isActive: true })
      .go();
    const { booked } = await mixedBooking({ scheduleEventId: eventId });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const orderId = booked.body.id as string;
    // As at Littleton (the goods keep $11.54 and $3.84 after the promotion and points), at the onsite rate of 4 %:
    // $0.4616 + $0.1536 = $0.6152, rounded once: $0.62.
    expect(await orderOf(orderId)).toMatchObject({ isOnsite: true, dropoffLocation: "ONSITE", taxRateBps: 400, taxCents: 62, totalCents: 5062 });
    const dashboard = async () => (await call("GET", "/api/admin/analytics", { token: staff.admin })).body.tax as { netCents: number; byLocation: Record<string, number> };
    const before = await dashboard();
    await payOrder(orderId);
    const paid = await dashboard();
    expect(paid.byLocation).toEqual({ ...before.byLocation, ONSITE: before.byLocation.ONSITE! + 62 });
    expect(paid.netCents).toBe(before.netCents + 62);

    // The tape given back: what it was charged ($3.84) and its share of the tax, in proportion.
    const tape = (await call("GET", `/api/orders/${orderId}`, { token: staff.admin })).body.bill.lines[2];
    expect(tape).toMatchObject({ chargedCents: 384, taxable: true });
    const refunded = await call("POST", `/api/orders/${orderId}/refunds`, { token: staff.admin, body: { lines: [{ lineId: "2", quantity: 1 }], reason: "Tape not fitted" } });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(refunded.body.refund).toMatchObject({ amountCents: 384 + tape.taxCents, taxCents: tape.taxCents });
    expect(tape.taxCents).toBe(15);
    const after = await dashboard();
    expect(after.byLocation).toEqual({ ...paid.byLocation, ONSITE: paid.byLocation.ONSITE! - 15 });
    expect(refunded.body.order.bill).toMatchObject({ taxCents: 62, totalCents: 5062, balanceCents: 0 });
  });

  it("taxes a counter sale at the counter's shop, and none at a rate of 0", async () => {
    await setRates();
    const customer = await bookingCustomer();
    const sale = (shop: string | undefined) =>
      call("POST", "/api/book-service", {
        token: staff.employee,
        body: { customerId: customer.userId, paddle: { nickname: "Counter Tax" }, services: ["regrip", "edge_guard"], discount: null, ...(shop ? { shop } : {}) },
        headers: { "idempotency-key": randomUUID() },
      });
    const atHighlands = await sale("HIGHLANDS_RANCH");
    expect(atHighlands.status, JSON.stringify(atHighlands.body)).toBe(201);
    // $45 regrip + $15 guard; the guard taxed at 7.25 %: $1.0875 → $1.09.
    expect(await orderOf(atHighlands.body.orderId)).toMatchObject({ counterShop: "HIGHLANDS_RANCH", taxCents: 109, totalCents: 6109 });
    const atLittleton = await sale("LITTLETON");
    expect(await orderOf(atLittleton.body.orderId)).toMatchObject({ counterShop: "LITTLETON", taxCents: 113, totalCents: 6113 });
    expect((await sale("DENVER")).status).toBe(400);
    await db().entities.shopSettings.delete({ name: "money" }).go();
    const untaxed = await sale(undefined);
    expect(await orderOf(untaxed.body.orderId)).toMatchObject({ taxCents: 0, totalCents: 6000 });
  });
});

describe("money permissions at the counter", () => {
  const quickSale = (token: string, customerId: string, discount: unknown) =>
    call("POST", "/api/book-service", {
      token,
      body: { customerId, paddle: { nickname: "Counter Comp" }, services: ["regrip"], discount },
      headers: { "idempotency-key": randomUUID() },
    });

  it("holds an employee's discount to the limit, and makes a zero total an admin's comp with a reason", async () => {
    const customer = await bookingCustomer();
    // 20 % of $45 is $9.00: $9 passes, $9.01 and the $60 giveaway do not, and nothing is written for them.
    const before = (await db().entities.serviceOrder.query.byUser({ userId: customer.userId }).go()).data.length;
    for (const amount of [9.01, 60]) {
      expect(await quickSale(staff.employee, customer.userId, { amount, notes: "Loyal player" })).toMatchObject({
        status: 403,
        body: { message: discountOverLimit(20, 4500) },
      });
    }
    expect((await db().entities.serviceOrder.query.byUser({ userId: customer.userId }).go()).data.length).toBe(before);
    expect(discountOverLimit(20, 4500)).toBe("An employee's discount is at most 20% of the subtotal ($9.00 here). Ask an admin for more.");
    const within = await quickSale(staff.employee, customer.userId, { amount: 9, notes: "Loyal player" });
    expect(within.status, JSON.stringify(within.body)).toBe(201);
    expect(await orderOf(within.body.orderId)).toMatchObject({ discountAmountCents: 900, totalCents: 3600 });

    // An admin may raise the limit; a zero total stays a comp.
    await setRates(100);
    expect(await quickSale(staff.employee, customer.userId, { amount: 45, notes: "Friend" })).toMatchObject({ status: 403, body: { message: ZERO_TOTAL_IS_COMP } });
    expect(await quickSale(staff.admin, customer.userId, { amount: 45, notes: "" })).toMatchObject({ status: 400, body: { message: COMP_NEEDS_REASON } });
    const comp = await quickSale(staff.admin, customer.userId, { amount: 45, notes: "Sponsored player" });
    expect(comp.status, JSON.stringify(comp.body)).toBe(201);
    expect(await orderOf(comp.body.orderId)).toMatchObject({ totalCents: 0, paymentStatus: "comp", discountNotes: "Sponsored player" });
    expect((await auditOf(comp.body.orderId)).at(0)).toMatchObject({ action: "order.quick_sale", diff: expect.objectContaining({ discountCents: 4500, totalCents: 0 }) });
  });
});
