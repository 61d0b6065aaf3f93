/**
 * No layout shift as data arrives: on a phone-sized and a
 * desktop-sized screen, `/` and `/booking` (signed in) are loaded with the
 * booking page's code and the API held back, then let go in every order they
 * can arrive in; the layout shifts Chromium reports (PerformanceObserver,
 * `layout-shift`) must add up to at most 0.05, and the footer must start below
 * the fold while the page waits. Nothing here is timed: the API answers when the test says so.
 * (`npm run bench:lighthouse` measures the same CLS under Lighthouse.)
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { closeContexts, workerBrowser, shop, signedInContext } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

/** Lighthouse's mobile preset: a Moto G Power sized screen. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** A smaller phone (Galaxy S-sized): less fits above the fold, so more of the page is in view as it fills in. */
const smallPhone = { ...phone, viewport: { width: 360, height: 740 }, deviceScaleFactor: 3 };
/** A tablet held upright: still one column, with the summary in view under the services while they load. */
const tablet = { viewport: { width: 768, height: 1024 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** Lighthouse's desktop preset: the summary beside the services, sticky. */
const desktop = { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false };
type Screen = typeof phone | typeof smallPhone | typeof tablet | typeof desktop;
const clsBudget = 0.05;

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await workerBrowser();
});

afterAll(async () => {
  await closeContexts(browser);
});

afterEach(async () => {
  await context?.close();
});

interface Shift {
  value: number;
  sources: string[];
}

/**
 * Records every layout shift of the page (with the elements that moved) from its first paint on, in
 * `window.__shifts`. A string: it runs in the page, and this project's TypeScript has no DOM types.
 */
const recordShifts = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources || []).map(({ node }) => {
        const element = node instanceof Element ? node : node && node.parentElement;
        if (!element) return "?";
        return element.tagName.toLowerCase() + (element.id ? "#" + element.id : "") +
          (typeof element.className === "string" && element.className ? "." + element.className.split(" ").join(".") : "");
      });
      window.__shifts.push({ value: entry.value, sources });
    }
  }).observe({ type: "layout-shift", buffered: true });
`;

/**
 * A page of that screen's size whose calls to /api/ and whose booking page's chunk wait, once held, until released:
 * `release(prefix)` lets through what is waiting (and what comes later) under that path, `release()` everything.
 */
async function screenPage(
  screen: Screen,
  account?: { username: string; password: string },
): Promise<{ page: Page; hold: () => void; release: (prefix?: string) => Promise<void> }> {
  context = account ? await signedInContext(browser, baseUrl, account, screen) : await browser.newContext({ baseURL: baseUrl, ...screen });
  await context.addInitScript(recordShifts);
  let held = false;
  const open: string[] = [];
  let waiting: { path: string; go: () => void }[] = [];
  const isOpen = (path: string) => !held || open.some((prefix) => path.startsWith(prefix));
  await context.route(
    // The chunk, not its stylesheet: the prerendered page links that in its HTML, so it is there from the first paint.
    (url) => url.pathname.startsWith("/api/") || (url.pathname.startsWith("/assets/BookingPage-") && url.pathname.endsWith(".js")),
    async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (!isOpen(path)) await new Promise<void>((go) => waiting.push({ path, go }));
      await route.continue();
    },
  );
  const page = await context.newPage();
  return {
    page,
    hold: () => {
      held = true;
      open.length = 0;
    },
    release: async (prefix) => {
      if (prefix === undefined) held = false;
      else open.push(prefix);
      const going = waiting.filter(({ path }) => isOpen(path));
      waiting = waiting.filter((entry) => !going.includes(entry));
      for (const { go } of going) go();
      await settled(page);
    },
  };
}

/** Two animation frames: whatever the last change laid out has been painted (and its shifts reported). */
const settled = (page: Page) => page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))");

async function footerBelowFold(page: Page): Promise<{ top: number; fold: number }> {
  return page.evaluate<{ top: number; fold: number }>(`({ top: document.querySelector("footer.site-footer").getBoundingClientRect().top, fold: innerHeight })`);
}

async function shifts(page: Page) {
  const found = await page.evaluate<Shift[]>("window.__shifts");
  return { cls: found.reduce((sum, shift) => sum + shift.value, 0), found };
}

describe.each([
  ["a phone", phone],
  ["a small phone", smallPhone],
  ["a tablet", tablet],
  ["a desktop", desktop],
] as const)("layout shift on %s", (_, screen) => {
  it("/ does not shift", async () => {
    const { page } = await screenPage(screen);
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Better Grip. Better Game." }).waitFor();
    await page.waitForLoadState("networkidle");
    await settled(page);
    const { cls, found } = await shifts(page);
    expect(cls, JSON.stringify(found)).toBeLessThanOrEqual(clsBudget);
  });

  // The page's code, then its data in either order (or all at once).
  it.each([
    ["all at once", []],
    ["the services, then who is signed in and their paddles", ["/assets/BookingPage-", "/api/services", "/api/auth/user", "/api/paddles"]],
    // Paddles before services: the services' place is held while they load, so the summary below (phone) or
    // beside them (desktop) stays put (before that reservation this order shifted the summary 0.03 to 0.15).
    ["who is signed in and their paddles, then the services", ["/assets/BookingPage-", "/api/auth/user", "/api/paddles", "/api/services"]],
  ])("/booking, signed in, keeps its footer below the fold and shifts at most 0.05 as its code and data arrive: %s", async (_, order) => {
    // Signed in from the start (the sign-in form is shell.test.ts's subject).
    const { page, hold, release } = await screenPage(screen, seed.customer);

    // A fresh load of the page, its code and API calls held: what the customer sees while they are on their way.
    hold();
    await page.goto("/booking");
    await page.locator(".loading").first().waitFor();
    await settled(page);
    const waiting = await footerBelowFold(page);
    expect(waiting.top, "the footer starts below the fold while the page waits").toBeGreaterThanOrEqual(waiting.fold);

    // Each in turn: the page's code or an API call (its answer has reached the page). The page's heading is in its
    // prerendered HTML (infra/prerendered.ts), so it shows before either.
    await page.getByRole("heading", { level: 1, name: "Book a Service" }).waitFor();
    const arrived = (prefix: string) => page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(prefix));
    for (const prefix of order) {
      const arrival = arrived(prefix);
      await release(prefix);
      await arrival;
      await settled(page);
    }
    await release();
    await page.getByRole("heading", { name: "Choose your core service" }).waitFor();
    await page.locator(".loading").first().waitFor({ state: "detached" });
    await page.waitForLoadState("networkidle");
    await settled(page);
    const { cls, found } = await shifts(page);
    expect(cls, JSON.stringify(found)).toBeLessThanOrEqual(clsBudget);
  });
});
