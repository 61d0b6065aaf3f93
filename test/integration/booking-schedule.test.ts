/**
 * Where and when a booking is, through the route table against DynamoDB Local: a drop-off time checked
 * against the shop's hours, the pickup day from the calendar, seats on an onsite day and a delivery run taken in the
 * order's transaction (never over capacity, given back once on cancel), "I don't have a bag yet", one open order per
 * paddle, and the booking page's bag check.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureTable } from "../../infra/local/dynamo";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { addDays, dropoffClosedMessage, hoursOn, instantOf, todayOf, weekdayOf, type LocalDate } from "../../packages/core/src/shared/calendar";
import { shopLocation } from "../../packages/core/src/shared/locations";
import { EVENT_FULL, EVENT_NOT_AVAILABLE, NO_DELIVERY_RUN, RUN_FULL } from "../../packages/core/src/shared/schedule";
import { book, bookingCustomer, demo, freeBag, paddleOf } from "./booking-support";
import { staffTokens } from "./payment-support";
import { call } from "./support";

type Customer = Awaited<ReturnType<typeof bookingCustomer>>;

let staff: { admin: string; employee: string };
const today = todayOf(new Date());

beforeAll(async () => {
  staff = await staffTokens();
  // Many bookings here take a unit of the demo's core service: top it up so none depends on what is left.
  await db().entities.sku.patch({ id: demo.stripBlackTacky }).add({ stockQuantity: 200 }).go();
});

/** A new active partner club. */
async function newPartner(): Promise<{ locationKey: string; name: string }> {
  const locationKey = `club-${randomUUID().slice(0, 8)}`;
  const name = `Test Club ${locationKey.slice(5)}`;
  await db().entities.partner.create({ locationKey, name, address: "1 Court St, Denver, CO", mapsUrl: "https://maps.example/court" }).go();
  return { locationKey, name };
}

/** A new event on the schedule, as an admin makes one (the sched lane's routes write the same item). */
async function newEvent(fields: {
  eventType: "ONSITE_GRIPPING" | "DELIVERY" | "OVERNIGHT_CUTOFF";
  partnerKey?: string;
  eventDate: LocalDate;
  startTime?: string;
  endTime?: string;
  maxCapacity?: number;
  isActive?: boolean;
  location?: "ONSITE" | "LITTLETON" | "HIGHLANDS_RANCH";
}): Promise<string> {
  const id = randomUUID();
  await db()
    .entities.gripSchedule.create({
      id,
      location: fields.location ?? "ONSITE",
      eventType: fields.eventType,
      partnerKey: fields.partnerKey,
      eventDate: fields.eventDate,
      startTime: fields.startTime ?? "09:00",
      endTime: fields.endTime ?? "13:00",
      maxCapacity: fields.maxCapacity ?? 20,
      isActive: fields.isActive ?? true,
    })
    .go();
  return id;
}

async function eventOf(id: string) {
  const { data } = await db().entities.gripSchedule.get({ id }).go({ consistent: true });
  return data!;
}

async function orderItem(id: string) {
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  return data!;
}

async function ordersOf(userId: string) {
  return (await db().entities.serviceOrder.query.byUser({ userId }).go({ pages: "all" })).data;
}

const cancel = (customer: { token: string }, orderId: string) =>
  call("POST", `/api/orders/${orderId}/status`, { token: customer.token, body: { status: "CANCELED" } });

/** The first date after today with `weekday` (0 Sunday) on which the shops are open (any, for Sunday: they never are). */
function nextWeekday(weekday: number): LocalDate {
  for (let date = addDays(today, 1); ; date = addDays(date, 1)) {
    if (weekdayOf(date) === weekday && (weekday === 0 || hoursOn(shopLocation("LITTLETON")!, date))) return date;
  }
}

/** `date` at `time` in the shop's zone, as the booking page sends it (an ISO instant). */
const at = (date: LocalDate, time: string) => instantOf(date, time).toISOString();

describe("an onsite gripping day", () => {
  it("takes exactly its capacity: 30 bookings at once on a day of 5 seats make 5 orders and 25 clear refusals", async () => {
    const club = await newPartner();
    const eventId = await newEvent({ eventType: "ONSITE_GRIPPING", partnerKey: club.locationKey, eventDate: addDays(today, 7), maxCapacity: 5 });
    const customer = await bookingCustomer();
    const paddles = await Promise.all(Array.from({ length: 30 }, () => paddleOf(customer.userId)));
    const bags = await Promise.all(paddles.map(() => freeBag()));
    const answers = await Promise.all(paddles.map((paddleId, i) => book(customer.token, paddleId, { bagNumber: bags[i], scheduleEventId: eventId })));

    const made = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(made).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: { message: EVENT_FULL } });
    expect((await eventOf(eventId)).currentBookings).toBe(5);
    // Only the 5 orders exist, each on the day, at the club, dropped off at its start and picked up at its end.
    const orders = await ordersOf(customer.userId);
    expect(orders.map((order) => order.id).sort()).toEqual(made.map((answer) => answer.body.id).sort());
    const event = await eventOf(eventId);
    for (const order of orders) {
      expect(order).toMatchObject({
        scheduleEventId: eventId,
        isOnsite: true,
        dropoffLocation: "ONSITE",
        pickupLocation: "ONSITE",
        pickupDate: event.eventDate,
        dropoffDateTime: at(event.eventDate, "09:00"),
        pickupDateTime: at(event.eventDate, "13:00"),
        partner: { locationKey: club.locationKey, name: club.name, address: "1 Court St, Denver, CO", mapsUrl: "https://maps.example/court" },
      });
    }
    for (const answer of made) expect(answer.body.pickupDate).toBe(event.eventDate);
    // The refused bookings hold nothing: their bags are free and their paddles in no open order.
    const held = await Promise.all(bags.map((code) => db().entities.uniqueValue.get(uniqueKey("bagHold", code)).go()));
    expect(held.filter((item) => item.data)).toHaveLength(5);
    const view = await call("GET", `/api/orders/${made[0]!.body.id}`, { token: customer.token });
    expect(view.body).toMatchObject({ scheduleEventId: eventId, pickupDate: event.eventDate, partner: { name: club.name } });
  }, 120_000);

  it("gives the seat back when the order is canceled, once", async () => {
    const club = await newPartner();
    const eventId = await newEvent({ eventType: "ONSITE_GRIPPING", partnerKey: club.locationKey, eventDate: addDays(today, 5), maxCapacity: 1 });
    const customer = await bookingCustomer();
    const first = await book(customer.token, customer.paddleId, { scheduleEventId: eventId });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await eventOf(eventId)).currentBookings).toBe(1);
    // Full: another booking is refused.
    expect(await book(customer.token, await paddleOf(customer.userId), { scheduleEventId: eventId })).toMatchObject({ status: 409, body: { message: EVENT_FULL } });

    const canceled = await cancel(customer, first.body.id);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect((await eventOf(eventId)).currentBookings).toBe(0);
    expect((await orderItem(first.body.id)).seatReturnedAt).toBeTruthy();
    // A second cancel is refused and gives nothing back: the count never goes below what is booked.
    expect((await cancel(customer, first.body.id)).status).toBe(409);
    expect((await eventOf(eventId)).currentBookings).toBe(0);

    // The seat is free again for the next customer.
    const again = await book(customer.token, await paddleOf(customer.userId), { scheduleEventId: eventId });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await eventOf(eventId)).currentBookings).toBe(1);
  });

  it("refuses an unknown event or one that is no onsite day (400), and a canceled or past one (409), writing nothing", async () => {
    const club = await newPartner();
    const customer = await bookingCustomer();
    const run = await newEvent({ eventType: "DELIVERY", partnerKey: club.locationKey, eventDate: addDays(today, 3) });
    const cutoff = await newEvent({ eventType: "OVERNIGHT_CUTOFF", location: "LITTLETON", eventDate: addDays(today, 29), startTime: "14:00", endTime: undefined });
    const canceled = await newEvent({ eventType: "ONSITE_GRIPPING", partnerKey: club.locationKey, eventDate: addDays(today, 3), isActive: false });
    const past = await newEvent({ eventType: "ONSITE_GRIPPING", partnerKey: club.locationKey, eventDate: addDays(today, -2) });
    for (const scheduleEventId of [randomUUID(), run, cutoff]) {
      expect(await book(customer.token, customer.paddleId, { scheduleEventId }), scheduleEventId).toMatchObject({
        status: 400,
        body: { message: "Please choose a club day from the schedule" },
      });
    }
    for (const scheduleEventId of [canceled, past]) {
      expect(await book(customer.token, customer.paddleId, { scheduleEventId })).toMatchObject({ status: 409, body: { message: EVENT_NOT_AVAILABLE } });
    }
    expect(await ordersOf(customer.userId)).toEqual([]);
    expect((await eventOf(canceled)).currentBookings).toBe(0);
  });
});

describe("a drop-off at a shop", () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await bookingCustomer();
  });

  it("refuses a time when the shop is closed with the shop's hours, and writes nothing", async () => {
    const sunday = nextWeekday(0);
    const monday = nextWeekday(1);
    const before = await ordersOf(customer.userId);
    const stock = (await db().entities.sku.get({ id: demo.stripBlackTacky }).go({ consistent: true })).data!.stockQuantity;
    expect(await book(customer.token, customer.paddleId, { dropoffDateTime: at(sunday, "12:00") })).toMatchObject({
      status: 400,
      body: { message: `Regrip Littleton is closed on ${sundayWords(sunday)}. Please choose another day.` },
    });
    expect(await book(customer.token, customer.paddleId, { dropoffDateTime: at(monday, "08:30") })).toMatchObject({
      status: 400,
      body: { message: dropoffClosedMessage("Regrip Littleton", hoursOn(shopLocation("LITTLETON")!, monday), monday) },
    });
    expect((await book(customer.token, customer.paddleId, { dropoffDateTime: at(monday, "08:30") })).body.message).toContain("is open 10 am to 7 pm on Monday");
    // Thanksgiving, a closed date.
    if (today < "2026-11-26") {
      expect((await book(customer.token, customer.paddleId, { dropoffDateTime: at("2026-11-26", "12:00") })).body.message).toBe(
        "Regrip Littleton is closed on Thursday, November 26. Please choose another day.",
      );
    }
    expect(await book(customer.token, customer.paddleId, { dropoffDateTime: at(addDays(today, 40), "12:00") })).toMatchObject({
      status: 400,
      body: { message: "Please choose a drop-off time within the next 30 days" },
    });
    expect(await ordersOf(customer.userId)).toEqual(before);
    expect((await db().entities.sku.get({ id: demo.stripBlackTacky }).go({ consistent: true })).data!.stockQuantity).toBe(stock);
  });

  it("promises a Friday 6 pm drop-off for Monday (after the 3 pm cutoff; Saturday is the next business day, Sunday closed)", async () => {
    const friday = nextWeekday(5);
    const monday = addDays(friday, 3);
    const answer = await book(customer.token, await paddleOf(customer.userId), { dropoffDateTime: at(friday, "18:00") });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.pickupDate).toBe(monday);
    expect(await orderItem(answer.body.id)).toMatchObject({
      dropoffLocation: "LITTLETON",
      pickupLocation: "LITTLETON",
      dropoffDateTime: at(friday, "18:00"),
      pickupDate: monday,
      pickupDateTime: at(monday, "10:00"),
      isOnsite: false,
    });
    // Before the cutoff it is ready the next business day, Saturday, from its 9 am opening.
    const early = await book(customer.token, await paddleOf(customer.userId), { dropoffDateTime: at(friday, "11:00") });
    expect(early.body.pickupDate).toBe(addDays(friday, 1));
    expect((await orderItem(early.body.id)).pickupDateTime).toBe(at(addDays(friday, 1), "09:00"));
  });

  it("moves the cutoff with the day's OVERNIGHT_CUTOFF event", async () => {
    const tuesday = nextWeekday(2);
    await newEvent({ eventType: "OVERNIGHT_CUTOFF", location: "HIGHLANDS_RANCH", eventDate: tuesday, startTime: "12:00", endTime: undefined });
    // 1 pm is before the default 3 pm cutoff but after the day's noon one: the business day after the next.
    const answer = await book(customer.token, await paddleOf(customer.userId), { dropoffLocation: "HIGHLANDS_RANCH", dropoffDateTime: at(tuesday, "13:00") });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.pickupDate).toBe(addDays(tuesday, 2));
    // The other shop keeps its default.
    const other = await book(customer.token, await paddleOf(customer.userId), { dropoffLocation: "LITTLETON", dropoffDateTime: at(tuesday, "13:00") });
    expect(other.body.pickupDate).toBe(addDays(tuesday, 1));
  });

  it("refuses a pickup at the other shop", async () => {
    expect(await book(customer.token, customer.paddleId, { pickupLocation: "HIGHLANDS_RANCH" })).toMatchObject({
      status: 400,
      body: { message: "Please pick up at the shop you drop off at, or choose a club" },
    });
  });
});

describe("a pickup at a partner club (delivery run)", () => {
  it("rides the first active run with a seat from the ready day, taking its seat; none is a 400, all full a 409", async () => {
    const club = await newPartner();
    const customer = await bookingCustomer();
    const friday = nextWeekday(5);
    // Dropped off Friday 6 pm: ready Monday. A run the Saturday before is too early, a full one and a canceled one
    // are passed over, and the next is taken.
    await newEvent({ eventType: "DELIVERY", partnerKey: club.locationKey, eventDate: addDays(friday, 1) });
    const full = await newEvent({ eventType: "DELIVERY", partnerKey: club.locationKey, eventDate: addDays(friday, 4), maxCapacity: 0 });
    await newEvent({ eventType: "DELIVERY", partnerKey: club.locationKey, eventDate: addDays(friday, 5), isActive: false });
    const run = await newEvent({ eventType: "DELIVERY", partnerKey: club.locationKey, eventDate: addDays(friday, 6), startTime: "17:00", maxCapacity: 1 });
    const answer = await book(customer.token, customer.paddleId, { dropoffDateTime: at(friday, "18:00"), pickupLocation: club.locationKey });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.pickupDate).toBe(addDays(friday, 6));
    expect(await orderItem(answer.body.id)).toMatchObject({
      dropoffLocation: "LITTLETON",
      dropoffDateTime: at(friday, "18:00"),
      pickupLocation: "ONSITE",
      isOnsite: false,
      scheduleEventId: run,
      pickupDate: addDays(friday, 6),
      pickupDateTime: at(addDays(friday, 6), "17:00"),
      partner: { locationKey: club.locationKey, name: club.name },
    });
    expect((await eventOf(run)).currentBookings).toBe(1);
    expect((await eventOf(full)).currentBookings).toBe(0);

    // Every run from the ready day on is full now: 409; a club with no run at all: 400; an unknown club: 400.
    expect(await book(customer.token, await paddleOf(customer.userId), { dropoffDateTime: at(friday, "18:00"), pickupLocation: club.locationKey })).toMatchObject({
      status: 409,
      body: { message: RUN_FULL },
    });
    const quiet = await newPartner();
    expect(await book(customer.token, await paddleOf(customer.userId), { pickupLocation: quiet.locationKey })).toMatchObject({ status: 400, body: { message: NO_DELIVERY_RUN } });
    expect(await book(customer.token, await paddleOf(customer.userId), { pickupLocation: "no-such-club" })).toMatchObject({ status: 400, body: { message: "Please choose a pickup location" } });

    // A cancel gives the run's seat back.
    expect((await cancel(customer, answer.body.id)).status).toBe(200);
    expect((await eventOf(run)).currentBookings).toBe(0);
  });
});

describe("I don't have a bag yet", () => {
  it("assigns a free bag in the order's transaction and names it in the answer", async () => {
    const customer = await bookingCustomer();
    // Make sure a bag is free (each open order holds its own).
    await freeBag();
    const answer = await book(customer.token, customer.paddleId, { bagNumber: undefined, needsBag: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.bagNumber).toMatch(/^\d{3}$/);
    const order = await orderItem(answer.body.id);
    expect(order).toMatchObject({ bagNumber: answer.body.bagNumber, bagCode: answer.body.bagNumber });
    expect((await db().entities.uniqueValue.get(uniqueKey("bagHold", answer.body.bagNumber)).go()).data?.ownerId).toBe(order.id);
    // Two at once get two bags.
    const [a, b] = await Promise.all([1, 2].map(async () => book(customer.token, await paddleOf(customer.userId), { bagNumber: "", needsBag: true })));
    expect([a!.status, b!.status]).toEqual([201, 201]);
    expect(a!.body.bagNumber).not.toBe(b!.body.bagNumber);
    // Without a bag and without needsBag the bag number is still required.
    expect(await book(customer.token, await paddleOf(customer.userId), { bagNumber: undefined })).toMatchObject({
      status: 400,
      body: { message: "Please complete all required fields" },
    });
    // The lowest free bags are the demo's (101 on): give them back, as the files after this one book them by number.
    for (const id of [answer.body.id, a!.body.id, b!.body.id]) expect((await cancel(customer, id)).status).toBe(200);
  });
});

describe("one open order per paddle", () => {
  it("refuses a paddle already in an open order, naming it and the order; after a cancel or a pickup it can be booked again", async () => {
    const customer = await bookingCustomer();
    const bag = await freeBag();
    const first = await book(customer.token, customer.paddleId, { bagNumber: bag });
    expect(first.status).toBe(201);
    const paddles = await call("GET", "/api/paddles", { token: customer.token });
    expect(paddles.body.find((p: { id: string }) => p.id === customer.paddleId).openOrderId).toBe(first.body.id);

    const again = await book(customer.token, customer.paddleId);
    expect(again).toMatchObject({
      status: 409,
      body: { message: `Big Blue is already in the shop on order ${first.body.number}. You can book it again after you pick it up.` },
    });
    // Two at once: one order.
    const other = await paddleOf(customer.userId, { nickname: "Big Red" });
    const racing = await Promise.all([book(customer.token, other), book(customer.token, other)]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409]);

    // Canceled: free again.
    expect((await cancel(customer, first.body.id)).status).toBe(200);
    expect((await call("GET", "/api/paddles", { token: customer.token })).body.find((p: { id: string }) => p.id === customer.paddleId).openOrderId).toBeNull();
    const rebooked = await book(customer.token, customer.paddleId);
    expect(rebooked.status, JSON.stringify(rebooked.body)).toBe(201);

    // Through the shop to pickup (paid at the counter first): free again.
    for (const status of ["IN_QUEUE", "IN_SERVICE", "READY", "PICKED_UP"]) {
      if (status === "PICKED_UP") {
        const { totalCents } = (await call("GET", `/api/orders/${rebooked.body.id}`, { token: staff.employee })).body;
        expect((await call("POST", `/api/orders/${rebooked.body.id}/payments`, { token: staff.employee, body: { method: "POS_CASH", amountCents: totalCents } })).status).toBe(200);
      }
      const moved = await call("POST", `/api/orders/${rebooked.body.id}/status`, { token: staff.employee, body: { status } });
      expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
    }
    const third = await book(customer.token, customer.paddleId);
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    // An admin reopening the picked-up order cannot take the paddle back from the open one.
    const reopened = await call("POST", `/api/orders/${rebooked.body.id}/status`, { token: staff.admin, body: { status: "READY" } });
    expect(reopened.status).toBe(409);
    expect(reopened.body.message).toMatch(/^Big Blue is already in the shop on order R-\d{4,}\./);
  });
});

describe("npm run recount: the claims of open orders made before the rule", () => {
  it("writes a missing claim for an open order, and leaves a closed order's paddle free", async () => {
    // A table of its own: the repair goes over every open order, and the other files' orders are theirs.
    const shared = process.env.TABLE_NAME!;
    const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
    const table = `regrip-claims-${randomUUID().slice(0, 8)}`;
    await ensureTable(port, table);
    process.env.TABLE_NAME = table;
    try {
      const userId = randomUUID();
      const [openPaddle, closedPaddle] = [randomUUID(), randomUUID()];
      const order = (id: string, paddleId: string, status: "IN_QUEUE" | "CANCELED") => ({
        id,
        userId,
        paddleId,
        status,
        statusHistory: [{ to: status, at: new Date().toISOString() }],
        lineItems: [{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }],
        subtotalCents: 4500,
        discountAmountCents: 0,
        totalCents: 4500,
        paymentMethod: "STRIPE" as const,
        paymentStatus: "unpaid" as const,
      });
      const [openId, closedId] = [randomUUID(), randomUUID()];
      // Orders written before the claims existed: none is there.
      await db().entities.serviceOrder.create(order(openId, openPaddle, "IN_QUEUE")).go();
      await db().entities.serviceOrder.create(order(closedId, closedPaddle, "CANCELED")).go();
      const { backfill } = await import("../../packages/core/src/paddles/open-order-backfill");
      expect(await backfill()).toEqual({ written: 1, heldByAnother: 0 });
      expect((await db().entities.uniqueValue.get(uniqueKey("paddleOpenOrder", openPaddle)).go()).data?.ownerId).toBe(openId);
      expect((await db().entities.uniqueValue.get(uniqueKey("paddleOpenOrder", closedPaddle)).go()).data).toBeNull();
      // Run again: nothing to write.
      expect(await backfill()).toEqual({ written: 0, heldByAnother: 0 });
    } finally {
      process.env.TABLE_NAME = shared;
    }
  }, 60_000);
});

describe("GET /api/bags/{key}/availability", () => {
  it("says whether a booking may name a bag, in the booking's own words", async () => {
    const customer = await bookingCustomer();
    const bag = await freeBag();
    expect(await call("GET", `/api/bags/${bag}/availability`, { token: customer.token })).toMatchObject({
      status: 200,
      body: { code: bag, available: true, message: null },
    });
    expect((await book(customer.token, customer.paddleId, { bagNumber: bag })).status).toBe(201);
    expect((await call("GET", `/api/bags/${bag}/availability`, { token: customer.token })).body).toEqual({
      code: bag,
      available: false,
      message: `Bag ${bag} is in use by another open order`,
    });
    let absent = "999";
    for (let n = 0; (await db().entities.bag.query.byCode({ code3: absent }).go({ limit: 1 })).data.length; n++) absent = String(900 + n);
    expect((await call("GET", `/api/bags/${absent}/availability`, { token: customer.token })).body).toEqual({
      code: absent,
      available: false,
      message: `Bag ${absent} does not exist`,
    });
    for (const key of ["12", "abc", "1234"]) {
      expect(await call("GET", `/api/bags/${key}/availability`, { token: customer.token }), key).toMatchObject({
        status: 400,
        body: { message: "Please enter a 3-digit bag number" },
      });
    }
    expect((await call("GET", `/api/bags/${bag}/availability`)).status).toBe(401);
  });
});

function sundayWords(date: LocalDate): string {
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `Sunday, ${months[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}
