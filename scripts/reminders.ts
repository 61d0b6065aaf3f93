/**
 * `npm run reminders` (or `npm run reminders -- 2027-02-20T16:00:00Z`): runs the daily reminders job once against
 * the running local shop, now or at the time given, as its Cron does in the cloud: every reminder due then goes
 * out (to the outbox, /local/outbox), each at most once per order. `npm start` also runs it every hour by itself.
 */
import { ensurePool } from "../infra/local/cognito";
import { remindersLine, runRemindersLocally } from "../infra/local/jobs";
import { loadSettings } from "../infra/local/settings";
import { handlerEnvironment } from "../infra/local/shop";
import { readState } from "../infra/local/state";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const at = process.argv[2];
const now = at ? new Date(at) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error("Usage: npm run reminders -- [2027-02-20T16:00:00Z]   (when the job runs; now by default)");
  process.exit(2);
}
const settings = loadSettings();
const state = readState(settings.dataDir);
if (!state.pool) {
  console.error("[regrip] No local shop yet: run npm start first.");
  process.exit(1);
}
try {
  const pool = await ensurePool(settings.cognitoPort, state.pool);
  Object.assign(process.env, handlerEnvironment(settings, pool));
  const report = await runRemindersLocally(now);
  console.log(`[regrip] ${remindersLine(report) ?? "Reminders: nothing due."} (run at ${now.toISOString()})`);
} catch (error) {
  console.error(`[regrip] The reminders need the shop running (npm start in another terminal): ${(error as Error).message}`);
  process.exit(1);
}
