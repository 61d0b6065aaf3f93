/**
 * Each browser test file waits here for its worker's shop (a setup file of the browser project, vitest.config.ts):
 * the global setup starts the shops without waiting for them, so they start while the other projects set up.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll } from "vitest";
import { START_FAILED } from "./start-failed";

let ready: Promise<void> | undefined;

/** Resolves once the worker's shop answers; throws the reason it did not start, or after `timeoutMs`. */
async function shopAnswers(timeoutMs = 170_000): Promise<void> {
  const { shop } = await import("./browser");
  const until = Date.now() + timeoutMs;
  for (;;) {
    const failed = join(shop.dataDir, START_FAILED);
    if (existsSync(failed)) throw new Error(`The test shop did not start: ${readFileSync(failed, "utf8")}`);
    try {
      if ((await fetch(`${shop.baseUrl}/api/locations`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`The test shop at ${shop.baseUrl} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  // Once per worker: the browser project keeps modules between a worker's files.
  ready ??= shopAnswers();
  await ready;
}, 180_000);
