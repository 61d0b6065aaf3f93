import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/lib/ports";
import { startShopProcess } from "../../scripts/lib/shop-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** REGRIP_DATA_DIR of that shop: its SMS outbox is `<dataDir>/outbox.jsonl`. */
    dataDir: string;
    /** Its DynamoDB Local port, for test setup the API cannot do yet. */
    dynamoPort: number;
    /** Its cognito-local port, for the commands that work on the shop's user pool (npm run stage:setup -- --local). */
    cognitoPort: number;
  }
}

/** The browser tests run against `npm start`: a fresh shop with its own ports and data. */
export default async function setup(project: TestProject) {
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
  project.provide("baseUrl", shop.url);
  project.provide("dataDir", dir);
  project.provide("dynamoPort", dynamoPort);
  project.provide("cognitoPort", cognitoPort);
  return async () => {
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
