/**
 * The whole repair (`npm run recount`, and data migration 1: migrations/index.ts): counts every order and sets the
 * stage counters (the queue's and admin orders' cards), then the admin dashboard's day figures and active-subscriptions
 * counter (stats/recount.ts), then a number for every order made before numbers (orders/numbers.ts, oldest first,
 * continuing the counter; an order with a number keeps it), then every order's reference items (orders/references.ts),
 * the open orders' one-open-order-per-paddle claims (paddles/open-order-backfill.ts), the text inbox's unread counter
 * (communications/conversations.ts), the customer search items users lack (users/) and the reminder timeline of
 * orders Ready or picked up before the move writer kept one (reminders/timeline.ts). Each step is idempotent: run
 * again, it finds nothing to change. Reads the whole table: a maintenance job, never a request's path.
 */
import { recountUnread } from "../communications/conversations";
import { OrderCounters } from "../orders/counters";
import * as OrderNumbers from "../orders/numbers";
import * as OrderReferences from "../orders/references";
import * as PaddleOpenOrders from "../paddles/open-order-backfill";
import { backfillActorIndex } from "../audit/actor-backfill";
import * as ReminderTimeline from "../reminders/timeline";
import { STAGES } from "../shared/lifecycle";
import { orderNumberText } from "../shared/orders";
import * as DashboardCounters from "../stats/recount";
import { indexUnindexedUsers } from "../users";

/** Runs every repair, in order; answers what each did, a line each (and the stage counters a line each). */
export async function recountAll(): Promise<string[]> {
  const lines: string[] = [];
  const { before, after } = await OrderCounters.recount();
  lines.push("Order counters:");
  for (const stage of STAGES) {
    const changed = before.stages[stage] !== after.stages[stage] ? `  (was ${before.stages[stage]})` : "";
    lines.push(`  ${stage.padEnd(18)} ${String(after.stages[stage]).padStart(7)}${changed}`);
  }
  lines.push(`  ${"active".padEnd(18)} ${String(after.active).padStart(7)}`);
  const dashboard = await DashboardCounters.recount();
  lines.push(`Dashboard counters: ${dashboard.days} day(s) set from the orders, ${dashboard.changedDays} of them changed;`);
  const subs = dashboard.activeSubscriptions;
  lines.push(`  ${"activeSubscriptions".padEnd(18)} ${String(subs.after).padStart(7)}${subs.before !== subs.after ? `  (was ${subs.before})` : ""}`);
  const numbered = await OrderNumbers.backfill();
  const last = await OrderNumbers.lastGiven();
  lines.push(`Order numbers: ${numbered} order(s) made before numbers numbered; the last number given is ${last === null ? "none yet" : orderNumberText(last)}.`);
  const referenced = await OrderReferences.backfill();
  lines.push(`References (the queue's search by order number, bag number or an id's last 6) written for ${referenced} order(s).`);
  const claims = await PaddleOpenOrders.backfill();
  lines.push(
    `One open order per paddle: ${claims.written} claim(s) written for open orders` +
      (claims.heldByAnother ? `; ${claims.heldByAnother} open order(s) share a paddle with an earlier open order (left as they are)` : "") +
      ".",
  );
  const unread = await recountUnread();
  lines.push(`Text inbox: ${unread.after} conversation(s) with unread texts${unread.before !== unread.after ? ` (was ${unread.before})` : ""}.`);
  const reindexed = await indexUnindexedUsers();
  lines.push(`Customer search: ${reindexed} user(s) given their missing index items (a phone's last digits).`);
  const timelines = await ReminderTimeline.backfill();
  lines.push(`Reminders: ${timelines} order(s) Ready or picked up given the timeline the daily job reads.`);
  const dropoffs = await ReminderTimeline.backfillDropoffs();
  lines.push(`Reminders: ${dropoffs} order(s) Scheduled with their drop-off ahead given the drop-off reminder's item.`);
  const actors = await backfillActorIndex();
  lines.push(`Audit trail: ${actors} entr(ies) written before the who-index given its keys.`);
  return lines;
}
