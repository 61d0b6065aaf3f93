/**
 * The customer pages stay light on a phone: the JS the landing page and the
 * booking page load first stays within the budgets `npm run bench:bundle`
 * prints (scripts/lib/bundle-budget.ts: 90 kB, 122 kB and 92 kB gzip). The global
 * setup's `npm start` has just built packages/web/dist from the current sources.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleBudgets, withinBudget } from "../../scripts/lib/bundle-budget";
import { firstLoad, webDist } from "../../scripts/lib/first-load";

describe("first-load JavaScript", () => {
  for (const budget of bundleBudgets) {
    const { page, path, budgetBytes } = budget;
    it(`keeps ${path} (${page}) within ${budgetBytes / 1000} kB gzip, without Cloudscape`, () => {
      const { files, gzipBytes } = firstLoad(page);
      expect(withinBudget(gzipBytes, budget), `${page}: ${gzipBytes} bytes in ${files.join(", ")}`).toBe(true);
      // Cloudscape's components carry `awsui` class names: none may ride along on a customer page.
      const withCloudscape = files.filter((file) => readFileSync(join(webDist, "assets", file), "utf8").includes("awsui"));
      expect(withCloudscape).toEqual([]);
      // Amplify loads only to sign in, out or refresh a token (packages/web/src/auth/load-amplify.ts).
      // Its user-agent string, `aws-amplify/<version>`, is in every Amplify bundle.
      const withAmplify = files.filter((file) => readFileSync(join(webDist, "assets", file), "utf8").includes("aws-amplify"));
      expect(withAmplify).toEqual([]);
      // TanStack Query loads with the pages that read data and with a signed-in header (packages/web/src/app/query-layer.tsx),
      // not with the landing page, nor the bag status page (its one call is a plain fetch). "Missing queryFn" is query-core's own message.
      if (page === "LandingPage" || page === "BagPage") {
        const withQuery = files.filter((file) => readFileSync(join(webDist, "assets", file), "utf8").includes("Missing queryFn"));
        expect(withQuery).toEqual([]);
      }
    });
  }
});
