/**
 * `npm run seed`: adds whatever is missing of the demo shop to the running
 * local shop (seeding is idempotent). `npm start` seeds on its first run by
 * itself; this is for putting back demo data you deleted.
 */
import { ensurePool } from "../infra/local/cognito";
import { seedDemoShop } from "../infra/local/seed";
import { loadSettings } from "../infra/local/settings";
import { handlerEnvironment } from "../infra/local/shop";
import { readState } from "../infra/local/state";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const settings = loadSettings();
const state = readState(settings.dataDir);
if (!state.pool) {
  console.error("[regrip] No local shop yet: run npm start (it seeds on its first run).");
  process.exit(1);
}
try {
  const pool = await ensurePool(settings.cognitoPort, state.pool);
  if (pool.userPoolId !== state.pool.userPoolId) throw new Error("the user pool changed");
  Object.assign(process.env, handlerEnvironment(settings, pool));
  await seedDemoShop({ cognitoPort: settings.cognitoPort, userPoolId: pool.userPoolId, accounts: settings.seed });
  console.log("[regrip] The demo shop is complete.");
} catch (error) {
  console.error(`[regrip] Seeding needs the shop running (npm start in another terminal): ${(error as Error).message}`);
  process.exit(1);
}
