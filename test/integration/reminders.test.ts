/**
 * The daily reminders job (packages/core/src/reminders): run with a clock at day 3, 30 and 55 of an order
 * Ready and 12 weeks after its pickup, each reminder goes once per order (not again when the job runs twice, or
 * twice at once), never to a customer with texts off or a STOPped number, and the regrip reminder only with
 * promotional consent on record. The admins' low-stock text goes once a day to each admin with a verified phone.
 *
 * Orders reach Ready and Picked Up through the move writer (the timeline the job reads is written there). Runs
 * against a table of its own, so the job sees only this file's orders, under the job's declared grants.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureTable } from "../../infra/local/dynamo";
import { remindersJob } from "../../infra/jobs";
import type { UserActor } from "../../packages/core/src/actor";
import { withGrants } from "../../packages/core/src/aws/grants";
import { db } from "../../packages/core/src/db";
import { writeOrder } from "../../packages/core/src/orders/move-writer";
import { findMove } from "../../packages/core/src/orders/moves";
import type { OrderItem } from "../../packages/core/src/orders/view";
import { remindersActor, runReminders as runUnscoped } from "../../packages/core/src/reminders";
import { backfill as backfillTimeline } from "../../packages/core/src/reminders/timeline";
import { bookAgainPath } from "../../packages/core/src/shared/book-again";
import { DAY_MS, FINAL_NOTICE_DAYS, PICKUP_REMINDER_DAYS, REGRIP_REMINDER_WEEKS, STORAGE_FEE_DAYS } from "../../packages/core/src/shared/reminders";
import { OPT_OUT_LINE, PROMOTIONS_CONSENT_TEXT } from "../../packages/core/src/shared/sms-consent";
import type { Stage } from "../../packages/core/src/shared/lifecycle";
import { useSmsProvider } from "../../packages/core/src/sms";
import { Users } from "../../packages/core/src/users";
import { templates } from "../../packages/core/src/texts";

const sharedTable = process.env.TABLE_NAME!;
const run = (now: Date) => withGrants(remindersJob, () => runUnscoped(remindersActor, { now, pageSize: 2 }));
const staff: UserActor = { type: "user", userId: `remind-staff-${randomUUID()}`, username: "staff", givenName: "Sam", roles: ["CUSTOMER", "EMPLOYEE"] };
const newPhone = () => `+1719${String(randomInt(2_000_000, 10_000_000))}`;
const days = (at: Date, n: number) => new Date(at.getTime() + n * DAY_MS);
const hours = (at: Date, n: number) => new Date(at.getTime() + n * 60 * 60 * 1000);

let sent: { to: string; body: string }[] = [];
const textsTo = (phone: string) => sent.filter((text) => text.to === phone).map((text) => text.body);

async function customer(fields: { smsNotifications?: boolean; promotionsConsent?: boolean; smsPromotions?: boolean; hasAccount?: boolean } = {}) {
  const userId = `remind-${randomUUID()}`;
  const phone = newPhone();
  await db()
    .entities.user.create({
      userId,
      email: `${userId}@regrip.test`,
      firstName: "Rita",
      phone,
      phoneVerified: true,
      smsNotifications: fields.smsNotifications ?? true,
      smsPromotions: fields.smsPromotions ?? fields.promotionsConsent ?? false,
      ...(fields.hasAccount === false ? { hasAccount: false } : {}),
      ...(fields.promotionsConsent ? { smsConsentText: PROMOTIONS_CONSENT_TEXT, smsConsentedAt: "2026-01-01T00:00:00.000Z", smsConsentIp: "203.0.113.7" } : {}),
    })
    .go();
  return { userId, phone };
}

/** A paid order of `userId` booked two days before `at`, written straight to the table in `status`. */
async function paidOrder(userId: string, status: "IN_SERVICE" | "READY", at: Date, fields: { completedAt?: string } = {}): Promise<OrderItem> {
  const { data } = await db()
    .entities.serviceOrder.create({
      userId,
      status,
      paymentStatus: "paid",
      pickupLocation: "LITTLETON",
      dropoffLocation: "LITTLETON",
      paddle: { nickname: "Sweet Spot" },
      lineItems: [{ name: "Basic Overgrip", priceCents: 1200, quantity: 1 }],
      subtotalCents: 1200,
      totalCents: 1200,
      createdAt: days(at, -2).toISOString(),
      ...fields,
    })
    .go();
  return data as OrderItem;
}

/** An order in service for `userId`, moved to Ready at `readyAt` by staff through the move writer. */
async function readyOrder(userId: string, readyAt: Date): Promise<OrderItem> {
  return move(await paidOrder(userId, "IN_SERVICE", readyAt), "ready", readyAt);
}

async function move(order: OrderItem, to: Stage, at: Date): Promise<OrderItem> {
  const from = order.status === "IN_SERVICE" ? "in_service" : order.status === "READY" ? "ready" : "picked_up";
  const written = await writeOrder({ order, move: { move: findMove(from, to, "employee")!, actor: staff, at: at.toISOString() }, now: at });
  expect(written.committed).toBe(true);
  return (written as { order: OrderItem }).order;
}

beforeAll(async () => {
  const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
  const table = `regrip-remind-${randomUUID().slice(0, 8)}`;
  await ensureTable(port, table);
  process.env.TABLE_NAME = table;
  process.env.SITE_URL = "https://regrip.test";
});

afterAll(() => {
  process.env.TABLE_NAME = sharedTable;
});

beforeEach(() => {
  sent = [];
  useSmsProvider({ name: "outbox", send: async (to, body) => (sent.push({ to, body }), `remind-${randomUUID()}`) });
});
afterEach(() => useSmsProvider(undefined));

describe("the reminders job", () => {
  it("sends each reminder once at day 3, 30 and 55 Ready and 12 weeks after pickup, however often and however many runs at once", async () => {
    const readyAt = new Date("2026-02-02T17:00:00.000Z");
    const rita = await customer({ promotionsConsent: true });
    let order = await readyOrder(rita.userId, readyAt);
    const words = { ...order };
    // The move's own "ready" text is not a reminder.
    expect(textsTo(rita.phone)).toHaveLength(1);
    sent = [];

    // Before day 3: nothing.
    await run(days(readyAt, PICKUP_REMINDER_DAYS - 1));
    expect(textsTo(rita.phone)).toEqual([]);

    // Day 3, two runs at once, then again: one pickup reminder.
    const day3 = hours(days(readyAt, PICKUP_REMINDER_DAYS), 1);
    const [first, second] = await Promise.all([run(day3), run(day3)]);
    expect([...first.reminders.pickupReminder, ...second.reminders.pickupReminder]).toEqual([{ orderId: order.id, status: "sent" }]);
    await run(hours(day3, 5));
    await run(days(day3, 1));
    expect(textsTo(rita.phone)).toEqual([templates.pickupReminder.words(words)]);

    // Day 30: the storage-fee notice, once.
    const day30 = hours(days(readyAt, STORAGE_FEE_DAYS), 1);
    await Promise.all([run(day30), run(day30)]);
    await run(day30);
    expect(textsTo(rita.phone)).toEqual([templates.pickupReminder.words(words), templates.storageNotice.words(words)]);
    expect(templates.storageNotice.words(words)).toContain("storage fee");

    // Day 55: the final notice, once.
    const day55 = hours(days(readyAt, FINAL_NOTICE_DAYS), 1);
    await Promise.all([run(day55), run(day55)]);
    await run(days(day55, 1));
    expect(textsTo(rita.phone).slice(2)).toEqual([templates.finalNotice.words(words)]);

    // Picked up on day 56; 12 weeks later, the regrip reminder with the link that books that paddle again, once.
    const pickedUpAt = days(readyAt, 56);
    order = await move(order, "picked_up", pickedUpAt);
    sent = sent.filter((text) => text.body !== templates.orderPickedUp.words(order));
    const week12 = hours(days(pickedUpAt, REGRIP_REMINDER_WEEKS * 7), 1);
    await run(days(week12, -1));
    expect(textsTo(rita.phone)).toHaveLength(3);
    await Promise.all([run(week12), run(week12)]);
    await run(hours(week12, 3));
    const regrip = textsTo(rita.phone).slice(3);
    expect(regrip).toHaveLength(1);
    expect(regrip[0]).toContain(`https://regrip.test${bookAgainPath(order.id)}`);
    expect(regrip[0].endsWith(OPT_OUT_LINE)).toBe(true);
    // Each is in the communications log with its template.
    const log = (await db().entities.communication.query.byOrder({ orderId: order.id }).go()).data.map((entry) => entry.template).sort();
    expect(log).toEqual(["finalNotice", "orderPickedUp", "orderReady", "pickupReminder", "regripReminder", "storageNotice"]);
  });

  it("sends nothing to a customer with texts off or a STOPped number; the regrip reminder only with promotional consent", async () => {
    const readyAt = new Date("2026-04-06T17:00:00.000Z");
    const textsOff = await customer({ smsNotifications: false, promotionsConsent: true });
    const stopped = await customer({ promotionsConsent: true });
    await db().entities.smsConversation.upsert({ phoneNumber: stopped.phone, optedOut: true }).go();
    const noConsent = await customer({ smsPromotions: true });
    const walkIn = await customer({ promotionsConsent: true, hasAccount: false });
    const consented = await customer({ promotionsConsent: true });
    const people = [textsOff, stopped, noConsent, walkIn, consented];
    const orders = await Promise.all(people.map((person) => readyOrder(person.userId, readyAt)));
    sent = [];

    await run(hours(days(readyAt, PICKUP_REMINDER_DAYS), 2));
    expect(textsTo(textsOff.phone)).toEqual([]);
    expect(textsTo(stopped.phone)).toEqual([]);
    // Order reminders need only order texts: the others get theirs.
    for (const person of [noConsent, walkIn, consented]) expect(textsTo(person.phone)).toHaveLength(1);

    const pickedUpAt = days(readyAt, 4);
    await Promise.all(orders.map((order) => readOrderAgain(order.id).then((o) => move(o, "picked_up", pickedUpAt))));
    sent = [];
    await run(hours(days(pickedUpAt, REGRIP_REMINDER_WEEKS * 7 - 1), 2));
    expect(sent).toEqual([]);
    await run(hours(days(pickedUpAt, REGRIP_REMINDER_WEEKS * 7), 2));
    expect(sent.map((text) => text.to)).toEqual([consented.phone]);
  });

  it("leaves an order no longer Ready alone: picked up before day 3, no pickup reminder", async () => {
    const readyAt = new Date("2026-06-01T17:00:00.000Z");
    const person = await customer();
    const order = await readyOrder(person.userId, readyAt);
    await move(order, "picked_up", days(readyAt, 1));
    sent = [];
    await run(hours(days(readyAt, PICKUP_REMINDER_DAYS), 2));
    expect(textsTo(person.phone)).toEqual([]);
  });

  it("reminds an order that was Ready before the timeline existed once `npm run recount` has given it one; one long past its notices gets none", async () => {
    const readyAt = new Date("2026-07-06T17:00:00.000Z");
    const person = await customer();
    // Written straight to the table Ready, as orders were before the move writer kept a timeline.
    const legacy = (completedAt: Date) => paidOrder(person.userId, "READY", completedAt, { completedAt: completedAt.toISOString() });
    const recent = await legacy(readyAt);
    const forgotten = await legacy(days(readyAt, -200));
    const day3 = hours(days(readyAt, PICKUP_REMINDER_DAYS), 1);

    // Without a timeline item the job cannot see it.
    await run(day3);
    expect(textsTo(person.phone)).toEqual([]);

    expect(await backfillTimeline(day3)).toBe(1);
    const { data: items } = await db().entities.orderReminder.get([{ orderId: recent.id }, { orderId: forgotten.id }]).go();
    expect(items.map((item) => [item.orderId, item.stage, item.since])).toEqual([[recent.id, "ready", readyAt.toISOString()]]);
    await run(day3);
    expect(textsTo(person.phone)).toEqual([templates.pickupReminder.words(recent)]);
    // Run again: the item is there (with its mark), nothing is rewritten and nothing sent twice.
    expect(await backfillTimeline(day3)).toBe(0);
    await run(hours(day3, 2));
    expect(textsTo(person.phone)).toHaveLength(1);
  });

  it("texts the low-stock summary once a day to each admin with a verified phone", async () => {
    const adminPhone = newPhone();
    const adminId = `remind-admin-${randomUUID()}`;
    await db()
      .entities.user.create({ userId: adminId, roles: ["CUSTOMER", "ADMIN"], phone: adminPhone, phoneVerified: true, adminPhone, alertRole: "ADMIN" })
      .go();
    // An admin without a verified phone is not in the index.
    const unverified = newPhone();
    await db().entities.user.create({ userId: `remind-admin-${randomUUID()}`, roles: ["CUSTOMER", "ADMIN"], phone: unverified }).go();
    await db()
      .entities.sku.create({ id: `sku-remind-${randomUUID()}`, code: "LOW-1", name: "Premium Overgrip", category: "OVERGRIP", type: "ONE_TIME", unitAmountCents: 1500, stockQuantity: 2, lowStockThreshold: 5 })
      .go();
    const morning = new Date("2026-07-01T16:00:00.000Z");
    const [a, b] = await Promise.all([run(morning), run(morning)]);
    expect([a.lowStock, b.lowStock].filter(Boolean)).toEqual([{ products: 1, texted: 1 }]);
    await run(hours(morning, 2));
    expect(textsTo(adminPhone)).toEqual([templates.lowStockSummary.words({ products: [{ code: "LOW-1", name: "Premium Overgrip", stockQuantity: 2 }] })]);
    expect(textsTo(unverified)).toEqual([]);
    // The next day, again.
    await run(days(morning, 1));
    expect(textsTo(adminPhone)).toHaveLength(2);
  });
});

describe("the admins the low-stock text goes to", () => {
  const admins = async () => (await db().entities.user.query.admins({ alertRole: "ADMIN" }).go({ pages: "all" })).data.map((u) => u.userId);

  it("are kept by every profile write: an admin's verified phone joins the index, a changed or unverified one leaves it", async () => {
    const userId = `remind-admin-${randomUUID()}`;
    await db().entities.user.create({ userId, roles: ["CUSTOMER", "ADMIN"] }).go();
    const read = async () => (await Users.get(userId))!;
    const phone = newPhone();
    expect((await Users.writeProfile(await read(), { set: { phone, phoneVerified: true }, remove: [] })).committed).toBe(true);
    expect(await read()).toMatchObject({ adminPhone: phone, alertRole: "ADMIN" });
    expect(await admins()).toContain(userId);
    // A new phone is not verified: out of the index until it is.
    expect((await Users.writeProfile(await read(), { set: { phone: newPhone(), phoneVerified: false }, remove: [] })).committed).toBe(true);
    expect((await read()).adminPhone).toBeUndefined();
    expect(await admins()).not.toContain(userId);
    // A customer's verified phone never joins it.
    const customerId = `remind-${randomUUID()}`;
    await db().entities.user.create({ userId: customerId, roles: ["CUSTOMER"] }).go();
    await Users.writeProfile((await Users.get(customerId))!, { set: { phone: newPhone(), phoneVerified: true }, remove: [] });
    expect(await admins()).not.toContain(customerId);
  });
});

async function readOrderAgain(id: string): Promise<OrderItem> {
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  return data as OrderItem;
}
