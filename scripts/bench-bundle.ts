/**
 * Prints the gzip size of the JavaScript that `/` and `/booking` load first
 * (budget: 150 KB each; customer pages never load Cloudscape).
 *
 *   npm run bench:bundle
 */
import { buildWebIfStale } from "../infra/local/web";
import { firstLoad } from "./lib/first-load";

await buildWebIfStale();
const budget = 150_000;
console.log("First-load JavaScript, gzip");
for (const [path, page] of [["/", "LandingPage"], ["/booking", "BookingPage"]] as const) {
  const { files, gzipBytes } = firstLoad(page);
  const verdict = gzipBytes < budget ? "ok" : "OVER BUDGET";
  console.log(`${path.padEnd(9)} ${(gzipBytes / 1000).toFixed(1).padStart(6)} KB in ${files.length} files   budget 150 KB   ${verdict}`);
}
