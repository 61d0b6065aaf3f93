/**
 * `npm start`: the whole shop on one machine. Ctrl-C stops every child.
 */
import { StartupError } from "./processes";
import { loadSettings } from "./settings";
import { startShop, type RunningShop } from "./shop";

// This machine runs Node 20 while Lambda runs Node 22: the AWS SDK's notice about Node 20 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const log = (line: string) => console.log(`[regrip] ${line}`);
const began = performance.now();
let shop: RunningShop | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  log("Stopping...");
  await shop?.stop();
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));
// A bug must not leave java or cognito-local running with nobody to stop them.
for (const event of ["uncaughtException", "unhandledRejection"] as const) {
  process.on(event, (error) => {
    console.error("[regrip]", error);
    void shutdown(1);
  });
}

try {
  const settings = loadSettings();
  shop = await startShop(settings, log);
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  log(`Regrip is ready on ${shop.url} (started in ${seconds} s). Press Ctrl-C to stop.`);
  log(`Sign in as ${settings.seed.admin.username} (admin), ${settings.seed.employee.username} (employee) or ${settings.seed.customer.username} (customer): passwords in .env.example.`);
} catch (error) {
  console.error(`[regrip] ${error instanceof StartupError ? error.message : (error as Error).stack ?? String(error)}`);
  if (stopping) process.exit(1);
  stopping = true;
  await shop?.stop();
  process.exit(1);
}
