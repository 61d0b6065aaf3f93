import type { Server } from "node:http";
import { join } from "node:path";
import { env, secrets } from "../env";
import { installLocalCognito } from "./cognito-stand-in";
import { cognitoDataDir, cognitoEndpoint, cognitoIssuer, ensurePool, startCognito } from "./cognito";
import { emailOutboxFile } from "./cognito-gate";
import { dynamoEndpoint, ensureTable, localAwsEnv, startDynamo } from "./dynamo";
import { assertJava, assertPortFree, ChildSet } from "./processes";
import { seedDemoShop } from "./seed";
import { startLocalJobs, type LocalJobs } from "./jobs";
import { localWebhookSecret } from "./payment-page";
import { localTwilioAuthToken } from "./webhooks";
import { createLocalServer } from "./server";
import type { LocalSettings } from "./settings";
import { readState, writeState } from "./state";
import { buildWebIfStale, webDistDir } from "./web";

export const localTableName = "regrip-local";

/**
 * The whole shop on one machine: DynamoDB Local, cognito-local, the handlers
 * behind the local API adapter and the built web app, on one port.
 */
export interface RunningShop {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

/** Paddle photos on one machine: written by the handlers' upload URLs, served by the local server at /uploads/. */
export const uploadsDirOf = (settings: LocalSettings): string => join(settings.dataDir, "uploads");

/** The environment contract of infra/env.ts, filled for one machine. */
export function handlerEnvironment(settings: LocalSettings, pool: { userPoolId: string; clientId: string }): Record<string, string> {
  const vars: Record<string, string> = {
    ...localAwsEnv,
    // The AWS SDK reads these itself: no handler knows it runs locally.
    AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint(settings.dynamoPort),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoEndpoint(settings.cognitoPort),
    [env.tableName]: localTableName,
    [env.userPoolId]: pool.userPoolId,
    [env.userPoolClientId]: pool.clientId,
    [env.issuer]: cognitoIssuer(settings.cognitoPort, pool.userPoolId),
    [env.loginUrl]: "/login",
    [env.siteUrl]: `http://localhost:${settings.port}`,
    [env.smsOutboxFile]: join(settings.dataDir, "outbox.jsonl"),
    // Beside the texts, in the file the local user pool's confirmation codes go to (cognito-gate.ts).
    [env.emailOutboxFile]: emailOutboxFile(settings.dataDir),
    [env.uploadsDir]: uploadsDirOf(settings),
  };
  for (const { name } of secrets) if (settings.vars[name]) vars[name] = settings.vars[name];
  // The local payment page signs its events with this secret unless `.env` gives the one `stripe listen` printed.
  vars.STRIPE_WEBHOOK_SECRET ||= localWebhookSecret;
  // The SMS webhook checks Twilio's signature with this token; `npm run sms:reply` signs with the same.
  vars.TWILIO_AUTH_TOKEN ||= localTwilioAuthToken;
  return vars;
}

export async function startShop(settings: LocalSettings, log: (line: string) => void): Promise<RunningShop> {
  assertJava();
  await assertPortFree(settings.port, "the shop", "PORT");
  await assertPortFree(settings.dynamoPort, "DynamoDB Local", "DYNAMODB_PORT");
  await assertPortFree(settings.cognitoPort, "cognito-local", "COGNITO_PORT");

  const children = new ChildSet();
  let server: Server | undefined;
  let jobs: LocalJobs | undefined;
  const stop = async () => {
    jobs?.stop();
    // Connections first: a client that sent half a request (or keeps one alive) must not hold up
    // server.close, nor keep DynamoDB Local and cognito-local running meanwhile.
    const closed = new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    server?.closeIdleConnections();
    server?.closeAllConnections();
    try {
      await closed;
    } finally {
      await children.stopAll();
    }
  };
  try {
    const web = buildWebIfStale(log);
    web.catch(() => undefined); // awaited below; keeps a failed build from crashing the process before then
    const [dynamo, cognito] = await Promise.allSettled([
      startDynamo(settings.dynamoPort, join(settings.dataDir, "dynamodb"), log),
      startCognito(settings.cognitoPort, cognitoDataDir(settings.dataDir)),
    ]);
    if (dynamo.status === "fulfilled") children.add("DynamoDB Local", dynamo.value);
    if (cognito.status === "fulfilled") children.add("cognito-local", cognito.value);
    if (dynamo.status === "rejected") throw dynamo.reason;
    if (cognito.status === "rejected") throw cognito.reason;

    await ensureTable(settings.dynamoPort, localTableName);
    const state = readState(settings.dataDir);
    const pool = await ensurePool(settings.cognitoPort, state.pool);
    writeState(settings.dataDir, { ...state, pool });
    Object.assign(process.env, handlerEnvironment(settings, pool));
    // What cognito-local does not do for the API's own user pool calls (an invite's email, a disabled sign-in).
    installLocalCognito();

    if (!state.seededAt) {
      log("Seeding the demo shop...");
      await seedDemoShop({ cognitoPort: settings.cognitoPort, userPoolId: pool.userPoolId, accounts: settings.seed });
      writeState(settings.dataDir, { ...readState(settings.dataDir), seededAt: new Date().toISOString() });
    }
    await web;

    server = createLocalServer({
      webDist: webDistDir,
      cognitoPort: settings.cognitoPort,
      pool: { userPoolId: pool.userPoolId, dataDir: settings.dataDir },
      uploadsDir: uploadsDirOf(settings),
      webConfig: {
        VITE_REGION: localAwsEnv.AWS_REGION,
        VITE_USER_POOL_ID: pool.userPoolId,
        VITE_USER_POOL_CLIENT_ID: pool.clientId,
        VITE_USER_POOL_ENDPOINT: "/cognito/",
        VITE_OAUTH_DOMAIN: "",
        VITE_SITE_URL: `http://localhost:${settings.port}`,
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      // Loopback unless HOST says otherwise: the stand-ins behind this port have no credentials of their own.
      server!.listen(settings.port, settings.host, resolve);
    });
    // The cloud's Cron jobs (infra/jobs.ts) on a timer: unpaid holds end here too.
    jobs = startLocalJobs({ log });
    children.watch((name, code) => {
      log(`${name} stopped unexpectedly (code ${code}); stopping the shop.`);
      void stop().then(() => process.exit(1));
    });
    return { url: `http://localhost:${settings.port}`, server, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
