import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildWebIfStale } from "../../infra/local/web";
import { freePort } from "../../scripts/lib/ports";
import { startShopProcess } from "../../scripts/lib/shop-process";
import { START_FAILED } from "./start-failed";

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
  const shops = await Promise.all(
    Array.from({ length: count }, async () => {
      const dir = mkdtempSync(join(tmpdir(), "regrip-e2e-"));
      const port = await freePort();
      const info: TestShop = { baseUrl: `http://localhost:${port}`, dataDir: dir, dynamoPort: await freePort(), cognitoPort: await freePort() };
      return { info, port };
    }),
  );
  // The shops start while the other projects' global setups run (vitest runs those one after another): a test file
  // waits for its worker's shop (shop-ready.ts). A shop that could not start leaves its reason in its data folder.
  const starting = shops.map(({ info, port }) =>
    startShopProcess({
      PORT: String(port),
      DYNAMODB_PORT: String(info.dynamoPort),
      COGNITO_PORT: String(info.cognitoPort),
      REGRIP_DATA_DIR: info.dataDir,
      // Never real Stripe from a test, whatever the developer's environment holds: the local payment page.
      STRIPE_SECRET_KEY: "",
    }).catch((error: unknown) => {
      writeFileSync(join(info.dataDir, START_FAILED), error instanceof Error ? error.message : String(error));
      return undefined;
    }),
  );
  project.provide("shops", shops.map(({ info }) => info));
  return async () => {
    await Promise.all((await Promise.all(starting)).map((shop) => shop?.stop()));
    for (const { info } of shops) rmSync(info.dataDir, { recursive: true, force: true });
  };
}
