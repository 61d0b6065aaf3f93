/**
 * `npm run restore:users -- --stage NAME --from users/2026-05-01.json` (a key of production's user-exports bucket) or
 * `--from ./export.json` (a file): puts the users of a nightly export back into the stage's user pool and moves the
 * stage's table to their new ids (docs/operations.md, "Restore the users"). Each user is created with the same
 * username and attributes, no message sent, a password nobody knows, and their groups; Cognito gives each a new
 * `sub`, so every item of the table that holds an old one is rewritten with the new (packages/core/src/user-backup).
 * The old → new mapping is written to a file first (`--mapping FILE`, default `restore-users-<stage>-<time>.json`).
 *
 * Safe to run again: users already in the pool are mapped to their own ids, items already moved are left alone. Run
 * it again after the shop's Google, Apple or GitHub users have signed in once more: their ids are moved then.
 * Finds the stage from its stacks' outputs (as `npm run stage:setup` does) with the environment's AWS credentials;
 * `--local` works on the running `npm start` shop.
 */
import { CloudFormationClient } from "@aws-sdk/client-cloudformation";
import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SSMClient } from "@aws-sdk/client-ssm";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { cognitoClient } from "../infra/local/cognito";
import { dynamoClient } from "../infra/local/dynamo";
import { loadSettings } from "../infra/local/settings";
import { localTableName } from "../infra/local/shop";
import { readState } from "../infra/local/state";
import { parseUserExport, readUserExport, type UserExport } from "../packages/core/src/user-backup";
import { importUsers } from "../packages/core/src/user-backup/import";
import { remapUserIds } from "../packages/core/src/user-backup/remap";
import { StageSetupError } from "./lib/stage-setup";
import { cloudTarget, stageUserExportsBucket } from "./lib/stage-target";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const usage = [
  "Usage: npm run restore:users -- --stage NAME --from users/YYYY-MM-DD.json   (a night's export in the stage's user-exports bucket)",
  "       npm run restore:users -- --stage NAME --from ./export.json           (an export file)",
  "       npm run restore:users -- --local --from ./export.json                (the running npm start shop)",
  "Options: --region REGION  --mapping FILE (where the old → new ids go; default restore-users-<stage>-<time>.json)",
].join("\n");

function fail(message: string, code = 1): never {
  console.error(`[regrip] ${message}`);
  process.exit(code);
}

function parsedArgs() {
  try {
    return parseArgs({
      options: {
        stage: { type: "string" },
        local: { type: "boolean", default: false },
        from: { type: "string" },
        region: { type: "string" },
        mapping: { type: "string" },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`, 2);
  }
}
const args = parsedArgs();
if (!!args.stage === args.local || !args.from) fail(usage, 2);
if (args.stage && !/^[A-Za-z][A-Za-z0-9-]*$/.test(args.stage)) fail(`"${args.stage}" is not a stage name (letters, digits and hyphens).`, 2);
const from = args.from;
const label = args.stage ?? "local";

async function main(): Promise<void> {
  let cognito: CognitoIdentityProviderClient;
  let dynamo: DynamoDBClient;
  let userPoolId: string;
  let tableName: string;
  let exported: UserExport;
  const fromFile = existsSync(from);
  if (args.local) {
    const settings = loadSettings();
    const pool = readState(settings.dataDir).pool;
    if (!pool) fail("No local shop yet: run npm start first (its first start makes the user pool and the table).");
    cognito = cognitoClient(settings.cognitoPort);
    dynamo = dynamoClient(settings.dynamoPort);
    userPoolId = pool.userPoolId;
    tableName = localTableName;
    if (!fromFile) fail(`${from} is not a file: on one machine the export is a file.`, 2);
    exported = parseUserExport(readFileSync(from, "utf8"));
  } else {
    const region = args.region ?? process.env.AWS_REGION ?? "us-east-1";
    const cloudFormation = new CloudFormationClient({ region });
    cognito = new CognitoIdentityProviderClient({ region });
    dynamo = new DynamoDBClient({ region });
    const found = await cloudTarget(args.stage!, region, { cloudFormation, ssm: new SSMClient({ region }), cognito }, "print");
    userPoolId = found.target.userPoolId;
    tableName = found.target.tableName;
    if (fromFile) exported = parseUserExport(readFileSync(from, "utf8"));
    else {
      process.env.AWS_REGION = region;
      const bucket = await stageUserExportsBucket(args.stage!, region, { cloudFormation });
      console.log(`[regrip] Reading s3://${bucket}/${from}`);
      exported = await readUserExport(bucket, from);
    }
  }

  console.log(
    `[regrip] restore:users on ${label}: ${exported.users.length} users and ${exported.groups.length} groups exported ${exported.exportedAt} ` +
      `from pool ${exported.userPoolId}, into pool ${userPoolId}; table ${tableName}`,
  );
  const report = await importUsers(cognito, userPoolId, exported, (line) => console.log(line));
  const mappingFile = args.mapping ?? `restore-users-${label}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  // Written before the table is touched: a remap stopped halfway is finished by running this command again.
  writeFileSync(
    mappingFile,
    JSON.stringify({ stage: label, userPoolId, tableName, from, exportedAt: exported.exportedAt, at: new Date().toISOString(), ...report }, null, 1),
  );
  console.log(
    `[regrip] Users: ${report.created.length} created, ${report.existing.length} already there, ${report.skipped.length} not put back, ` +
      `${report.memberships} group memberships; old → new ids in ${mappingFile}`,
  );
  for (const { username, reason } of report.skipped) console.log(`  not put back: ${username}: ${reason}`);
  const remap = await remapUserIds(dynamo, tableName, report.mapping, (line) => console.log(line));
  console.log(`[regrip] Table ${tableName}: ${remap.scanned} items read, ${remap.moved} moved to their user's new id, ${remap.rewritten} rewritten in place.`);
  console.log(
    "[regrip] Done. Every re-imported user has a password nobody knows: they choose theirs with \"Forgot your password?\" on the hosted sign-in, " +
      "and enrol their authenticator app again (docs/operations.md).",
  );
}

try {
  await main();
} catch (error) {
  if (error instanceof StageSetupError) fail(error.message);
  fail(`restore:users failed: ${(error as Error).message} (running it again goes on where it stopped)`);
}
