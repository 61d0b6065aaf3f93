/**
 * Prints the gzip size of the JavaScript that `/` and `/booking` load first
 * against their budgets (scripts/lib/bundle-budget.ts, which the first-load
 * test holds them to; customer pages never load Cloudscape, and none loads
 * Amplify before a sign-in, sign-out or token refresh needs it).
 *
 *   npm run bench:bundle
 */
import { buildWebIfStale } from "../infra/local/web";
import { bundleBudgets, withinBudget } from "./lib/bundle-budget";
import { firstLoad } from "./lib/first-load";

await buildWebIfStale();
console.log("First-load JavaScript, gzip");
let over = 0;
for (const budget of bundleBudgets) {
  const { files, gzipBytes } = firstLoad(budget.page);
  const verdict = withinBudget(gzipBytes, budget) ? "ok" : "over";
  if (verdict === "over") over++;
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(`${budget.path.padEnd(9)} ${kb(gzipBytes).padStart(6)} KB (${gzipBytes} bytes) in ${String(files.length).padStart(2)} files   budget ${kb(budget.budgetBytes).padStart(5)} KB   ${verdict}`);
}
console.log(`Budgets: ${over === 0 ? "all ok" : `${over} over`}.`);
// As bench:lambda: the figures are for reading; BENCH_STRICT=1 makes an over budget fail the run.
if (process.env.BENCH_STRICT && over > 0) process.exit(1);
