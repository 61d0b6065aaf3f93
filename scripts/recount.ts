/**
 * `npm run recount`: the whole repair (packages/core/src/migrations/recount.ts: the stage counters, the dashboard's
 * figures, order numbers, references, open-order claims, the inbox's unread counter, customer search items, reminder
 * timelines), printing what each step did. The deploy runs the same as data migration 1 (migrations/index.ts); run it
 * by hand after a restore, or when a counter looks wrong. For the running local shop by default (`npm start` in another
 * terminal); `TABLE_NAME=<table> npm run recount` with AWS credentials in the environment repairs a deployed stage's
 * table. Reads the whole table: run it when the shop is quiet.
 */
import { env } from "../infra/env";
import { dynamoEndpoint, localAwsEnv } from "../infra/local/dynamo";
import { localTableName } from "../infra/local/shop";
import { loadSettings } from "../infra/local/settings";
import { recountAll } from "../packages/core/src/migrations/recount";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
if (!process.env[env.tableName]) {
  const settings = loadSettings();
  Object.assign(process.env, localAwsEnv, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint(settings.dynamoPort),
    [env.tableName]: localTableName,
  });
}

try {
  console.log(`[regrip] Recount of table ${process.env[env.tableName]}:`);
  for (const line of await recountAll()) console.log(line.startsWith("  ") ? line : `[regrip] ${line}`);
} catch (error) {
  console.error(`[regrip] Recount failed (is the shop running? npm start in another terminal): ${(error as Error).message}`);
  process.exit(1);
}
