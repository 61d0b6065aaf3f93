/**
 * `npm run stage:setup -- --stage NAME --admin-email you@shop.com`: brings a deployed stage to life. Creates the
 * first admin in the user pool's ADMIN group (Cognito emails a temporary password, changed at the first sign-in),
 * puts in the starter catalogue and the quick-sale items where they are missing, and lists every secret that is
 * unset with what the stage goes without. With `--email-from ADDRESS`, makes the address the stage's email sender in
 * Amazon SES (scripts/lib/email-sender.ts) and says how the stage sends from it. With the stage's STRIPE_SECRET_KEY
 * set, creates or checks its Stripe webhook endpoint for the handled events (scripts/lib/stripe-webhook.ts) and
 * stores a new endpoint's signing secret as STRIPE_WEBHOOK_SECRET. `--print-events` prints the handled events, as
 * the deploy guide lists them, and does nothing else; `--print-key-permissions`, likewise, what a restricted Stripe
 * key needs. `--before-deploy` (with `--stage`, and `--email-from` when the
 * stage will send email) needs no stacks: it makes the SES sender, says whether SES is still in its sandbox and what
 * the account's Lambda concurrency allows, and stops; the full run says the last two again. Safe to run again. Finds the stage from its stacks' outputs, with the
 * AWS credentials of the environment (a profile or AWS_* variables); `--local` works on the running `npm start`
 * shop instead. What it does is scripts/lib/stage-setup.ts; docs/deploy.md has an example.
 */
import { CloudFormationClient } from "@aws-sdk/client-cloudformation";
import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { SSMClient } from "@aws-sdk/client-ssm";
import { LambdaClient } from "@aws-sdk/client-lambda";
import { parseArgs } from "node:util";
import { cognitoClient } from "../infra/local/cognito";
import { loadSettings } from "../infra/local/settings";
import { handlerEnvironment, localTableName } from "../infra/local/shop";
import { readState } from "../infra/local/state";
import { describeConcurrency, describeSesAccess, readConcurrency, sesProductionAccess } from "./lib/account-limits";
import { describeSender, ensureEmailSender } from "./lib/email-sender";
import { describeSetup, setUpStage, StageSetupError, type StageTarget } from "./lib/stage-setup";
import { cloudTarget, localTarget, readStageSecret, storeStageSecret } from "./lib/stage-target";
import { describeWebhook, ensureStripeWebhook, stripeEventsMarkdown, stripeKeyMarkdown, stripeWebhookEndpoints } from "./lib/stripe-webhook";
import { isStripeKey } from "../packages/core/src/payments/provider";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const usage = [
  "Usage: npm run stage:setup -- --stage NAME --admin-email you@shop.com [options]",
  "       npm run stage:setup -- --local --admin-email you@shop.com [options]   (the running npm start shop)",
  "Options: --admin-username NAME (default: the email)  --first-name NAME  --last-name NAME",
  "         --print-password (print a temporary password instead of Cognito emailing one)  --region REGION",
  "         --email-from ADDRESS (the stage's verified Amazon SES sender for its emails; on one machine emails go to /local/outbox)",
  "       npm run stage:setup -- --stage NAME --before-deploy [--email-from ADDRESS]   (before the first deploy: the SES sender, SES's sandbox, the account's Lambda concurrency)",
  "       npm run stage:setup -- --print-events   (the Stripe events the webhook handles, as docs/deploy.md lists them)",
  "       npm run stage:setup -- --print-key-permissions   (what a restricted Stripe key rk_... needs, as docs/deploy.md lists it)",
].join("\n");

function fail(message: string, code = 1): never {
  console.error(`[regrip] ${message}`);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      stage: { type: "string" },
      local: { type: "boolean", default: false },
      "admin-email": { type: "string" },
      "admin-username": { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      "print-password": { type: "boolean", default: false },
      region: { type: "string" },
      "email-from": { type: "string" },
      "print-events": { type: "boolean", default: false },
      "print-key-permissions": { type: "boolean", default: false },
      "before-deploy": { type: "boolean", default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`, 2);
}
if (args["print-events"]) {
  console.log(stripeEventsMarkdown());
  process.exit(0);
}
if (args["print-key-permissions"]) {
  console.log(stripeKeyMarkdown());
  process.exit(0);
}
const email = args["admin-email"]?.trim() ?? "";
const emailFrom = args["email-from"]?.trim();
if (emailFrom !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(emailFrom)) fail(`"${emailFrom}" is not an email address.\n${usage}`, 2);
if (args.stage && !/^[A-Za-z][A-Za-z0-9-]*$/.test(args.stage)) fail(`"${args.stage}" is not a stage name (letters, digits and hyphens).`, 2);
if (args["before-deploy"]) {
  if (!args.stage) fail(usage, 2);
  const region = args.region ?? process.env.AWS_REGION ?? "us-east-1";
  try {
    for (const line of await accountChecks(args.stage, region, emailFrom)) console.log(line);
  } catch (error) {
    fail(explain(error, "are AWS credentials for the stage's account in the environment (AWS_PROFILE or AWS_* variables)?"));
  }
  console.log(`[regrip] Next: the settings in .env.${args.stage}, then npx sst deploy --stage ${args.stage} (docs/deploy.md).`);
  process.exit(0);
}
if (!!args.stage === args.local || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(usage, 2);

/**
 * What the account allows the stage, from AWS: the SES sender made or checked (with `emailFrom`), SES's sandbox, and
 * the Lambda concurrency against the stage's REGRIP_STRIPE_WEBHOOK_CONCURRENCY (from the environment, as sst reads it).
 */
async function accountChecks(stage: string, region: string, sender: string | undefined): Promise<string[]> {
  const ses = new SESv2Client({ region });
  const lambda = new LambdaClient({ region });
  try {
    const lines: string[] = [];
    if (sender) lines.push(...describeSender(stage, sender, await ensureEmailSender(ses, sender)));
    lines.push(...describeSesAccess(await sesProductionAccess(ses)));
    const wanted = Number(process.env.REGRIP_STRIPE_WEBHOOK_CONCURRENCY ?? 0) || 0;
    lines.push(...describeConcurrency(stage, await readConcurrency(lambda), wanted));
    return lines;
  } finally {
    ses.destroy();
    lambda.destroy();
  }
}

let target: StageTarget;
let site: string | undefined;
/** A deployed stage's Stripe webhook step: its URL and SSM, to read the key and store the signing secret. */
let stripeStage: { url?: string; ssm: SSMClient } | undefined;
let where: string;
if (args.local) {
  const settings = loadSettings();
  const { pool } = readState(settings.dataDir);
  if (!pool) fail("No local shop yet: run npm start first (its first start makes the user pool and the table).");
  // The SDK reaches DynamoDB Local as the shop's handlers do.
  Object.assign(process.env, handlerEnvironment(settings, pool));
  target = localTarget(settings, pool, localTableName, cognitoClient(settings.cognitoPort));
  site = `http://localhost:${settings.port}`;
  where = "is the shop running? (npm start in another terminal)";
} else {
  const region = args.region ?? process.env.AWS_REGION ?? "us-east-1";
  // The table's client (packages/core/src/db) reads the region from here, as in a Lambda.
  process.env.AWS_REGION = region;
  try {
    const found = await cloudTarget(
      args.stage!,
      region,
      { cloudFormation: new CloudFormationClient({ region }), ssm: new SSMClient({ region }), cognito: new CognitoIdentityProviderClient({ region }) },
      args["print-password"] ? "print" : "email",
    );
    target = found.target;
    site = found.siteUrl;
    stripeStage = { url: found.stripeWebhookUrl, ssm: new SSMClient({ region }) };
  } catch (error) {
    fail(explain(error, "are AWS credentials for the stage's account in the environment (AWS_PROFILE or AWS_* variables)?"));
  }
  where = "are the AWS credentials allowed to read the stage's user pool, table and SSM parameters?";
}

function explain(error: unknown, hint: string): string {
  if (error instanceof StageSetupError) return error.message;
  const { name, message } = error as Error;
  return `stage:setup failed (${hint}): ${name}: ${message}`;
}

console.log(`[regrip] stage:setup on ${target.label}: user pool ${target.userPoolId}, table ${target.tableName}`);
try {
  const report = await setUpStage(target, {
    email,
    username: args["admin-username"],
    firstName: args["first-name"],
    lastName: args["last-name"],
  });
  for (const line of describeSetup(target, report, site)) console.log(line);
  if (emailFrom && args.local) console.log("[regrip] On one machine emails go to the outbox (/local/outbox): no sender to verify.");
  if (args.stage) for (const line of await accountChecks(args.stage, process.env.AWS_REGION!, emailFrom)) console.log(line);
  if (args.local) console.log("[regrip] Stripe webhook: on one machine npm start's payment page signs its own events (with a real key, stripe listen; docs/deploy.md).");
  if (stripeStage && args.stage) await stripeWebhookStep(args.stage, stripeStage);
  console.log("[regrip] stage:setup is done. Once the admin has chosen their password, check the shop with:");
  console.log(`  SMOKE_PASSWORD='...' npm run smoke -- --url ${site ?? "<the Web stack's SiteUrl>"} --username ${report.admin.username}`);
} catch (error) {
  fail(explain(error, where));
} finally {
  target.cognito.destroy();
}

/** Creates or checks the stage's Stripe webhook endpoint when the stage has a Stripe key (docs/deploy.md "Stripe webhook"). */
async function stripeWebhookStep(stage: string, { url, ssm }: { url?: string; ssm: SSMClient }): Promise<void> {
  const key = await readStageSecret(ssm, stage, "STRIPE_SECRET_KEY");
  if (!isStripeKey(key)) {
    console.log("[regrip] Stripe webhook: no Stripe key on the stage (STRIPE_SECRET_KEY), so no endpoint is checked; card payments answer 503 until it is set.");
    return;
  }
  if (!url) {
    console.log(`[regrip] Stripe webhook: the Webhooks stack has no StripeWebhookUrl output yet: deploy the stage (npx sst deploy --stage ${stage}), then run this again.`);
    return;
  }
  const secretSet = !!(await readStageSecret(ssm, stage, "STRIPE_WEBHOOK_SECRET"));
  const setup = { url, stage, secretSet, storeSecret: (secret: string) => storeStageSecret(ssm, stage, "STRIPE_WEBHOOK_SECRET", secret) };
  for (const line of describeWebhook(setup, await ensureStripeWebhook(stripeWebhookEndpoints(key.trim()), setup))) console.log(`[regrip] ${line}`);
}
