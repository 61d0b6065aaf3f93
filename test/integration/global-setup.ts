import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensurePool, startCognito } from "../../infra/local/cognito";
import { startDynamo } from "../../infra/local/dynamo";
import { env } from "../../infra/env";
import { loadSettings } from "../../infra/local/settings";
import { handlerEnvironment } from "../../infra/local/shop";
import { freePort } from "../../scripts/lib/ports";
import { seedWorkerPlace, workerPlace } from "./worker-table";

declare module "vitest" {
  export interface ProvidedContext {
    localEnv: Record<string, string>;
    cognitoPort: number;
    userPoolId: string;
    /** The run's folder: cognito-local's data, and each worker's folder (worker-table.ts). */
    runDir: string;
    /** A DynamoDB Local for each worker (worker-table.ts). */
    dynamoPorts: number[];
  }
}

/**
 * The real stand-ins for the integration tests: a DynamoDB Local (in memory)
 * for each worker and one cognito-local, on free ports, the pool created as
 * `npm start` creates it, and the first worker's demo shop table made and
 * seeded (with it the seeded logins, once for all workers; worker-table.ts).
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
  const teardown = async () => {
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // One DynamoDB Local for each worker that may run at once (worker-table.ts says why).
    const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
    const dynamoPorts = [settings.dynamoPort];
    while (dynamoPorts.length < workers) {
      const port = await freePort();
      if (![...dynamoPorts, settings.cognitoPort, settings.port].includes(port)) dynamoPorts.push(port);
    }
    const started = await Promise.allSettled([
      ...dynamoPorts.map((port) => startDynamo(port, null)),
      startCognito(settings.cognitoPort, join(dir, "cognito")),
    ]);
    for (const result of started) if (result.status === "fulfilled") children.push(result.value);
    for (const result of started) if (result.status === "rejected") throw result.reason;
    const pool = await ensurePool(settings.cognitoPort, undefined);
    const environment = handlerEnvironment(settings, pool);
    Object.assign(process.env, environment);
    const first = workerPlace("1", environment[env.tableName], dir, dynamoPorts);
    Object.assign(process.env, first.environment);
    await seedWorkerPlace(first, { cognitoPort: settings.cognitoPort, userPoolId: pool.userPoolId });

    project.provide("localEnv", environment);
    project.provide("cognitoPort", settings.cognitoPort);
    project.provide("userPoolId", pool.userPoolId);
    project.provide("runDir", dir);
    project.provide("dynamoPorts", dynamoPorts);
  } catch (error) {
    // Nothing else would stop DynamoDB Local and cognito-local when the setup fails.
    await teardown();
    throw error;
  }
  return teardown;
}
