/**
 * Measures how long `npm start` takes to be ready (budget: under 60 s on a
 * fresh clone after install, under 15 s on a restart) and prints the figures.
 *
 *   npm run bench:start
 *
 * "Fresh" starts with no local data and no built web app, as a fresh clone
 * does after `npm install`; "restart" starts again on the data it left.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../infra/local/settings";
import { freePort } from "./lib/ports";
import { startShopProcess } from "./lib/shop-process";

async function timedStart(env: Record<string, string>): Promise<number> {
  const began = performance.now();
  const shop = await startShopProcess(env);
  const seconds = (performance.now() - began) / 1000;
  const response = await fetch(`${shop.url}/api/services`);
  if (!response.ok) throw new Error(`the started shop answered ${response.status} for /api/services`);
  await shop.stop();
  return seconds;
}

const dir = mkdtempSync(join(tmpdir(), "regrip-bench-"));
const env = {
  PORT: String(await freePort()),
  DYNAMODB_PORT: String(await freePort()),
  COGNITO_PORT: String(await freePort()),
  REGRIP_DATA_DIR: dir,
};
try {
  const dist = join(repoRoot, "packages/web/dist");
  if (existsSync(dist)) rmSync(dist, { recursive: true, force: true });
  const fresh = await timedStart(env);
  const restart = await timedStart(env);
  const row = (name: string, seconds: number, budget: number) =>
    `${name.padEnd(8)} ${seconds.toFixed(1).padStart(6)} s   budget ${budget} s   ${seconds < budget ? "ok" : "OVER BUDGET"}`;
  console.log("npm start, time until ready");
  console.log(row("fresh", fresh, 60));
  console.log(row("restart", restart, 15));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
