/**
 * Between booking and drop-off, through the route table against DynamoDB Local: the owner moves a drop-off
 * (POST /api/orders/{id}/reschedule) within the shop's hours, the pickup day recomputed as a booking's, seats of club
 * days taken and given back, refused after check-in; the paid cancel's window at both edges (shared/order-cancel.ts);
 * and the drop-off as a calendar file (GET /api/orders/{id}/calendar.ics).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { addDays, dropoffClosedMessage, formatDate, formatInstant, hoursOn, instantOf, pickupDateFor, todayOf, weekdayOf, type LocalDate } from "../../packages/core/src/shared/calendar";
import { shopLocation } from "../../packages/core/src/shared/locations";
import { CANCEL_AFTER_REFUND_WINDOW } from "../../packages/core/src/shared/order-cancel";
import { RESCHEDULE_AFTER_CHECK_IN } from "../../packages/core/src/shared/reschedule";
import { EVENT_FULL } from "../../packages/core/src/shared/schedule";
import { book, bookingCustomer, demo } from "./booking-support";
import { bookedOrder, orderOf, payOrder, staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

const today = todayOf(new Date());
const littleton = shopLocation("LITTLETON")!;
let staff: { admin: string; employee: string };

beforeAll(async () => {
  staff = await staffTokens();
  await db().entities.sku.patch({ id: demo.stripBlackTacky }).add({ stockQuantity: 20 }).go();
});

/** The first date from `after` + 1 on which the shop is open on a weekday other than Sunday. */
function openDay(after: LocalDate): LocalDate {
  for (let date = addDays(after, 1); ; date = addDays(date, 1)) if (weekdayOf(date) !== 0 && hoursOn(littleton, date)) return date;
}
const at = (date: LocalDate, time: string) => instantOf(date, time).toISOString();
const reschedule = (token: string, id: string, body: unknown) => call("POST", `/api/orders/${id}/reschedule`, { token, body });
const seatsOf = async (id: string) => (await db().entities.gripSchedule.get({ id }).go({ consistent: true })).data!.currentBookings;

async function newClubDay(locationKey: string, eventDate: LocalDate, maxCapacity = 5): Promise<string> {
  const id = randomUUID();
  await db()
    .entities.gripSchedule.create({ id, location: "ONSITE", eventType: "ONSITE_GRIPPING", partnerKey: locationKey, eventDate, startTime: "09:00", endTime: "13:00", maxCapacity, isActive: true })
    .go();
  return id;
}

describe("POST /api/orders/{id}/reschedule", () => {
  it("moves a shop drop-off to another open time, the pickup day from the calendar, audited, money and stage unchanged", async () => {
    const customer = await bookingCustomer();
    const first = openDay(today);
    const booked = await book(customer.token, customer.paddleId, { dropoffDateTime: at(first, "11:00") });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const before = await orderOf(booked.body.id);

    const later = openDay(openDay(first));
    const moved = await reschedule(customer.token, before.id, { dropoffDateTime: at(later, "16:30") });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const expected = pickupDateFor(littleton, new Date(at(later, "16:30")));
    expect(moved.body).toMatchObject({ dropoffDateTime: at(later, "16:30"), pickupDate: expected, status: before.status, totalCents: before.totalCents });
    const after = await orderOf(before.id);
    expect(after).toMatchObject({ status: before.status, paymentStatus: before.paymentStatus, totalCents: before.totalCents, lineItems: before.lineItems, pickupDate: expected });
    expect(after.statusHistory).toEqual(before.statusHistory);
    const [entry] = await Audit.forTarget("order", before.id, 1);
    expect(entry).toMatchObject({
      action: "order.rescheduled",
      actorId: customer.userId,
      diff: { from: { dropoffDateTime: before.dropoffDateTime, pickupDate: before.pickupDate }, to: { dropoffDateTime: at(later, "16:30"), pickupDate: expected } },
    });
    // The drop-off reminder waits for the new time, not yet sent.
    const { data: item } = await db().entities.orderReminder.get({ orderId: before.id }).go({ consistent: true });
    expect(item).toMatchObject({ stage: "scheduled", since: at(later, "16:30") });
    expect(item?.dropoffReminderAt).toBeUndefined();
    // The same again is answered the same (a double click), and writes nothing more.
    expect((await reschedule(customer.token, before.id, { dropoffDateTime: at(later, "16:30") })).body).toMatchObject({ dropoffDateTime: at(later, "16:30") });
    expect((await Audit.forTarget("order", before.id, 5)).filter((e) => e.action === "order.rescheduled")).toHaveLength(1);
    // The customer is told once, by text and by email (the new time, where, and the pickup day it promises).
    const told = (await db().entities.communication.query.byOrder({ orderId: before.id }).go()).data.filter((entry) => entry.template === "dropoffMoved");
    expect(told.map((entry) => entry.channel).sort()).toEqual(["email", "sms"]);
    const text = told.find((entry) => entry.channel === "sms")!;
    expect(text.message).toContain(`is now ${formatInstant(new Date(at(later, "16:30")))} at Regrip Littleton. It will be ready on ${formatDate(expected)}.`);
  });

  it("refuses a time the shop is closed, a missing time, another customer and staff, and changes nothing", async () => {
    const customer = await bookingCustomer();
    const booked = await book(customer.token, customer.paddleId, { dropoffDateTime: at(openDay(today), "11:00") });
    const id = booked.body.id as string;
    const before = await orderOf(id);
    const monday = (() => {
      for (let date = addDays(today, 1); ; date = addDays(date, 1)) if (weekdayOf(date) === 1 && hoursOn(littleton, date)) return date;
    })();
    expect(await reschedule(customer.token, id, { dropoffDateTime: at(monday, "08:30") })).toMatchObject({
      status: 400,
      body: { message: dropoffClosedMessage("Regrip Littleton", hoursOn(littleton, monday), monday) },
    });
    expect(await reschedule(customer.token, id, {})).toMatchObject({ status: 400, body: { message: "Please choose a new drop-off time." } });
    expect(await reschedule(customer.token, id, { dropoffDateTime: "tomorrow" })).toMatchObject({ status: 400 });
    const stranger = await newCustomer();
    expect((await reschedule(stranger.token, id, { dropoffDateTime: at(openDay(today), "12:00") })).status).toBe(404);
    expect((await reschedule(staff.employee, id, { dropoffDateTime: at(openDay(today), "12:00") })).status).toBe(404);
    expect((await orderOf(id)).dropoffDateTime).toBe(before.dropoffDateTime);
  });

  it("is refused after check-in, in the words the page shows", async () => {
    const customer = await bookingCustomer();
    const booked = await book(customer.token, customer.paddleId, { dropoffDateTime: at(openDay(today), "11:00") });
    const id = booked.body.id as string;
    await payOrder(id);
    expect((await call("POST", `/api/orders/${id}/status`, { token: staff.employee, body: { status: "CHECKED_IN" } })).status).toBe(200);
    expect(await reschedule(customer.token, id, { dropoffDateTime: at(openDay(openDay(today)), "12:00") })).toMatchObject({ status: 409, body: { message: RESCHEDULE_AFTER_CHECK_IN } });
    expect((await call("GET", `/api/orders/${id}/calendar.ics`, { token: customer.token })).status).toBe(409);
  });

  it("moves an onsite order to another club day: the new seat taken, the old one given back, a full day refused", async () => {
    const locationKey = `club-${randomUUID().slice(0, 8)}`;
    await db().entities.partner.create({ locationKey, name: "Resched Club", address: "2 Court St, Denver, CO" }).go();
    const first = await newClubDay(locationKey, addDays(today, 4));
    const second = await newClubDay(locationKey, addDays(today, 6), 1);
    const full = await newClubDay(locationKey, addDays(today, 8), 1);
    const customer = await bookingCustomer();
    const booked = await book(customer.token, customer.paddleId, { scheduleEventId: first });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.id as string;
    // Someone else holds the one seat of the full day.
    const other = await bookingCustomer();
    expect((await book(other.token, other.paddleId, { scheduleEventId: full })).status).toBe(201);

    // A time at a shop is not how an onsite order moves.
    expect(await reschedule(customer.token, id, { dropoffDateTime: at(openDay(today), "12:00") })).toMatchObject({ status: 400, body: { message: "Please choose another club day." } });
    expect(await reschedule(customer.token, id, { scheduleEventId: full })).toMatchObject({ status: 409, body: { message: EVENT_FULL } });
    expect([await seatsOf(first), await seatsOf(full)]).toEqual([1, 1]);

    const moved = await reschedule(customer.token, id, { scheduleEventId: second });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ scheduleEventId: second, pickupDate: addDays(today, 6), dropoffDateTime: at(addDays(today, 6), "09:00") });
    expect([await seatsOf(first), await seatsOf(second)]).toEqual([0, 1]);
    // Canceled now: the seat it holds (the new one) is given back, once.
    expect((await call("POST", `/api/orders/${id}/status`, { token: customer.token, body: { status: "CANCELED" } })).status).toBe(200);
    expect([await seatsOf(first), await seatsOf(second)]).toEqual([0, 0]);
  });
});

describe("a paid cancel's window: until 24 hours before drop-off, or 24 hours after booking", () => {
  /** A paid order booked four days ago, dropped off `hours` from now. */
  async function paidBookedAhead(hours: number) {
    const { customer, orderId } = await bookedOrder({ createdAt: new Date(Date.now() - 4 * 24 * 3600_000) });
    await db().entities.serviceOrder.patch({ id: orderId }).set({ dropoffDateTime: new Date(Date.now() + hours * 3600_000).toISOString() }).go();
    await payOrder(orderId);
    return { customer, orderId };
  }
  const cancel = (token: string, id: string) => call("POST", `/api/orders/${id}/status`, { token, body: { status: "CANCELED" } });

  it("refunds a booking made days ahead until the day before its drop-off", async () => {
    const inside = await paidBookedAhead(24 + 0.05);
    expect((await cancel(inside.customer.token, inside.orderId)).body).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: 5300 });
  });

  it("is not reopened by moving the drop-off later once it has closed", async () => {
    const late = await paidBookedAhead(20);
    const nextWeek = (() => {
      for (let date = addDays(today, 7); ; date = addDays(date, 1)) if (hoursOn(littleton, date)) return date;
    })();
    const moved = await reschedule(late.customer.token, late.orderId, { dropoffDateTime: at(nextWeek, "12:00") });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(Date.parse(moved.body.refundWindowEndsAt)).toBeLessThan(Date.now());
    expect(await cancel(late.customer.token, late.orderId)).toMatchObject({ status: 409, body: { message: CANCEL_AFTER_REFUND_WINDOW } });
  });

  it("refuses it within 24 hours of its drop-off, with the shop to contact", async () => {
    const outside = await paidBookedAhead(24 - 0.05);
    expect(await cancel(outside.customer.token, outside.orderId)).toMatchObject({ status: 409, body: { message: CANCEL_AFTER_REFUND_WINDOW } });
    expect(await orderOf(outside.orderId)).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid" });
  });
});

describe("GET /api/orders/{id}/calendar.ics", () => {
  it("gives the owner the drop-off as a calendar event, and no one else", async () => {
    const customer = await bookingCustomer();
    const day = openDay(today);
    const booked = await book(customer.token, customer.paddleId, { dropoffDateTime: at(day, "11:00") });
    const id = booked.body.id as string;
    const file = await call("GET", `/api/orders/${id}/calendar.ics`, { token: customer.token });
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="regrip-R-\d+\.ics"$/);
    const text = file.body as string;
    expect(text).toContain(`UID:${id}-dropoff@regrip`);
    expect(text).toContain(`DTSTART:${at(day, "11:00").replace(/[-:]/g, "").replace(".000", "")}`);
    expect(text.replace(/\r\n /g, "")).toContain("LOCATION:Regrip Littleton\\,");
    const stranger = await newCustomer();
    expect((await call("GET", `/api/orders/${id}/calendar.ics`, { token: stranger.token })).status).toBe(404);
  });
});
