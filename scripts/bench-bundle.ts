/**
 * Prints the gzip size of the JavaScript that `/` and `/booking` load first
 * (issue 8's budgets: 90 KB and 120 KB; customer pages never load Cloudscape,
 * and none loads Amplify before a sign-in, sign-out or token refresh needs it).
 *
 *   npm run bench:bundle
 */
import { buildWebIfStale } from "../infra/local/web";
import { firstLoad } from "./lib/first-load";

await buildWebIfStale();
const budgets = [
  { path: "/", page: "LandingPage", budget: 90_000 },
  { path: "/booking", page: "BookingPage", budget: 120_000 },
] as const;
console.log("First-load JavaScript, gzip");
let over = 0;
for (const { path, page, budget } of budgets) {
  const { files, gzipBytes } = firstLoad(page);
  const verdict = gzipBytes <= budget ? "ok" : "over";
  if (verdict === "over") over++;
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(`${path.padEnd(9)} ${kb(gzipBytes).padStart(6)} KB in ${String(files.length).padStart(2)} files   budget ${kb(budget).padStart(5)} KB   ${verdict}`);
}
console.log(`Budgets: ${over === 0 ? "all ok" : `${over} over`}.`);
// As bench:lambda: the figures are for reading; BENCH_STRICT=1 makes an over budget fail the run.
if (process.env.BENCH_STRICT && over > 0) process.exit(1);
