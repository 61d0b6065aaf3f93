/**
 * Partner clubs and the grip schedule (docs/api.md, docs/api-admin.md) through the route table against
 * DynamoDB Local: the admin's partners (create unique by key, edit, deactivate, delete refused while events name
 * the club), the admin's events (every refusal a 4xx {message} that changes nothing), the public schedule and
 * locations, and an event's cancel, which texts and moves every booked order and may be repeated.
 *
 * Other files write events into the same by-date partition, so every check here looks at its own ids.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import {
  addDays,
  hoursOn,
  instantOf,
  isBusinessDay,
  localOf,
  nextBusinessDay,
  nextOpening,
  pickupDateFor,
  SHOP_TIME_ZONE,
  todayOf,
  weekdayOf,
  zoneOffsets,
  type LocalDate,
} from "../../packages/core/src/shared/calendar";
import { shopLocation } from "../../packages/core/src/shared/locations";
import {
  CUTOFF_TAKEN,
  EVENT_CANCELED,
  EVENT_DATE_PAST,
  EVENT_DATE_TOO_FAR,
  EVENT_END_BEFORE_START,
  EVENT_HAS_BOOKINGS,
  EVENT_PARTNER_INACTIVE,
  EVENT_PARTNER_REQUIRED,
  EVENT_CAPACITY_RANGE,
  EVENT_LOCATION_REQUIRED,
  EVENT_REACTIVATE,
  PARTNER_HAS_EVENTS,
  PARTNER_KEY_CHARACTERS,
  PARTNER_KEY_TAKEN,
  PARTNER_NAME_REQUIRED,
  PARTNER_URL_INVALID,
  eventCapacityBelowBookings,
  type LocationsView,
  ZONE_OFFSETS_DAYS,
  type PartnerAdminView,
  type ScheduleAdminView,
  type ScheduleEventView,
} from "../../packages/core/src/shared/schedule";
import { useSmsProvider } from "../../packages/core/src/sms";
import { bookingCustomer, book, demo } from "./booking-support";
import { staffTokens } from "./payment-support";
import { call } from "./support";

let admin: string;
let employee: string;

beforeAll(async () => {
  ({ admin, employee } = await staffTokens());
});

/** Texts the provider was given in this test. */
let sent: { to: string; body: string }[] = [];
beforeEach(() => {
  sent = [];
  useSmsProvider({ name: "outbox", send: async (to, body) => (sent.push({ to, body }), `sched-${randomUUID()}`) });
});
afterEach(() => useSmsProvider(undefined));

const today = () => todayOf(new Date());
/** The first Monday to Friday at least `days` days from today (shop's calendar). */
function weekdayFrom(days: number): LocalDate {
  let date = addDays(today(), days);
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, 1);
  return date;
}
const freshKey = () => `club-${randomUUID().slice(0, 8)}`;

async function newPartner(fields: Record<string, unknown> = {}): Promise<PartnerAdminView> {
  const answer = await call("POST", "/api/admin/partners", {
    token: admin,
    body: { locationKey: freshKey(), name: "Denver Pickleball Club", address: "1 Court St, Denver, CO", mapsUrl: "https://maps.example/dpc", ...fields },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function newEvent(body: Record<string, unknown>): Promise<ScheduleAdminView> {
  const answer = await call("POST", "/api/admin/schedule", { token: admin, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const onsite = (partnerKey: string, overrides: Record<string, unknown> = {}) =>
  newEvent({ eventType: "ONSITE_GRIPPING", partnerKey, eventDate: weekdayFrom(7), startTime: "09:00", endTime: "13:00", maxCapacity: 20, ...overrides });

const eventItem = async (id: string) => (await db().entities.gripSchedule.get({ id }).go({ consistent: true })).data;
const partnerItem = async (locationKey: string) => (await db().entities.partner.get({ locationKey }).go({ consistent: true })).data;
const orderItem = async (id: string) => (await db().entities.serviceOrder.get({ id }).go({ consistent: true })).data!;

function refused(answer: { status: number; body: any }, status: number, message?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.message).toEqual(message ?? expect.any(String));
}

describe("partners (admin)", () => {
  it("creates a partner unique by its key, edits, deactivates and deletes it, each audited", async () => {
    const key = freshKey();
    const made = await newPartner({ locationKey: `  ${key.toUpperCase()} `, phone: "(303) 555-0100", email: "", notes: "Courts 1 to 4" });
    expect(made).toMatchObject({ locationKey: key, name: "Denver Pickleball Club", phone: "(303) 555-0100", email: null, notes: "Courts 1 to 4", isActive: true, upcomingEvents: 0 });

    refused(await call("POST", "/api/admin/partners", { token: admin, body: { locationKey: key, name: "Another" } }), 409, PARTNER_KEY_TAKEN);
    expect((await partnerItem(key))!.name).toBe("Denver Pickleball Club");

    const listed = await call("GET", "/api/admin/partners", { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((p: PartnerAdminView) => p.locationKey === key)).toMatchObject({ name: "Denver Pickleball Club" });

    const edited = await call("PATCH", `/api/admin/partners/${key}`, { token: admin, body: { name: "Denver Paddle Club", notes: null, websiteUrl: "https://dpc.example" } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: "Denver Paddle Club", notes: null, websiteUrl: "https://dpc.example" });
    const off = await call("PATCH", `/api/admin/partners/${key}`, { token: admin, body: { isActive: false } });
    expect(off.body.isActive).toBe(false);

    expect((await call("DELETE", `/api/admin/partners/${key}`, { token: admin })).status).toBe(204);
    expect(await partnerItem(key)).toBeNull();
    refused(await call("PATCH", `/api/admin/partners/${key}`, { token: admin, body: { name: "X" } }), 404);

    const actions = (await Audit.forTarget("partner", key)).map((entry) => entry.action).sort();
    expect(actions).toEqual(["partner.created", "partner.deleted", "partner.updated", "partner.updated"]);
  });

  it("refuses bad fields with the form's messages and writes nothing", async () => {
    const key = freshKey();
    refused(await call("POST", "/api/admin/partners", { token: admin, body: { locationKey: "Bad Key!", name: "X" } }), 400, PARTNER_KEY_CHARACTERS);
    refused(await call("POST", "/api/admin/partners", { token: admin, body: { locationKey: key, name: "  " } }), 400, PARTNER_NAME_REQUIRED);
    refused(await call("POST", "/api/admin/partners", { token: admin, body: { locationKey: key, name: "X", mapsUrl: "javascript:alert(1)" } }), 400, PARTNER_URL_INVALID);
    expect(await partnerItem(key)).toBeNull();
    const made = await newPartner();
    refused(await call("PATCH", `/api/admin/partners/${made.locationKey}`, { token: admin, body: {} }), 400);
    refused(await call("PATCH", `/api/admin/partners/${made.locationKey}`, { token: admin, body: { name: "" } }), 400, PARTNER_NAME_REQUIRED);
    expect((await partnerItem(made.locationKey))!.name).toBe("Denver Pickleball Club");
  });

  it("refuses to delete a partner with upcoming events, and deletes it once none is left", async () => {
    const partner = await newPartner();
    const event = await onsite(partner.locationKey);
    expect((await call("GET", "/api/admin/partners", { token: admin })).body.items.find((p: PartnerAdminView) => p.locationKey === partner.locationKey).upcomingEvents).toBe(1);
    refused(await call("DELETE", `/api/admin/partners/${partner.locationKey}`, { token: admin }), 409, PARTNER_HAS_EVENTS);
    expect(await partnerItem(partner.locationKey)).not.toBeNull();
    expect((await call("DELETE", `/api/admin/schedule/${event.id}`, { token: admin })).status).toBe(204);
    expect((await call("DELETE", `/api/admin/partners/${partner.locationKey}`, { token: admin })).status).toBe(204);
  });

  it("is admin only", async () => {
    refused(await call("GET", "/api/admin/partners", { token: employee }), 403);
    refused(await call("POST", "/api/admin/partners", { token: employee, body: { locationKey: freshKey(), name: "X" } }), 403);
    refused(await call("GET", "/api/admin/schedule", { token: employee }), 403);
  });
});

describe("events (admin)", () => {
  it("schedules an onsite day, changes it and cancels it, each audited", async () => {
    const partner = await newPartner();
    const event = await onsite(partner.locationKey, { notes: "Bring water" });
    expect(event).toMatchObject({
      eventType: "ONSITE_GRIPPING",
      location: "ONSITE",
      partner: { locationKey: partner.locationKey, name: "Denver Pickleball Club", address: "1 Court St, Denver, CO", mapsUrl: "https://maps.example/dpc" },
      startTime: "09:00",
      endTime: "13:00",
      maxCapacity: 20,
      currentBookings: 0,
      isActive: true,
      canceledAt: null,
      notes: "Bring water",
    });
    const moved = await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { eventDate: weekdayFrom(9), startTime: "10:00", maxCapacity: 5, notes: "" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ eventDate: weekdayFrom(9), startTime: "10:00", endTime: "13:00", maxCapacity: 5, notes: null });
    const listed = await call("GET", `/api/admin/schedule?from=${weekdayFrom(9)}&to=${weekdayFrom(9)}`, { token: admin });
    expect(listed.body.items.map((e: ScheduleAdminView) => e.id)).toContain(event.id);

    const canceled = await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { isActive: false } });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.isActive).toBe(false);
    expect(canceled.body.canceledAt).toEqual(expect.any(String));
    refused(await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { isActive: true } }), 409, EVENT_REACTIVATE);
    refused(await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { maxCapacity: 9 } }), 409, EVENT_CANCELED);
    // Still listed for the admin, canceled.
    const after = await call("GET", `/api/admin/schedule?from=${weekdayFrom(9)}&to=${weekdayFrom(9)}`, { token: admin });
    expect(after.body.items.find((e: ScheduleAdminView) => e.id === event.id).isActive).toBe(false);
    const actions = (await Audit.forTarget("schedule", event.id)).map((entry) => entry.action).sort();
    expect(actions).toEqual(["schedule.canceled", "schedule.created", "schedule.updated"]);
  });

  it("refuses what breaks a rule with a message, and writes nothing", async () => {
    const partner = await newPartner();
    const inactive = await newPartner({ isActive: false });
    const base = { eventType: "ONSITE_GRIPPING", partnerKey: partner.locationKey, eventDate: weekdayFrom(7), startTime: "09:00", endTime: "13:00" };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, eventDate: addDays(today(), -1) }, 400, EVENT_DATE_PAST],
      [{ ...base, eventDate: addDays(today(), 400) }, 400, EVENT_DATE_TOO_FAR],
      [{ ...base, endTime: "08:00" }, 400, EVENT_END_BEFORE_START],
      [{ ...base, partnerKey: undefined }, 400, EVENT_PARTNER_REQUIRED],
      [{ ...base, partnerKey: freshKey() }, 400, EVENT_PARTNER_REQUIRED],
      [{ ...base, partnerKey: inactive.locationKey }, 400, EVENT_PARTNER_INACTIVE],
      [{ ...base, maxCapacity: 0 }, 400, EVENT_CAPACITY_RANGE],
      [{ ...base, maxCapacity: 2.5 }, 400, EVENT_CAPACITY_RANGE],
      [{ ...base, eventDate: "2026-02-30" }, 400, expect.any(String)],
      [{ ...base, startTime: "25:00" }, 400, expect.any(String)],
      [{ ...base, eventType: "PARTY" }, 400, expect.any(String)],
      [{ eventType: "OVERNIGHT_CUTOFF", eventDate: weekdayFrom(7), startTime: "15:00" }, 400, EVENT_LOCATION_REQUIRED],
    ];
    for (const [body, status, message] of cases) refused(await call("POST", "/api/admin/schedule", { token: admin, body }), status, message);
    const after = (await call("GET", `/api/admin/schedule?from=${today()}&to=${addDays(today(), 30)}`, { token: admin })).body.items;
    expect(after.filter((e: ScheduleAdminView) => e.partner?.locationKey === partner.locationKey || e.partner?.locationKey === inactive.locationKey)).toEqual([]);

    const event = await onsite(partner.locationKey, { maxCapacity: 3 });
    await db().entities.gripSchedule.patch({ id: event.id }).add({ currentBookings: 2 }).go();
    refused(await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { maxCapacity: 1 } }), 409, eventCapacityBelowBookings(2));
    refused(await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { startTime: "11:00" } }), 409, EVENT_HAS_BOOKINGS);
    refused(await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { eventDate: addDays(today(), -2) } }), 400, EVENT_DATE_PAST);
    refused(await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { endTime: "08:00" } }), 400, EVENT_END_BEFORE_START);
    refused(await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { maxCapacity: 501 } }), 400, EVENT_CAPACITY_RANGE);
    refused(await call("PATCH", `/api/admin/schedule/${randomUUID()}`, { token: admin, body: { maxCapacity: 5 } }), 404);
    expect(await eventItem(event.id)).toMatchObject({ maxCapacity: 3, startTime: "09:00", endTime: "13:00", eventDate: event.eventDate, isActive: true });
    // Raising the capacity is fine.
    expect((await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { maxCapacity: 2 } })).body.maxCapacity).toBe(2);
  });

  it("schedules a shop's cutoff within its hours, one per shop and day", async () => {
    // A day far ahead of its own, so repeated runs on one table do not meet.
    let date = weekdayFrom(120 + Math.floor(Math.random() * 200));
    while (!isBusinessDay(shopLocation("LITTLETON")!, date)) date = addDays(date, 1);
    refused(await call("POST", "/api/admin/schedule", { token: admin, body: { eventType: "OVERNIGHT_CUTOFF", location: "LITTLETON", eventDate: date, startTime: "21:00" } }), 400);
    const cutoff = await newEvent({ eventType: "OVERNIGHT_CUTOFF", location: "LITTLETON", eventDate: date, startTime: "13:00" });
    expect(cutoff).toMatchObject({ location: "LITTLETON", partner: null, startTime: "13:00" });
    refused(await call("POST", "/api/admin/schedule", { token: admin, body: { eventType: "OVERNIGHT_CUTOFF", location: "LITTLETON", eventDate: date, startTime: "14:00" } }), 409, CUTOFF_TAKEN);
    const locations = (await call<LocationsView>("GET", "/api/locations")).body;
    expect(locations.shops.find((shop) => shop.value === "LITTLETON")!.cutoffs[date]).toBe("13:00");
    expect(locations.shops.find((shop) => shop.value === "HIGHLANDS_RANCH")!.cutoffs[date]).toBeUndefined();
    expect((await call("DELETE", `/api/admin/schedule/${cutoff.id}`, { token: admin })).status).toBe(204);
    expect(await eventItem(cutoff.id)).toBeNull();
  });

  it("refuses a range longer than a year or backwards", async () => {
    refused(await call("GET", `/api/admin/schedule?from=${today()}&to=${addDays(today(), 400)}`, { token: admin }), 400);
    refused(await call("GET", `/api/admin/schedule?from=${today()}&to=${addDays(today(), -1)}`, { token: admin }), 400);
    refused(await call("GET", `/api/schedule?from=nope`), 400);
    refused(await call("GET", `/api/schedule?from=9999-12-31`), 400);
  });
});

describe("the public schedule and locations", () => {
  it("shows only active upcoming onsite days and delivery runs at active partners, with the seats left", async () => {
    const partner = await newPartner();
    const closing = await newPartner();
    const open = await onsite(partner.locationKey, { maxCapacity: 5 });
    await db().entities.gripSchedule.patch({ id: open.id }).add({ currentBookings: 2 }).go();
    const run = await newEvent({ eventType: "DELIVERY", partnerKey: partner.locationKey, eventDate: weekdayFrom(8), startTime: "16:00" });
    const canceled = await onsite(partner.locationKey);
    await call("PATCH", `/api/admin/schedule/${canceled.id}`, { token: admin, body: { isActive: false } });
    const atClosed = await onsite(closing.locationKey);
    await call("PATCH", `/api/admin/partners/${closing.locationKey}`, { token: admin, body: { isActive: false } });
    // Yesterday's (written straight to the table: the API refuses a past date).
    const past = randomUUID();
    await db().entities.gripSchedule.create({ id: past, eventType: "ONSITE_GRIPPING", location: "ONSITE", partnerKey: partner.locationKey, eventDate: addDays(today(), -1), startTime: "09:00" }).go();

    const answer = await call<{ items: ScheduleEventView[] }>("GET", `/api/schedule?from=${addDays(today(), -5)}`);
    expect(answer.status).toBe(200);
    const mine = answer.body.items.filter((item) => [open.id, run.id, canceled.id, atClosed.id, past].includes(item.id));
    expect(mine).toEqual([
      {
        id: open.id,
        type: "ONSITE_GRIPPING",
        partner: { locationKey: partner.locationKey, name: "Denver Pickleball Club", address: "1 Court St, Denver, CO", mapsUrl: "https://maps.example/dpc" },
        date: open.eventDate,
        startTime: "09:00",
        endTime: "13:00",
        seatsLeft: 3,
      },
      expect.objectContaining({ id: run.id, type: "DELIVERY", date: run.eventDate, startTime: "16:00", endTime: null, seatsLeft: 20 }),
    ]);
    // By date, then start time.
    const keys = answer.body.items.map((item) => `${item.date}#${item.startTime}`);
    expect(keys).toEqual([...keys].sort());
    // No cutoffs, ever.
    expect(answer.body.items.every((item) => item.type !== ("OVERNIGHT_CUTOFF" as string))).toBe(true);
  });

  it("answers both shops with their hours and the pickup day of a drop-off now, and the active partners", async () => {
    const partner = await newPartner({ phone: "303-555-0199" });
    const hidden = await newPartner({ isActive: false });
    const answer = await call<LocationsView>("GET", "/api/locations");
    expect(answer.status).toBe(200);
    const now = new Date();
    expect(answer.body.shops.map((shop) => shop.value)).toEqual(["LITTLETON", "HIGHLANDS_RANCH"]);
    for (const view of answer.body.shops) {
      const shop = shopLocation(view.value)!;
      const dropoff = nextOpening(shop, now);
      expect(view.nextPickupDate).toBe(pickupDateFor(shop, dropoff, view.cutoffs[localOf(dropoff).date]));
      expect(view.label).toBe(shop.label);
      expect(view.weekHours).toEqual([...shop.weekHours]);
      expect(view.closedDates.every((date) => date >= today())).toBe(true);
      expect(view.hours.length).toBeGreaterThan(0);
    }
    expect(answer.body.partners.find((p) => p.locationKey === partner.locationKey)).toEqual({
      locationKey: partner.locationKey,
      name: "Denver Pickleball Club",
      address: "1 Court St, Denver, CO",
      mapsUrl: "https://maps.example/dpc",
      phone: "303-555-0199",
      websiteUrl: null,
    });
    expect(answer.body.partners.find((p) => p.locationKey === hidden.locationKey)).toBeUndefined();
    // The shops' clock for the booking page: the zone's offsets from a day before now to the weeks a booking names.
    const { zone } = answer.body;
    expect(zone.timeZone).toBe(SHOP_TIME_ZONE);
    expect(zone.from).toBeLessThan(now.getTime());
    expect(zone.until).toBeGreaterThan(now.getTime() + ZONE_OFFSETS_DAYS * 86_400_000 - 60_000);
    expect(zone.changes).toEqual(zoneOffsets(new Date(zone.from), new Date(zone.until)).changes);
  });
});

describe("an event canceled by an admin", () => {
  /** A customer's order booked through the API on `event`: a seat on an onsite day, or a delivery run's club as its pickup. */
  async function bookedOn(event: ScheduleAdminView, partner: PartnerAdminView, kind: "onsite" | "delivery") {
    const customer = await bookingCustomer();
    await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 1 }).go();
    const place = kind === "onsite" ? { scheduleEventId: event.id } : { dropoffLocation: "LITTLETON", pickupLocation: partner.locationKey };
    const answer = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry, ...place });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = answer.body.id as string;
    expect(await orderItem(id)).toMatchObject({ scheduleEventId: event.id, partner: { locationKey: partner.locationKey }, pickupLocation: "ONSITE" });
    return { ...customer, orderId: id };
  }

  const textsOf = async (orderId: string) =>
    (await db().entities.communication.query.byOrder({ orderId }).go()).data.filter((entry) => entry.template === "eventCanceled");

  it("moves every booked onsite order back to the shop's drop-off, texts each customer, and audits", async () => {
    const partner = await newPartner();
    const event = await onsite(partner.locationKey);
    const booked = [await bookedOn(event, partner, "onsite"), await bookedOn(event, partner, "onsite")];
    // One canceled by its customer before (its seat given back): not moved, not texted.
    const gone = await bookedOn(event, partner, "onsite");
    const canceledByCustomer = await call("POST", `/api/orders/${gone.orderId}/status`, { token: gone.token, body: { status: "CANCELED" } });
    expect(canceledByCustomer.status, JSON.stringify(canceledByCustomer.body)).toBe(200);

    // Only the cancel's texts from here on (each booking sent its confirmation).
    sent = [];
    const answer = await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { isActive: false } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ isActive: false, currentBookings: 2 });

    const shop = shopLocation("HIGHLANDS_RANCH")!;
    // The shop's opening on the event's day (or its next business day), ready the business day after.
    const dropoffDay = isBusinessDay(shop, event.eventDate) ? event.eventDate : nextBusinessDay(shop, event.eventDate);
    const dropoff = instantOf(dropoffDay, hoursOn(shop, dropoffDay)!.open);
    const pickupDate = pickupDateFor(shop, dropoff);
    expect(pickupDate).toBe(nextBusinessDay(shop, dropoffDay));
    for (const customer of booked) {
      const order = await orderItem(customer.orderId);
      expect(order).toMatchObject({ isOnsite: false, dropoffLocation: "HIGHLANDS_RANCH", pickupLocation: "HIGHLANDS_RANCH", dropoffDateTime: dropoff.toISOString(), pickupDate, status: expect.any(String) });
      expect(order.partner).toBeUndefined();
      expect(order.seatReturnedAt).toEqual(expect.any(String));
      expect(order.locationNotice).toContain("Denver Pickleball Club");
      expect(order.locationNotice).toContain("Regrip Highlands Ranch");
      // The order page says so.
      const page = await call("GET", `/api/orders/${customer.orderId}`, { token: customer.token });
      expect(page.body).toMatchObject({ locationNotice: order.locationNotice, isOnsite: false, dropoffLocation: "HIGHLANDS_RANCH", pickupDate, partner: null });
      // Texted once, and logged.
      const log = await textsOf(customer.orderId);
      expect(log).toHaveLength(1);
      expect(log[0]!.message).toContain("was canceled");
      expect((await Audit.forTarget("order", customer.orderId)).map((entry) => entry.action)).toContain("order.event_canceled");
    }
    expect(sent).toHaveLength(2);
    expect((await orderItem(gone.orderId)).locationNotice).toBeUndefined();
    expect(await textsOf(gone.orderId)).toHaveLength(0);

    // Repeated (PATCH again, then DELETE, which cancels an event with bookings): nothing moved or texted twice.
    sent = [];
    expect((await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { isActive: false } })).status).toBe(200);
    const deleted = await call("DELETE", `/api/admin/schedule/${event.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body.isActive).toBe(false);
    expect(sent).toHaveLength(0);
    for (const customer of booked) expect(await textsOf(customer.orderId)).toHaveLength(1);
  });

  it("sends a delivery run's orders' pickup back to the shop they were dropped off at", async () => {
    const partner = await newPartner();
    const run = await newEvent({ eventType: "DELIVERY", partnerKey: partner.locationKey, eventDate: weekdayFrom(10), startTime: "16:00" });
    const customer = await bookedOn(run, partner, "delivery");
    const before = await orderItem(customer.orderId);
    expect((await call("DELETE", `/api/admin/schedule/${run.id}`, { token: admin })).status).toBe(200);
    const order = await orderItem(customer.orderId);
    const shop = shopLocation(before.dropoffLocation)!;
    expect(order).toMatchObject({ pickupLocation: before.dropoffLocation, dropoffLocation: before.dropoffLocation, pickupDate: pickupDateFor(shop, new Date(before.dropoffDateTime!)) });
    expect(order.partner).toBeUndefined();
    expect(order.locationNotice).toContain("delivery run");
    expect(await textsOf(customer.orderId)).toHaveLength(1);
  });

  it("finishes a cancel cut short when the admin cancels again", async () => {
    const partner = await newPartner();
    const event = await onsite(partner.locationKey);
    const first = await bookedOn(event, partner, "onsite");
    const second = await bookedOn(event, partner, "onsite");
    // And one an admin reopened after its customer canceled it: its seat was given back, but it is still on the day.
    const reopened = await bookedOn(event, partner, "onsite");
    await db().entities.serviceOrder.patch({ id: reopened.orderId }).set({ seatReturnedAt: new Date().toISOString() }).go();
    // As if the cancel stopped after the event's write, and after the first order's move but before its text.
    await db().entities.gripSchedule.patch({ id: event.id }).set({ isActive: false, canceledAt: new Date().toISOString() }).go();
    await db().entities.serviceOrder.patch({ id: first.orderId }).set({ seatReturnedAt: new Date().toISOString(), locationNotice: "moved", isOnsite: false, dropoffLocation: "HIGHLANDS_RANCH", pickupLocation: "HIGHLANDS_RANCH" }).go();

    sent = [];
    expect((await call("PATCH", `/api/admin/schedule/${event.id}`, { token: admin, body: { isActive: false } })).status).toBe(200);
    expect(await textsOf(first.orderId)).toHaveLength(1);
    expect(await textsOf(second.orderId)).toHaveLength(1);
    expect(await orderItem(second.orderId)).toMatchObject({ isOnsite: false, dropoffLocation: "HIGHLANDS_RANCH" });
    expect(await orderItem(reopened.orderId)).toMatchObject({ isOnsite: false, dropoffLocation: "HIGHLANDS_RANCH", locationNotice: expect.stringContaining("was canceled") });
    expect(await textsOf(reopened.orderId)).toHaveLength(1);
    expect(sent).toHaveLength(3);
  });
});
