/**
 * Deploys do not break open pages (packages/web/src/lib/load-chunk.ts), in Chromium against a real shop
 * (`npm start`): a deploy replaces the build, so a page open since before it asks for chunk names that are gone.
 * The shop serves the one build every worker shares, so a chunk's file is "deleted" here by answering its requests
 * 404 in this page only (Playwright's `page.route`), as the site answers for a file of the previous build.
 *
 * 1. The console open at the queue, the next page's chunk gone: the page reloads once, to the same address, and
 *    shows that page.
 * 2. A customer page whose chunk is still missing after that reload: the app's error screen, no second reload.
 */
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { fileBrowser, shop, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const browser = fileBrowser();

/**
 * The page's chunk matching `chunk` (a glob under /assets/) made missing: every request for it answers 404, until the
 * page loads again if `untilReload` (the reload fetches the new build, whose files exist), or for good. Returns the
 * page's full loads from now on, and the chunk's answers in order.
 */
async function deleteChunk(page: Page, chunk: string, { untilReload }: { untilReload: boolean }) {
  const loads: string[] = [];
  const answers: number[] = [];
  page.on("request", (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(new URL(request.url()).pathname);
  });
  await page.route(`**/assets/${chunk}`, async (route) => {
    if (untilReload && loads.length > 0) {
      answers.push(200);
      await route.continue();
    } else {
      answers.push(404);
      await route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" });
    }
  });
  return { loads, answers };
}

describe("a deploy under an open page", () => {
  it("the console at the queue: the next page's chunk gone, the page reloads once to it and shows it", async () => {
    await withSignedInPage(browser(), baseUrl, seed.admin, async (page) => {
      await page.goto("/queue");
      const nav = page.getByRole("navigation", { name: "Console navigation" });
      await page.getByRole("button", { name: "Create New Customer" }).waitFor();

      const { loads, answers } = await deleteChunk(page, "CommunicationsPage-*.js", { untilReload: true });
      const reloaded = page.waitForEvent("load");
      await nav.getByRole("link", { name: "Communications" }).click();
      await reloaded;
      await page.getByRole("heading", { name: "Communications Log", level: 1 }).waitFor();

      expect(new URL(page.url()).pathname).toBe("/admin/communications");
      expect(loads).toEqual(["/admin/communications"]);
      // Asked for before the reload and missing, then found after it.
      expect(answers[0]).toBe(404);
      expect(answers.at(-1)).toBe(200);
      expect(await page.getByRole("heading", { name: "Something went wrong" }).count()).toBe(0);
    });
  });

  it("a customer page whose chunk is still missing after the reload shows the error screen, and reloads no more", async () => {
    await withSignedInPage(browser(), baseUrl, seed.customer, async (page) => {
      await page.goto("/");
      const mainNav = page.getByRole("navigation", { name: "Main" });
      await page.getByRole("heading", { level: 1, name: "Better Grip. Better Game." }).waitFor();

      const { loads, answers } = await deleteChunk(page, "MyGripsPage-*.js", { untilReload: false });
      await mainNav.getByRole("link", { name: "My Grips" }).click();
      await page.getByRole("heading", { name: "Something went wrong" }).waitFor();

      // The error shows only once the import failed again after the one reload: a third load cannot be under way.
      expect(new URL(page.url()).pathname).toBe("/my-grips");
      expect(loads).toEqual(["/my-grips"]);
      expect(answers.length).toBeGreaterThanOrEqual(2);
      expect(answers.every((status) => status === 404)).toBe(true);
      await page.getByRole("button", { name: "Refresh Page" }).waitFor();
    });
  });
});
