/**
 * `npm run reset`: wipes the local shop's data (DynamoDB Local, cognito-local,
 * uploads, outbox). The next `npm start` seeds the demo shop again.
 */
import { existsSync, rmSync } from "node:fs";
import { relative } from "node:path";
import { assertPortFree, StartupError } from "../infra/local/processes";
import { loadSettings, repoRoot } from "../infra/local/settings";

const settings = loadSettings();
try {
  await assertPortFree(settings.dynamoPort, "DynamoDB Local", "DYNAMODB_PORT");
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error("[regrip] The shop seems to be running (DynamoDB Local's port is taken): stop npm start first, then reset.");
  process.exit(1);
}
const where = relative(repoRoot, settings.dataDir) || settings.dataDir;
if (existsSync(settings.dataDir)) {
  rmSync(settings.dataDir, { recursive: true, force: true });
  console.log(`[regrip] Wiped ${where}. The next npm start seeds the demo shop again.`);
} else {
  console.log(`[regrip] Nothing to wipe: ${where} does not exist.`);
}
