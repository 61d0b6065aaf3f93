/**
 * The drop-off reminder of the daily reminders job (packages/core/src/reminders): the day before a Scheduled
 * order's drop-off, by text and email as the customer allows, with where and when, what to bring and the links that
 * change the drop-off or cancel; once per order however often and however many runs at once; again for a new day
 * after a reschedule; never to a channel the customer switched off, an unpaid hold, or a booking made that same day.
 *
 * Orders and their timeline items are written straight to a table of this file's own (as a booking and a reschedule
 * write them: reminders/timeline.ts), so the job sees only this file's orders, under the job's declared grants.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureTable } from "../../infra/local/dynamo";
import { remindersJob } from "../../infra/jobs";
import { withGrants } from "../../packages/core/src/aws/grants";
import { db } from "../../packages/core/src/db";
import { writeLabelled } from "../../packages/core/src/db/labelled";
import { useEmailProvider } from "../../packages/core/src/email";
import type { OrderItem } from "../../packages/core/src/orders/view";
import { remindersActor, runReminders as runUnscoped } from "../../packages/core/src/reminders";
import { backfillDropoffs, dropoffWrite, rescheduledWrite } from "../../packages/core/src/reminders/timeline";
import { addDays, instantOf, localOf } from "../../packages/core/src/shared/calendar";
import { cancelPath, reschedulePath } from "../../packages/core/src/shared/reschedule";
import { useSmsProvider } from "../../packages/core/src/sms";

const sharedTable = process.env.TABLE_NAME!;
const run = (now: Date) => withGrants(remindersJob, () => runUnscoped(remindersActor, { now, pageSize: 2 }));
const newPhone = () => `+1719${String(randomInt(2_000_000, 10_000_000))}`;

let texts: { to: string; body: string }[] = [];
let emails: { to: string; subject: string; text: string }[] = [];
const textsTo = (phone: string) => texts.filter((t) => t.to === phone).map((t) => t.body);
const emailsTo = (address: string) => emails.filter((e) => e.to === address);

/** Noon on the shop's day `date`. */
const noonOf = (date: string) => instantOf(date, "12:00");
/** A run's clock: 9 am (the cloud's run is mid-morning) on the shop's day `date`. */
const morningOf = (date: string) => instantOf(date, "09:00");
const today = localOf(new Date()).date;

async function customer(fields: { smsNotifications?: boolean; emailNotifications?: boolean } = {}) {
  const userId = `dropoff-${randomUUID()}`;
  const phone = newPhone();
  await db()
    .entities.user.create({
      userId,
      email: `${userId}@regrip.test`,
      firstName: "Dot",
      phone,
      phoneVerified: true,
      smsNotifications: fields.smsNotifications ?? true,
      emailNotifications: fields.emailNotifications ?? true,
    })
    .go();
  return { userId, phone, email: `${userId}@regrip.test` };
}

/** A booking of `userId` dropped off at `dropoff`, booked at `bookedAt`, as the booking writes it with its timeline item. */
async function booked(userId: string, dropoff: Date, bookedAt: Date, status: "SCHEDULED" | "INVOICED" = "SCHEDULED", { timeline = true } = {}): Promise<OrderItem> {
  const id = randomUUID();
  const { data } = await db()
    .entities.serviceOrder.create({
      id,
      number: randomInt(5000, 900_000),
      userId,
      status,
      paymentStatus: status === "SCHEDULED" ? "paid" : "unpaid",
      dropoffLocation: "LITTLETON",
      pickupLocation: "LITTLETON",
      dropoffDateTime: dropoff.toISOString(),
      bagNumber: "142",
      paddle: { nickname: "Lefty" },
      lineItems: [{ name: "Basic Overgrip", priceCents: 1200, quantity: 1 }],
      subtotalCents: 1200,
      totalCents: 1200,
      createdAt: bookedAt.toISOString(),
    })
    .go();
  if (timeline) {
    const written = await writeLabelled((entities) => [dropoffWrite(entities, { id, userId }, dropoff.toISOString())]);
    expect(written.committed).toBe(true);
  }
  return data as OrderItem;
}

beforeAll(async () => {
  const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
  const table = `regrip-dropoff-${randomUUID().slice(0, 8)}`;
  await ensureTable(port, table);
  process.env.TABLE_NAME = table;
  process.env.SITE_URL = "https://regrip.test";
});

afterAll(() => {
  process.env.TABLE_NAME = sharedTable;
});

beforeEach(() => {
  texts = [];
  emails = [];
  useSmsProvider({ name: "outbox", send: async (to, body) => (texts.push({ to, body }), `sms-${randomUUID()}`) });
  useEmailProvider({ name: "outbox", send: async (message) => (emails.push(message), `email-${randomUUID()}`) });
});
afterEach(() => {
  useSmsProvider(undefined);
  useEmailProvider(undefined);
});

describe("the drop-off reminder", () => {
  it("goes the day before, by text and email, once per order under repeated runs and runs at once", async () => {
    const dot = await customer();
    // Booked a week ahead for noon the day after tomorrow... and the job runs each morning.
    const day = addDays(today, 30);
    const order = await booked(dot.userId, noonOf(day), noonOf(addDays(day, -7)));

    // Two days before: too early.
    expect((await run(morningOf(addDays(day, -2)))).reminders.dropoffReminder).toEqual([]);
    // The day before, twice at once and then again: one text, one email.
    const eve = morningOf(addDays(day, -1));
    const [a, b] = await Promise.all([run(eve), run(eve)]);
    const again = await run(new Date(eve.getTime() + 60 * 60 * 1000));
    expect([...a.reminders.dropoffReminder, ...b.reminders.dropoffReminder, ...again.reminders.dropoffReminder]).toEqual([{ orderId: order.id, status: "sent" }]);
    // The morning of the drop-off: already reminded.
    expect((await run(morningOf(day))).reminders.dropoffReminder).toEqual([]);

    const [text] = textsTo(dot.phone);
    expect(textsTo(dot.phone)).toHaveLength(1);
    expect(text).toContain("Regrip Littleton");
    expect(text).toContain("at 12 pm");
    expect(text).toContain("bag 142");
    expect(text).toContain(`https://regrip.test${reschedulePath(order.id)}`);
    expect(text).toContain(`https://regrip.test${cancelPath(order.id)}`);
    const mail = emailsTo(dot.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Tomorrow: drop off your paddle for Regrip order R-\d+$/);
    expect(mail[0]!.text).toContain(`Change the drop-off time: https://regrip.test${reschedulePath(order.id)}`);
  });

  it("reaches an order booked before drop-offs were on the timeline once the migration gives it its item; never one whose drop-off is past", async () => {
    const legacy = await customer();
    const day = addDays(today, 40);
    // Written straight to the table, as bookings were before the timeline kept drop-offs: no item.
    const ahead = await booked(legacy.userId, noonOf(day), noonOf(addDays(day, -10)), "SCHEDULED", { timeline: false });
    const past = await booked(legacy.userId, noonOf(addDays(today, -3)), noonOf(addDays(today, -9)), "SCHEDULED", { timeline: false });
    const eve = morningOf(addDays(day, -1));
    expect((await run(eve)).reminders.dropoffReminder).toEqual([]);

    expect(await backfillDropoffs()).toBe(1);
    const { data: items } = await db().entities.orderReminder.get([{ orderId: ahead.id }, { orderId: past.id }]).go();
    expect(items.map((item) => [item.orderId, item.stage, item.since])).toEqual([[ahead.id, "scheduled", noonOf(day).toISOString()]]);
    // Again (a second deploy, the recount): nothing more.
    expect(await backfillDropoffs()).toBe(0);
    expect((await run(eve)).reminders.dropoffReminder).toEqual([{ orderId: ahead.id, status: "sent" }]);
    expect(textsTo(legacy.phone)).toHaveLength(1);
  });

  it("is sent again for the new day after a reschedule, and not for the old one", async () => {
    const dot = await customer();
    const day = addDays(today, 40);
    const order = await booked(dot.userId, noonOf(day), noonOf(addDays(day, -10)));
    await run(morningOf(addDays(day, -1)));
    expect(textsTo(dot.phone)).toHaveLength(1);
    // Moved three days later (orders/reschedule.ts writes the order and the timeline in one transaction).
    const later = noonOf(addDays(day, 3));
    await db().entities.serviceOrder.patch({ id: order.id }).set({ dropoffDateTime: later.toISOString() }).go();
    expect((await writeLabelled((entities) => [rescheduledWrite(entities, order, later.toISOString())])).committed).toBe(true);
    expect((await run(morningOf(day))).reminders.dropoffReminder).toEqual([]);
    expect((await run(morningOf(addDays(day, 2)))).reminders.dropoffReminder).toEqual([{ orderId: order.id, status: "sent" }]);
    expect(textsTo(dot.phone)).toHaveLength(2);
  });

  it("follows the customer's switches: no text with texts off, no email with emails off, nothing with both", async () => {
    const day = addDays(today, 50);
    const noTexts = await customer({ smsNotifications: false });
    const noEmails = await customer({ emailNotifications: false });
    const neither = await customer({ smsNotifications: false, emailNotifications: false });
    const bookedAt = noonOf(addDays(day, -5));
    const [t, e, n] = [await booked(noTexts.userId, noonOf(day), bookedAt), await booked(noEmails.userId, noonOf(day), bookedAt), await booked(neither.userId, noonOf(day), bookedAt)];
    const report = await run(morningOf(addDays(day, -1)));
    expect(new Map(report.reminders.dropoffReminder.map((r) => [r.orderId, r.status]))).toEqual(
      new Map([
        [t.id, "sent"],
        [e.id, "sent"],
        [n.id, "skipped"],
      ]),
    );
    expect(textsTo(noTexts.phone)).toEqual([]);
    expect(emailsTo(noTexts.email)).toHaveLength(1);
    expect(textsTo(noEmails.phone)).toHaveLength(1);
    expect(emailsTo(noEmails.email)).toEqual([]);
    expect([textsTo(neither.phone), emailsTo(neither.email)]).toEqual([[], []]);
  });

  it("leaves out an unpaid hold, a canceled order and a booking made on its drop-off's own day", async () => {
    const dot = await customer();
    const day = addDays(today, 60);
    const unpaid = await booked(dot.userId, noonOf(day), noonOf(addDays(day, -3)), "INVOICED");
    const canceled = await booked(dot.userId, noonOf(day), noonOf(addDays(day, -3)));
    await db().entities.serviceOrder.patch({ id: canceled.id }).set({ status: "CANCELED" }).go();
    const sameDay = await booked(dot.userId, instantOf(day, "17:00"), instantOf(day, "08:00"));
    expect((await run(morningOf(addDays(day, -1)))).reminders.dropoffReminder).toEqual([]);
    expect((await run(instantOf(day, "09:00"))).reminders.dropoffReminder).toEqual([]);
    expect(textsTo(dot.phone)).toEqual([]);
    expect([unpaid.id, canceled.id, sameDay.id]).toHaveLength(3);
  });
});
