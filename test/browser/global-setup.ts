import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/lib/ports";
import { startShopProcess } from "../../scripts/lib/shop-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The browser tests run against `npm start`: a fresh shop with its own ports and data. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "regrip-e2e-"));
  const shop = await startShopProcess({
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    COGNITO_PORT: String(await freePort()),
    REGRIP_DATA_DIR: dir,
  });
  project.provide("baseUrl", shop.url);
  return async () => {
    await shop.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
