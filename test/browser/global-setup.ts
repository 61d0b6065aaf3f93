import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildWebIfStale } from "../../infra/local/web";
import { freePort } from "../../scripts/lib/ports";
import { startShopProcess } from "../../scripts/lib/shop-process";

/** One shop `npm start` runs for the browser tests: its address, data folder and ports. */
export interface TestShop {
  baseUrl: string;
  /** REGRIP_DATA_DIR of that shop: its SMS outbox is `<dataDir>/outbox.jsonl`. */
  dataDir: string;
  /** Its DynamoDB Local port, for test setup the API cannot do yet. */
  dynamoPort: number;
  /** Its cognito-local port, for the commands that work on the shop's user pool (npm run stage:setup -- --local). */
  cognitoPort: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One shop per vitest worker: the worker's number picks its own (browser.ts). */
    shops: TestShop[];
  }
}

/**
 * The browser tests run against `npm start`: one fresh shop, with its own ports and data, for each of vitest's
 * workers (a worker runs one file at a time), so two files never share a shop's figures, bags or outbox at once.
 * The web app is built once before they start (each `npm start` would otherwise check and build it for itself).
 */
export default async function setup(project: TestProject) {
  await buildWebIfStale();
  const count = Math.max(1, project.vitest.config.maxWorkers ?? 1);
  const starting = await Promise.allSettled(
    Array.from({ length: count }, async () => {
      const dir = mkdtempSync(join(tmpdir(), "regrip-e2e-"));
      const dynamoPort = await freePort();
      const cognitoPort = await freePort();
      const shop = await startShopProcess({
        PORT: String(await freePort()),
        DYNAMODB_PORT: String(dynamoPort),
        COGNITO_PORT: String(cognitoPort),
        REGRIP_DATA_DIR: dir,
        // Never real Stripe from a test, whatever the developer's environment holds: the local payment page.
        STRIPE_SECRET_KEY: "",
      });
      return { shop, info: { baseUrl: shop.url, dataDir: dir, dynamoPort, cognitoPort } satisfies TestShop };
    }),
  );
  const started = starting.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = starting.find((result) => result.status === "rejected");
  if (failed) {
    // One shop did not start: the others are stopped, not left running with no test to use them.
    await Promise.all(started.map(({ shop }) => shop.stop()));
    for (const { info } of started) rmSync(info.dataDir, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide("shops", started.map(({ info }) => info));
  return async () => {
    await Promise.all(started.map(({ shop }) => shop.stop()));
    for (const { info } of started) rmSync(info.dataDir, { recursive: true, force: true });
  };
}
