import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensurePool, startCognito } from "../../infra/local/cognito";
import { ensureTable, startDynamo } from "../../infra/local/dynamo";
import { seedDemoShop } from "../../infra/local/seed";
import { loadSettings } from "../../infra/local/settings";
import { handlerEnvironment, localTableName } from "../../infra/local/shop";
import { freePort } from "../../scripts/lib/ports";

declare module "vitest" {
  export interface ProvidedContext {
    localEnv: Record<string, string>;
    cognitoPort: number;
    userPoolId: string;
  }
}

/**
 * The real stand-ins for the integration tests: DynamoDB Local (in memory) and
 * cognito-local on free ports, the table and pool created as `npm start`
 * creates them, and the demo shop seeded.
 */
export default async function setup(project: TestProject) {
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), "regrip-it-"));
  const settings = loadSettings({
    DYNAMODB_PORT: String(await freePort()),
    COGNITO_PORT: String(await freePort()),
    PORT: String(await freePort()),
    REGRIP_DATA_DIR: dir,
  });
  const [dynamo, cognito] = await Promise.all([
    startDynamo(settings.dynamoPort, null),
    startCognito(settings.cognitoPort, join(dir, "cognito")),
  ]);
  children.push(dynamo, cognito);
  await ensureTable(settings.dynamoPort, localTableName);
  const pool = await ensurePool(settings.cognitoPort, undefined);
  const environment = handlerEnvironment(settings, pool);
  Object.assign(process.env, environment);
  await seedDemoShop({ cognitoPort: settings.cognitoPort, userPoolId: pool.userPoolId, accounts: settings.seed });

  project.provide("localEnv", environment);
  project.provide("cognitoPort", settings.cognitoPort);
  project.provide("userPoolId", pool.userPoolId);

  return async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))));
    rmSync(dir, { recursive: true, force: true });
  };
}
