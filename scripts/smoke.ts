/**
 * `npm run smoke -- --url https://d111abcdef8.cloudfront.net --username owner@shop.com`: after a deploy (or
 * against `npm start`), says whether the shop works: the home page and its script, the catalogue, an admin's
 * sign-in and the admin dashboard, each step with its time; exits 1 at the first that fails. Writes nothing.
 * The password comes from SMOKE_PASSWORD (or --password, which other users of the machine can see in the process
 * list); SMOKE_URL and SMOKE_USERNAME work too. `--local` checks the running `npm start` shop as its seeded admin.
 * `--stage NAME` also posts a signed test event to the stage's Stripe webhook (its StripeWebhookUrl output and
 * STRIPE_WEBHOOK_SECRET, read with the environment's AWS credentials) and takes the site's URL from the stage when
 * --url is not given; `--local` posts one to npm start's webhook. What it checks is scripts/lib/smoke.ts.
 */
import { CloudFormationClient, DescribeStacksCommand } from "@aws-sdk/client-cloudformation";
import { SSMClient } from "@aws-sdk/client-ssm";
import { parseArgs } from "node:util";
import { localWebhookSecret } from "../infra/local/payment-page";
import { localAuthenticatorCode } from "../infra/local/authenticator";
import { loadSettings } from "../infra/local/settings";
import { SmokeFailure, smokeCheck, siteOrigin, type SmokeStep } from "./lib/smoke";
import { StageSetupError } from "./lib/stage-setup";
import { stackName, stageStripeWebhook } from "./lib/stage-target";

const usage = [
  "Usage: SMOKE_PASSWORD=... npm run smoke -- --url https://your-site --username ADMIN",
  "       npm run smoke -- --local   (the running npm start shop, as its seeded admin)",
  "       npm run smoke -- --stage NAME --username ADMIN   (also posts a signed test event to the stage's Stripe webhook)",
  "       (--password PASSWORD works too; SMOKE_URL and SMOKE_USERNAME stand for the flags)",
  "       --code 123456: the admin's authenticator app's current code (staff sign in with two steps; SMOKE_CODE too)",
].join("\n");

let args;
try {
  args = parseArgs({
    options: {
      url: { type: "string" },
      username: { type: "string" },
      password: { type: "string" },
      code: { type: "string" },
      local: { type: "boolean", default: false },
      stage: { type: "string" },
      region: { type: "string" },
    },
    strict: true,
  }).values;
} catch (error) {
  console.error(`[regrip] ${(error as Error).message}\n${usage}`);
  process.exit(2);
}

let url = args.url ?? process.env.SMOKE_URL;
let username = args.username ?? process.env.SMOKE_USERNAME;
let password = args.password ?? process.env.SMOKE_PASSWORD;
let code: string | (() => string | undefined) | undefined = args.code ?? process.env.SMOKE_CODE;
if (args.local) {
  const settings = loadSettings();
  const host = settings.host === "0.0.0.0" || settings.host === "::" ? "127.0.0.1" : settings.host;
  url ??= `http://${host}:${settings.port}`;
  username ??= settings.seed.admin.username;
  password ??= settings.seed.admin.password;
  // The local admin's app is the shop's own stand-in: its code is read as /local/outbox shows it.
  const who = username;
  code ??= () => localAuthenticatorCode(settings.dataDir, who);
}
let stripeWebhook: { url: string; secret: string } | undefined;
if (args.local) {
  const settings = loadSettings();
  stripeWebhook = { url: `${siteOrigin(url!)}/webhooks/stripe`, secret: settings.vars.STRIPE_WEBHOOK_SECRET || localWebhookSecret };
} else if (args.stage) {
  const region = args.region ?? process.env.AWS_REGION ?? "us-east-1";
  const cloudFormation = new CloudFormationClient({ region });
  const ssm = new SSMClient({ region });
  try {
    stripeWebhook = await stageStripeWebhook(args.stage, region, { cloudFormation, ssm });
    if (!url) {
      const web = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName(args.stage, "Web") }));
      url = web.Stacks?.[0]?.Outputs?.find((output) => output.OutputKey === "SiteUrl")?.OutputValue;
    }
  } catch (error) {
    const why = error instanceof StageSetupError ? error.message : `${(error as Error).name}: ${(error as Error).message} (are AWS credentials for the stage's account in the environment?)`;
    console.error(`[regrip] ${why}`);
    process.exit(1);
  } finally {
    cloudFormation.destroy();
    ssm.destroy();
  }
}
if (!url || !username || !password) {
  console.error(`[regrip] The smoke check needs the site's URL, an admin's username and password.\n${usage}`);
  process.exit(2);
}

const line = (status: string, step: { name: string; ms: number }, detail: string) =>
  `  ${status.padEnd(4)} ${step.name.padEnd(26)} ${`${step.ms} ms`.padStart(8)}  ${detail}`;

const began = performance.now();
try {
  console.log(`[regrip] Smoke check of ${siteOrigin(url)} (writes nothing):`);
  const steps = await smokeCheck({ url, username, password, code, stripeWebhook, onStep: (step: SmokeStep) => console.log(line("ok", step, step.detail)) });
  console.log(`[regrip] The shop works: ${steps.length} checks passed in ${Math.round(performance.now() - began)} ms.`);
} catch (error) {
  if (!(error instanceof SmokeFailure)) throw error;
  if (error.step !== "url") console.log(line("FAIL", { name: error.step, ms: error.ms }, error.message));
  console.error(`[regrip] Smoke check failed at ${error.step}: ${error.message}`);
  process.exit(1);
}
