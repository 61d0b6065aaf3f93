/**
 * The daily reminders job (docs/decisions.md "Reminders"; timings in shared/reminders.ts): run by an SST Cron in the
 * cloud (stacks/Jobs.ts, infra/jobs.ts) and by a timer on one machine (infra/local/jobs.ts), or by hand
 * (`npm run reminders`). At `now`:
 *
 * - a pickup reminder to each order Ready for 3 days, the storage-fee notice at 30, the final notice at 55
 *   (order texts: `smsNotifications`), while the order is still Ready;
 * - a regrip reminder 12 weeks after pickup, with the link that books that paddle again (promotional: only with
 *   recorded consent, texts/consent.ts, and texts allowed at all: `smsNotifications`);
 * - the drop-off reminder the day before a booking's drop-off (or club day), by text and email as the customer allows
 *   (`smsNotifications`, `emailNotifications`), with where and when, what to bring and the links that change the
 *   drop-off or cancel: to each order still Scheduled whose drop-off falls between now and the end of tomorrow (the
 *   shop's day), except one booked on its drop-off's own day (its confirmation just said it);
 * - the admins' low-stock summary, once a shop day, to each admin with a verified phone.
 *
 * What a run reads is bounded by the shop's daily work, never its history: for each reminder one Query of the
 * `orderReminder` timeline (entities/orderReminder.ts, written by the move writer) on the key range of orders that
 * reached the stage within the catch-up window before the reminder's moment, then one BatchGet of those orders.
 *
 * Each reminder goes at most once per order: its mark on the timeline item is set by a conditional update (only
 * where absent; the drop-off's also only while the item still names the drop-off time read) before the text leaves, so a run repeated, or two at once, send it once. A text the consent rule
 * leaves out (texts off, promotions not opted in, a STOPped number) is not sent, and the mark stays: the moment
 * has passed.
 */
import * as z from "zod/mini";
import type { SystemActor } from "../actor";
import { fn } from "../actor/fn";
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { uniqueKey } from "../entities";
import type { OrderReminder } from "../entities/orderReminder";
import type { EntityItem } from "electrodb";
import { bookAgainPath } from "../shared/book-again";
import { stageOfStatus } from "../shared/lifecycle";
import { shopDay } from "../shared/analytics";
import { REMINDERS, reminderWindow, type ReminderName } from "../shared/reminders";
import { addDays, instantOf, localOf } from "../shared/calendar";
import { dropoffPlace, dropoffWhen, whatToBring } from "../shared/order-calendar";
import { cancelPath, reschedulePath } from "../shared/reschedule";
import { lowStock } from "../stats";
import { Texts } from "../texts";
import type { OrderItem } from "../orders/view";
import { env } from "../../../../infra/env";

export * as Reminders from "./index";

export const remindersActor: SystemActor = { type: "system", name: "reminders" };

type ReminderItem = EntityItem<OrderReminder>;

/** The mark each reminder sets on the order's timeline item. */
const MARKS = {
  pickupReminder: "pickupReminderAt",
  storageNotice: "storageNoticeAt",
  finalNotice: "finalNoticeAt",
  regripReminder: "regripReminderAt",
} as const satisfies Record<ReminderName, keyof ReminderItem>;
/** A mark a run sets once it sent a reminder: the four of `MARKS`, and the drop-off reminder's. */
type ReminderMark = (typeof MARKS)[ReminderName] | "dropoffReminderAt";

/** How long the low-stock day's claim is kept. */
const LOW_STOCK_CLAIM_SECONDS = 3 * 24 * 60 * 60;

export interface ReminderReport {
  /** Per reminder, the orders whose reminder this run claimed, and what became of its text. */
  reminders: Record<ReminderName | "dropoffReminder", { orderId: string; status: "sent" | "failed" | "blocked" | "skipped" }[]>;
  /** The admins texted the low-stock summary (null: no summary this run: none low, or already sent today). */
  lowStock: { products: number; texted: number } | null;
}

const RunReminders = z.optional(z.object({ now: z.optional(z.date()), pageSize: z.optional(z.int().check(z.positive())) }));

/** The site's address the regrip reminder's link starts with ("" on a stage without one: the path alone). */
const siteUrl = () => (process.env[env.siteUrl] ?? "").replace(/\/+$/, "");

/** Marks reminder `name` sent on `item`, only if no run did: true when this run may send it. */
async function claim(item: ReminderItem, name: ReminderName, now: Date): Promise<boolean> {
  const mark = MARKS[name];
  try {
    await db()
      .entities.orderReminder.patch({ orderId: item.orderId })
      .set({ [mark]: now.toISOString() })
      .where((a, { eq, notExists }) => `${notExists(a[mark])} AND ${eq(a.stage, item.stage)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

async function textFor(name: ReminderName, order: OrderItem): Promise<{ status: "sent" | "failed" | "blocked" | "skipped" }> {
  const to = { userId: order.userId, orderId: order.id };
  if (name !== "regripReminder") return Texts.send(name, order, to);
  // Promotional, and still a reminder: only to a customer who allows texts at all (order texts on) and opted in.
  const { data: user } = await db().entities.user.get({ userId: order.userId }).go();
  if (!user || user.smsNotifications === false) return { status: "skipped" };
  return Texts.send("regripReminder", { order, url: `${siteUrl()}${bookAgainPath(order.id)}` }, { user, orderId: order.id });
}

/**
 * The timeline items of `stage` whose time is in [from, to) and whose `mark` is not set yet, a page at a time, each
 * with its order as it is now (read in one batch a page): what every reminder walks.
 */
async function* dueOrders(
  stage: ReminderItem["stage"],
  { from, to }: { from: string; to: string },
  mark: ReminderMark,
  pageSize: number,
): AsyncGenerator<{ item: ReminderItem; order: OrderItem | undefined }> {
  let cursor: string | null = null;
  do {
    const page: { data: ReminderItem[]; cursor: string | null } = await db()
      .entities.orderReminder.query.bySince({ stage })
      .between({ since: from }, { since: to })
      .where((a, { notExists }) => notExists(a[mark]))
      .go({ cursor, limit: pageSize });
    cursor = page.cursor;
    if (page.data.length === 0) continue;
    const { data: orders } = await db()
      .entities.serviceOrder.get(page.data.map((item) => ({ id: item.orderId })))
      .go();
    const byId = new Map((orders as OrderItem[]).map((order) => [order.id, order]));
    for (const item of page.data) yield { item, order: byId.get(item.orderId) };
  } while (cursor);
}

/** One reminder's window: its timeline items a page at a time, each order's text sent at most once. */
async function remind(name: ReminderName, now: Date, pageSize: number, report: ReminderReport, failures: unknown[]): Promise<void> {
  const { stage } = REMINDERS[name];
  for await (const { item, order } of dueOrders(stage, reminderWindow(name, now), MARKS[name], pageSize)) {
    // Moved on since (picked up, reopened, canceled): this reminder is not for it.
    if (!order || stageOfStatus[order.status] !== stage) continue;
    try {
      if (!(await claim(item, name, now))) continue;
      const outcome = await textFor(name, order);
      report.reminders[name].push({ orderId: order.id, status: outcome.status });
    } catch (error) {
      console.error(`Could not send the ${name} of order ${order.id}`, error);
      failures.push(error);
    }
  }
}

/**
 * The window of drop-off times reminded at `now`: from now to the end of tomorrow, the shop's day (ISO strings, the
 * first inclusive, the last exclusive). A run missed yesterday still reminds today's later drop-offs.
 */
export function dropoffReminderWindow(now: Date): { from: string; to: string } {
  return { from: now.toISOString(), to: instantOf(addDays(localOf(now).date, 2), "00:00").toISOString() };
}

/** Marks the drop-off reminder sent for the drop-off time the item names, only if no run did. */
async function claimDropoff(item: ReminderItem, now: Date): Promise<boolean> {
  try {
    await db()
      .entities.orderReminder.patch({ orderId: item.orderId })
      .set({ dropoffReminderAt: now.toISOString() })
      .where((a, { eq, notExists }) => `${notExists(a.dropoffReminderAt)} AND ${eq(a.stage, "scheduled")} AND ${eq(a.since, item.since)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The drop-off reminder of `order`, on each channel the customer allows. */
async function dropoffReminder(order: OrderItem): Promise<{ status: "sent" | "failed" | "blocked" | "skipped" }> {
  const place = dropoffPlace(order);
  const { sms, email } = await Texts.notify(
    "dropoffReminder",
    {
      order,
      when: dropoffWhen(order),
      place: place.name,
      address: place.address,
      bring: whatToBring(order),
      rescheduleUrl: `${siteUrl()}${reschedulePath(order.id)}`,
      cancelUrl: `${siteUrl()}${cancelPath(order.id)}`,
    },
    { userId: order.userId, orderId: order.id },
  );
  const outcomes = [sms.status, email.status];
  if (outcomes.includes("sent")) return { status: "sent" };
  if (outcomes.includes("failed")) return { status: "failed" };
  return { status: sms.status === "blocked" ? "blocked" : "skipped" };
}

/** The drop-offs due their reminder: the timeline's `scheduled` items in the window, each order reminded at most once. */
async function remindDropoffs(now: Date, pageSize: number, report: ReminderReport, failures: unknown[]): Promise<void> {
  for await (const { item, order } of dueOrders("scheduled", dropoffReminderWindow(now), "dropoffReminderAt", pageSize)) {
    // Still Scheduled (paid or free) at the time the item names; an unpaid hold is not reminded (it is released).
    if (!order || stageOfStatus[order.status] !== "scheduled" || order.dropoffDateTime !== item.since) continue;
    // Booked on the drop-off's own day: its confirmation just said where and when.
    if (localOf(new Date(order.createdAt)).date === localOf(new Date(item.since)).date) continue;
    try {
      if (!(await claimDropoff(item, now))) continue;
      report.reminders.dropoffReminder.push({ orderId: order.id, status: (await dropoffReminder(order)).status });
    } catch (error) {
      console.error(`Could not send the drop-off reminder of order ${order.id}`, error);
      failures.push(error);
    }
  }
}

/** The admins' low-stock text, once a shop day: claimed by the day before it is sent. */
async function lowStockSummary(now: Date): Promise<ReminderReport["lowStock"]> {
  const products = await lowStock();
  if (products.length === 0) return null;
  const { data: admins } = await db().entities.user.query.admins({ alertRole: "ADMIN" }).go({ pages: "all" });
  if (admins.length === 0) return null;
  try {
    await db()
      .entities.uniqueValue.create({
        ...uniqueKey("lowStockSummary", shopDay(now)),
        ownerId: remindersActor.name,
        expiresAtEpoch: Math.floor(now.getTime() / 1000) + LOW_STOCK_CLAIM_SECONDS,
      })
      .go();
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
  let texted = 0;
  // One text per number (an admin listed twice, two admins sharing a phone).
  for (const phone of new Set(admins.map((admin) => admin.adminPhone!))) {
    const admin = admins.find((a) => a.adminPhone === phone)!;
    const outcome = await Texts.send("lowStockSummary", { products }, { phone, userId: admin.userId });
    if (outcome.status === "sent") texted++;
  }
  return { products: products.length, texted };
}

/**
 * Sends every reminder due at `now` (default: the clock), each at most once. Safe to run at any time, repeatedly
 * and twice at once. One order's failure is logged and the rest go on; the run throws at the end if any failed, so
 * the scheduler sees it (and the next run does not send what this one claimed).
 */
export const runReminders = /* @__PURE__ */ fn({ role: "staff", input: RunReminders }, async (_actor, input): Promise<ReminderReport> => {
  const now = input?.now ?? new Date();
  const pageSize = input?.pageSize ?? 50;
  const report: ReminderReport = {
    reminders: { dropoffReminder: [], pickupReminder: [], storageNotice: [], finalNotice: [], regripReminder: [] },
    lowStock: null,
  };
  const failures: unknown[] = [];
  await remindDropoffs(now, pageSize, report, failures);
  for (const name of Object.keys(REMINDERS) as ReminderName[]) await remind(name, now, pageSize, report, failures);
  try {
    report.lowStock = await lowStockSummary(now);
  } catch (error) {
    console.error("Could not send the admins' low-stock summary", error);
    failures.push(error);
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} reminder(s) could not be sent`);
  return report;
});
