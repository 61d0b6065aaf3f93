/**
 * The two commands of a stage's first day, against `npm start` (a shop of this file's own: free ports, its own
 * data folder), as a person runs them:
 *
 * - `npm run smoke`: the home page and its script, the catalogue, an admin's sign-in and the dashboard, each step
 *   with its time; exit 1 with the reason at the first failure; nothing written to the table. Given the Stripe
 *   webhook, a signed test event accepted (a wrong secret fails with a hint).
 * - `npm run stage:setup -- --local`: a new admin with a temporary password, who signs in only after choosing
 *   their own (the NEW_PASSWORD_REQUIRED challenge, through the shop's /cognito/ as the web app meets it); a
 *   second run changes nothing.
 */
import { DynamoDBClient, ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localAwsEnv } from "../../infra/local/dynamo";
import { localWebhookSecret } from "../../infra/local/payment-page";
import { localTableName } from "../../infra/local/shop";
import { loadSettings, repoRoot } from "../../infra/local/settings";
import { quickSaleProducts, starterCatalogue } from "../../infra/starter-catalogue";
import { smokeCheck, SmokeFailure } from "../../scripts/lib/smoke";
import { enrolAuthenticator, localAuthenticatorCode } from "../../infra/local/authenticator";
import { freePort } from "../../scripts/lib/ports";
import { startShopProcess, type ShopProcess } from "../../scripts/lib/shop-process";
import { ownShopEnv } from "./support";

const admin = loadSettings().seed.admin;
const dataDir = mkdtempSync(join(tmpdir(), "regrip-stage-tools-"));
let env: Record<string, string>;
let shop: ShopProcess | undefined;

beforeAll(async () => {
  env = { ...(await ownShopEnv(dataDir)), STRIPE_SECRET_KEY: "" };
  shop = await startShopProcess(env);
});

afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run <script> -- <args>` as a person types it, with this shop's settings in the environment. */
function npmRun(script: string, args: string[], extra: Record<string, string> = {}) {
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env, ...extra },
    encoding: "utf8",
    timeout: 90_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every item of the shop's table (a Scan: a test's look at a small shop). */
async function tableItems(): Promise<string[]> {
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${env.DYNAMODB_PORT}`,
    region: localAwsEnv.AWS_REGION,
    credentials: { accessKeyId: localAwsEnv.AWS_ACCESS_KEY_ID, secretAccessKey: localAwsEnv.AWS_SECRET_ACCESS_KEY },
  });
  const items: string[] = [];
  let start: Record<string, AttributeValue> | undefined;
  try {
    do {
      const page = await client.send(new ScanCommand({ TableName: localTableName, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) items.push(JSON.stringify(item, Object.keys(item).sort()));
      start = page.LastEvaluatedKey;
    } while (start);
  } finally {
    client.destroy();
  }
  return items.sort();
}

/** A call to the user pool through the shop's /cognito/, as Amplify makes it in the browser. */
async function cognito(operation: string, body: unknown): Promise<{ status: number; body: any }> {
  const answer = await fetch(`${shop!.url}/cognito/`, {
    method: "POST",
    headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json() };
}

const pool = () => (JSON.parse(readFileSync(join(dataDir, "state.json"), "utf8")) as { pool: { clientId: string; userPoolId: string } }).pool;
const clientId = () => pool().clientId;
const poolId = () => pool().userPoolId;

/** The current code of `username`'s authenticator app on this shop (the seeded staff have one). */
const appCode = (username: string) => () => localAuthenticatorCode(dataDir, username);

describe("npm run smoke", () => {
  it("passes against npm start as the seeded admin, step by step, and writes nothing to the table", async () => {
    const before = await tableItems();
    // The admin signs in with two steps: without the app's code the check says how to give it.
    await expect(smokeCheck({ url: shop!.url, username: admin.username, password: admin.password })).rejects.toThrow(
      `${admin.username} signs in with an authenticator app: pass its current code with --code 123456`,
    );
    const steps = await smokeCheck({ url: shop!.url, username: admin.username, password: admin.password, code: appCode(admin.username) });
    expect(steps.map((s) => s.name)).toEqual(["GET /", "GET /api/services", "POST /api/auth/local", "GET /api/admin/analytics"]);
    expect(steps[0].detail).toMatch(/^HTML \([\d.]+ KB\) and its script \/assets\/.+\.js$/);
    expect(steps[1].detail).toMatch(/^3 core services, \d+ add-ons$/);
    expect(steps[2].detail).toBe(`signed in as ${admin.username}`);
    expect(steps[3].detail).toMatch(/^dashboard: \$[\d.]+ revenue this month, \d+ orders today$/);

    const run = npmRun("smoke", ["--url", `${shop!.url}/`, "--username", admin.username, "--code", appCode(admin.username)()!], { SMOKE_PASSWORD: admin.password });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe(`[regrip] Smoke check of ${shop!.url} (writes nothing):`);
    expect(lines.slice(1, 5).map((line) => /^ {2}ok {3}(\S+ \S+) +\d+ ms {2}\S/.exec(line)?.[1])).toEqual([
      "GET /",
      "GET /api/services",
      "POST /api/auth/local",
      "GET /api/admin/analytics",
    ]);
    expect(lines[5]).toMatch(/^\[regrip\] The shop works: 4 checks passed in \d+ ms\.$/);
    expect(await tableItems()).toEqual(before);
  });

  it("posts a signed test event to the shop's Stripe webhook: accepted, nothing written; a wrong secret fails at that step", async () => {
    const before = await tableItems();
    const webhookUrl = `${shop!.url}/webhooks/stripe`;
    const secret = env.STRIPE_WEBHOOK_SECRET || localWebhookSecret;
    const steps = await smokeCheck({ url: shop!.url, username: admin.username, password: admin.password, code: appCode(admin.username), stripeWebhook: { url: webhookUrl, secret } });
    expect(steps.map((s) => s.name)).toEqual(["GET /", "GET /api/services", "POST /api/auth/local", "GET /api/admin/analytics", "POST stripe-webhook"]);
    expect(steps[4].detail).toBe("a signed checkout.session.expired accepted (ignored)");
    expect(await tableItems()).toEqual(before);
    const refused = await smokeCheck({
      url: shop!.url,
      username: admin.username,
      password: admin.password,
      code: appCode(admin.username),
      stripeWebhook: { url: webhookUrl, secret: "whsec_not_the_shops" },
    }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(SmokeFailure);
    expect(refused).toMatchObject({
      step: "POST stripe-webhook",
      message: "a signed test event answered 400: Invalid signature (is STRIPE_WEBHOOK_SECRET the signing secret of the endpoint at this URL?)",
    });
  });

  it("exits 1 at the sign-in with the shop's reason when the password is wrong", () => {
    const run = npmRun("smoke", ["--local", "--password", "NotThePassword1"]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/ok {3}GET \/api\/services/);
    expect(run.stdout).toMatch(/FAIL POST \/api\/auth\/local +\d+ ms {2}signing in as admin answered 401: Incorrect username or password\./);
    expect(run.stdout).not.toContain("GET /api/admin/analytics");
    expect(run.stderr.trim()).toBe("[regrip] Smoke check failed at POST /api/auth/local: signing in as admin answered 401: Incorrect username or password.");
  });

  it("says so when the user is not an admin, or the site does not answer", async () => {
    const customer = loadSettings().seed.customer;
    const refused = await smokeCheck({ url: shop!.url, username: customer.username, password: customer.password }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmokeFailure);
    expect(refused).toMatchObject({
      step: "GET /api/admin/analytics",
      message: `${customer.username} signed in but is not an admin (403: Forbidden: you don't have permission to do this.)`,
    });
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const run = npmRun("smoke", ["--url", nobody, "--username", "a", "--password", "b"]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(`[regrip] Smoke check failed at GET /: ${nobody}/ could not be reached: ECONNREFUSED`);
    const usage = npmRun("smoke", ["--url", nobody]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("needs the site's URL, an admin's username and password");
  });
});

describe("npm run stage:setup -- --local", () => {
  let temporary = "";

  it("creates the admin with a temporary password, finds the catalogue in place, lists the secrets; a second run changes nothing", async () => {
    const first = npmRun("stage:setup", ["--local", "--admin-email", "Owner@Shop.test", "--first-name", "Olive"]);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    const out = first.stdout;
    expect(out).toMatch(/^\[regrip\] stage:setup on the local shop: user pool \S+, table regrip-local$/m);
    expect(out).toContain("Created owner@shop.test in the ADMIN group, status FORCE_CHANGE_PASSWORD.");
    temporary = /Temporary password: (\S+)/.exec(out)?.[1] ?? "";
    expect(temporary).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(out).toContain(`At the first sign-in (${shop!.url}/login, Admin panel, username owner@shop.test) the shop asks for a new password of their own.`);
    // The demo shop holds the whole catalogue already: nothing added, nothing changed.
    expect(out).toContain("Nothing to add.");
    expect(out).toContain(`Already there, left as they are: ${starterCatalogue.length + quickSaleProducts.length} products.`);
    expect(out).toMatch(/Secrets \(\.env \(npm start\)\): \d+ of 15 set\./);
    expect(out).toMatch(/unset +STRIPE_SECRET_KEY: No card payments/);
    expect(out).toContain("[regrip] stage:setup is done.");

    const before = await tableItems();
    const second = npmRun("stage:setup", ["--local", "--admin-email", "owner@shop.test"]);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("owner@shop.test is already an admin (status FORCE_CHANGE_PASSWORD): left as is.");
    expect(second.stdout).toContain("They have not signed in yet");
    expect(second.stdout).not.toContain("Temporary password");
    expect(second.stdout).toContain("Already there, left as they are: QS-REGRIP, QS-EDGE-GUARD, QS-OVERGRIP.");
    expect(await tableItems()).toEqual(before);
  });

  it("refuses to make the demo customer an admin, and says how to use it", () => {
    const refused = npmRun("stage:setup", ["--local", "--admin-email", "casey@regrip.test"]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("[regrip] A login named casey@regrip.test already exists and is not an admin (status CONFIRMED, no group).");
    const usage = npmRun("stage:setup", ["--local"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run stage:setup -- --stage NAME --admin-email you@shop.com");
  });

  it("the new admin signs in only after choosing a new password, with the challenge's own session; then the smoke check passes as them", async () => {
    // POST /api/auth/local (scripts, the smoke check) cannot answer a challenge: it says to use the sign-in page.
    await expect(smokeCheck({ url: shop!.url, username: "owner@shop.test", password: temporary })).rejects.toThrow(
      "signing in as owner@shop.test answered 401: Sign-in needs another step (NEW_PASSWORD_REQUIRED); use the sign-in page.",
    );

    const signIn = await cognito("InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: clientId(), AuthParameters: { USERNAME: "owner@shop.test", PASSWORD: temporary } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
    const respond = (session: string, password: string) =>
      cognito("RespondToAuthChallenge", {
        ClientId: clientId(),
        ChallengeName: "NEW_PASSWORD_REQUIRED",
        Session: session,
        ChallengeResponses: { USERNAME: "owner@shop.test", NEW_PASSWORD: password },
      });
    // cognito-local takes any session; the shop's pass-through, like Cognito, only the one it handed out.
    expect(await respond("made-up-session", "OwnersOwn42")).toEqual({ status: 400, body: { __type: "NotAuthorizedException", message: "Invalid session for the user." } });
    expect(await respond(signIn.body.Session, "short")).toEqual({
      status: 400,
      body: { __type: "InvalidPasswordException", message: "Password did not conform with policy: Password not long enough" },
    });
    const done = await respond(signIn.body.Session, "OwnersOwn42");
    expect(done.status).toBe(200);
    expect(done.body.AuthenticationResult.IdToken).toBeTruthy();
    // Used once.
    expect((await respond(signIn.body.Session, "OwnersOwn43")).body.__type).toBe("NotAuthorizedException");

    // Signed in, but staff tools stay closed until the page has set up their authenticator app.
    await expect(smokeCheck({ url: shop!.url, username: "owner@shop.test", password: "OwnersOwn42" })).rejects.toThrow(
      "owner@shop.test has no authenticator app yet: sign in once on the site's /login page to set one up, then run this again with --code",
    );
    await enrolAuthenticator(Number(env.COGNITO_PORT), poolId(), { username: "owner@shop.test", password: "OwnersOwn42" });
    const steps = await smokeCheck({ url: shop!.url, username: "owner@shop.test", password: "OwnersOwn42", code: appCode("owner@shop.test") });
    expect(steps.at(-1)?.name).toBe("GET /api/admin/analytics");
  });
});
