/**
 * Landing, the on-site days, booking, terms and privacy arrive as HTML rendered at build time (infra/prerendered.ts,
 * packages/web/vite.config.ts): their content paints with no JavaScript, React then
 * hydrates it without a mismatch, and a first load never fetches Amplify, signed
 * in or out (the ID token is read from storage; Amplify loads to sign in or out).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { closeContexts, workerBrowser, shop, signedInState } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const pages = [
  // `styled`: a rule of the page's own stylesheet (its chunk's CSS), which must apply before any script runs.
  {
    path: "/",
    heading: "Better Grip. Better Game.",
    title: "Regrip | Pickleball Paddle Regripping",
    styled: { selector: ".hero", property: "overflow", value: "hidden" },
  },
  {
    path: "/onsite",
    heading: "On-site Gripping Days",
    title: "On-site Gripping Days at Clubs | Regrip",
    styled: { selector: ".onsite-page", property: "max-width", value: "1120px" },
  },
  // The booking page as its first render shows it: the header and each step waiting for its data.
  {
    path: "/booking",
    heading: "Book a Service",
    title: "Book a Service | Regrip",
    styled: { selector: ".booking-layout", property: "align-items", value: "start" },
  },
  {
    path: "/terms",
    heading: "Terms of Service",
    title: "Terms of Service | Regrip",
    styled: { selector: ".legal-page", property: "max-width", value: "760px" },
  },
  {
    path: "/privacy",
    heading: "Privacy Policy, SMS Terms and Terms of Use",
    title: "Privacy Policy and Terms | Regrip",
    styled: { selector: ".legal-page", property: "max-width", value: "760px" },
  },
];

let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});

afterAll(async () => {
  await closeContexts(browser);
});

/** Console errors and warnings, uncaught errors, and the Amplify chunk if it was fetched. */
function watch(page: Page) {
  const problems: string[] = [];
  const amplify: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("request", (request) => {
    if (/\/assets\/(amplify-runtime|enableOAuthListener)-/.test(request.url())) amplify.push(request.url());
  });
  return { problems, amplify };
}

async function withContext<T>(options: Parameters<Browser["newContext"]>[0], run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: baseUrl, ...options });
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

describe("prerendered pages", () => {
  for (const { path, heading, title, styled } of pages) {
    it(`serves ${path} as HTML holding its heading and title, with the runtime config filled in`, async () => {
      const response = await fetch(new URL(path, baseUrl));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toContain(`>${heading}</h1>`);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).not.toContain("{{ VITE_");
      expect(html).toMatch(/"userPoolClientId":"[^"{]+"/);
    });

    it(`paints ${path} with JavaScript disabled`, async () => {
      await withContext({ javaScriptEnabled: false }, async (context) => {
        const page = await context.newPage();
        await page.goto(path);
        expect(await page.getByRole("heading", { level: 1, name: heading }).isVisible()).toBe(true);
        expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
        // The page's own stylesheet is linked in the HTML, not left for its chunk to add.
        const value = await page.evaluate(`getComputedStyle(document.querySelector("${styled.selector}")).getPropertyValue("${styled.property}")`);
        expect(value).toBe(styled.value);
      });
    });

    it(`hydrates ${path} without a warning and without loading Amplify`, async () => {
      await withContext({}, async (context) => {
        const page = await context.newPage();
        const seen = watch(page);
        await page.goto(path);
        // The header's sign-in buttons appear once React runs and the server has said "signed out".
        await page.locator("header").getByRole("button", { name: "Sign Up" }).waitFor();
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        await page.waitForLoadState("networkidle");
        expect(seen.problems).toEqual([]);
        expect(seen.amplify).toEqual([]);
      });
    });
  }

  it("leaves other pages' HTML empty for the app to render", async () => {
    const html = await (await fetch(new URL("/my-grips", baseUrl))).text();
    expect(html).toContain('<div id="root"></div>');
  });

  it("shows a signed-in customer's menu on / from the stored token, without loading Amplify", async () => {
    // The tokens a sign-in leaves in storage (the sign-in form itself is shell.test.ts's subject).
    await withContext({ storageState: await signedInState(baseUrl, seed.customer) }, async (context) => {
      const fresh = await context.newPage();
      const seen = watch(fresh);
      await fresh.goto("/");
      await fresh.locator("header .avatar").waitFor();
      expect(await fresh.locator("header .avatar").innerText()).toBe("CD");
      await fresh.waitForLoadState("networkidle");
      expect(seen.amplify).toEqual([]);
      expect(seen.problems).toEqual([]);
    });
  });
});
