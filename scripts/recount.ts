/**
 * `npm run recount`: counts every order and sets the stage counters (the queue's and admin orders' cards) to the
 * counts, printing them before and after; then the admin dashboard's day figures and active-subscriptions counter
 * (packages/core/src/stats/recount.ts); then a number for every order made before numbers (orders/numbers.ts, oldest
 * first, continuing the counter; an order with a number keeps it), then every order's reference items
 * (orders/references.ts), then the
 * open orders' one-open-order-per-paddle claims (paddles/open-order-backfill.ts), the text inbox's unread counter
 * (communications/conversations.ts), the customer search items users lack (users/) and the reminder timeline of
 * orders Ready or picked up before the move writer kept one (reminders/timeline.ts). For the running local shop by default (`npm start` in another
 * terminal); `TABLE_NAME=<table> npm run recount` with AWS credentials in the environment repairs a deployed
 * stage's table. Reads the whole table: run it when the shop is quiet.
 */
import { env } from "../infra/env";
import { dynamoEndpoint, localAwsEnv } from "../infra/local/dynamo";
import { localTableName } from "../infra/local/shop";
import { loadSettings } from "../infra/local/settings";
import { OrderCounters } from "../packages/core/src/orders/counters";
import * as OrderNumbers from "../packages/core/src/orders/numbers";
import * as OrderReferences from "../packages/core/src/orders/references";
import * as PaddleOpenOrders from "../packages/core/src/paddles/open-order-backfill";
import { STAGES } from "../packages/core/src/shared/lifecycle";
import { orderNumberText } from "../packages/core/src/shared/orders";
import * as DashboardCounters from "../packages/core/src/stats/recount";
import { recountUnread } from "../packages/core/src/communications/conversations";
import { indexUnindexedUsers } from "../packages/core/src/users";
import * as ReminderTimeline from "../packages/core/src/reminders/timeline";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
if (!process.env[env.tableName]) {
  const settings = loadSettings();
  Object.assign(process.env, localAwsEnv, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint(settings.dynamoPort),
    [env.tableName]: localTableName,
  });
}

try {
  const { before, after } = await OrderCounters.recount();
  console.log(`[regrip] Order counters of table ${process.env[env.tableName]}:`);
  for (const stage of STAGES) {
    const changed = before.stages[stage] !== after.stages[stage] ? `  (was ${before.stages[stage]})` : "";
    console.log(`  ${stage.padEnd(18)} ${String(after.stages[stage]).padStart(7)}${changed}`);
  }
  console.log(`  ${"active".padEnd(18)} ${String(after.active).padStart(7)}`);
  const dashboard = await DashboardCounters.recount();
  console.log(`[regrip] Dashboard counters: ${dashboard.days} day(s) set from the orders, ${dashboard.changedDays} of them changed;`);
  const subs = dashboard.activeSubscriptions;
  console.log(`  ${"activeSubscriptions".padEnd(18)} ${String(subs.after).padStart(7)}${subs.before !== subs.after ? `  (was ${subs.before})` : ""}`);
  const numbered = await OrderNumbers.backfill();
  const last = await OrderNumbers.lastGiven();
  console.log(`[regrip] Order numbers: ${numbered} order(s) made before numbers numbered; the last number given is ${last === null ? "none yet" : orderNumberText(last)}.`);
  const referenced = await OrderReferences.backfill();
  console.log(`[regrip] References (the queue's search by order number, bag number or an id's last 6) written for ${referenced} order(s).`);
  const claims = await PaddleOpenOrders.backfill();
  console.log(
    `[regrip] One open order per paddle: ${claims.written} claim(s) written for open orders` +
      (claims.heldByAnother ? `; ${claims.heldByAnother} open order(s) share a paddle with an earlier open order (left as they are)` : "") +
      ".",
  );
  const unread = await recountUnread();
  console.log(`[regrip] Text inbox: ${unread.after} conversation(s) with unread texts${unread.before !== unread.after ? ` (was ${unread.before})` : ""}.`);
  const reindexed = await indexUnindexedUsers();
  console.log(`[regrip] Customer search: ${reindexed} user(s) given their missing index items (a phone's last digits).`);
  const timelines = await ReminderTimeline.backfill();
  console.log(`[regrip] Reminders: ${timelines} order(s) Ready or picked up given the timeline the daily job reads.`);
} catch (error) {
  console.error(`[regrip] Recount failed (is the shop running? npm start in another terminal): ${(error as Error).message}`);
  process.exit(1);
}
