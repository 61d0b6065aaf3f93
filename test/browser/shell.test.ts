import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadSettings, type SeedAccount } from "../../infra/local/settings";
import { closeContexts, expectAccessible, workerBrowser, shop, currentAuthenticatorCode } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await workerBrowser();
});

afterAll(async () => {
  await closeContexts(browser);
});

// A fresh context per test: no session (Amplify keeps it in local storage) leaks from one test to the next.
async function openPage(path: string): Promise<Page> {
  context = await browser.newContext({ baseURL: baseUrl });
  page = await context.newPage();
  await page.goto(path);
  return page;
}

afterEach(async () => {
  await context?.close();
});

const header = () => page.locator("header");
const mainNav = () => page.getByRole("navigation", { name: "Main" });

function pathIs(path: string) {
  return (url: URL) => url.pathname === path;
}

/** Signs in on /login; staff give their authenticator app's code too, unless the password is meant to be refused. */
async function signIn(form: "Customer sign-in" | "Admin sign-in", account: SeedAccount, { refused = false } = {}) {
  await openPage("/login");
  if (form === "Customer sign-in") {
    // Locally there is no hosted UI: the identity-provider button reveals the email form.
    await page.getByRole("button", { name: /^Sign in with/ }).click();
  }
  const signInForm = page.getByRole("form", { name: form });
  await signInForm.getByLabel(form === "Admin sign-in" ? "Username" : "Email").fill(account.username);
  await signInForm.getByLabel("Password").fill(account.password);
  await signInForm.getByRole("button", { name: "Sign In" }).click();
  if (form === "Admin sign-in" && !refused) {
    // Staff sign in with two steps: their authenticator app's code (the seed gave the demo staff an app).
    const step = page.getByRole("form", { name: "Two-step sign-in" });
    await step.getByLabel("6-digit code").fill(await currentAuthenticatorCode(account.username));
    await step.getByRole("button", { name: "Verify and Sign In" }).click();
  }
}

describe("web shell", () => {
  it("shows the landing page with its hero, three feature cards and footer to a visitor", async () => {
    await openPage("/");
    await page.getByRole("heading", { level: 1, name: "Better Grip. Better Game." }).waitFor();
    expect(await page.getByRole("button", { name: "Book Your Service Now" }).count()).toBe(2);
    for (const card of ["Professional Gripping", "Complete Add-Ons", "Drop Off & Pick Up"]) {
      expect(await page.getByRole("heading", { level: 3, name: card }).isVisible()).toBe(true);
    }

    const footer = page.getByRole("contentinfo");
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()} Regrip. All rights reserved.`);
    expect(await footer.getByRole("link", { name: /Privacy Policy/ }).getAttribute("href")).toBe("/privacy");
    expect(await footer.getByRole("link", { name: /Terms of Service/ }).getAttribute("href")).toBe("/terms");

    await header().getByRole("button", { name: "Sign Up" }).waitFor();
    expect(await header().getByRole("button", { name: "admin", exact: true }).isVisible()).toBe(true);
    expect(await mainNav().getByRole("link").allInnerTexts()).toEqual(["Booking", "My Grips"]);
    expect(await page.title()).toContain("Regrip");
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain("Regrip");
  });

  it("sends a signed-out visitor from book-now through /api/login to the sign-in page, and 'admin' to /login", async () => {
    await openPage("/");
    await header().getByRole("button", { name: "Sign Up" }).waitFor();
    await page.getByRole("button", { name: "Book Your Service Now" }).first().click();
    await page.waitForURL(pathIs("/login"));
    await page.getByRole("form", { name: "Admin sign-in" }).waitFor();

    await page.goto("/");
    await header().getByRole("button", { name: "admin", exact: true }).click();
    await page.waitForURL(pathIs("/login"));
  });

  it("shows '404 Page Not Found' for an unknown path and redirects old addresses", async () => {
    await openPage("/no-such-page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();

    await page.goto("/dashboard");
    await page.waitForURL(pathIs("/booking"));
    await page.goto("/book?paddle=p1");
    await page.waitForURL((url) => url.pathname === "/booking" && url.search === "?paddle=p1");
    await page.goto("/paddles");
    await page.waitForURL(pathIs("/my-grips"));
    await page.goto("/order-history");
    await page.waitForURL(pathIs("/my-grips"));
  });

  it("keeps the admin sign-in button disabled until both fields are filled", async () => {
    await openPage("/login");
    const form = page.getByRole("form", { name: "Admin sign-in" });
    const submit = form.getByRole("button", { name: "Sign In" });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel("Username").fill(seed.admin.username);
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel("Password").fill("anything");
    expect(await submit.isEnabled()).toBe(true);
    await form.getByLabel("Username").fill("");
    expect(await submit.isDisabled()).toBe(true);
  });

  it("shows the server's message when a sign-in is refused", async () => {
    await signIn("Admin sign-in", { ...seed.admin, password: "Wrong-password-1" }, { refused: true });
    const error = page.getByRole("form", { name: "Admin sign-in" }).getByRole("alert");
    await error.waitFor();
    expect((await error.innerText()).trim()).not.toBe("");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("signs the seeded customer in: their initials, no badge, no staff links; logging out signs them out", async () => {
    await signIn("Customer sign-in", seed.customer);
    await page.waitForURL(pathIs("/booking"));
    const avatar = header().locator(".avatar");
    await avatar.waitFor();
    expect(await avatar.innerText()).toBe("CD");
    expect(await header().locator(".role-badge").count()).toBe(0);
    expect(await mainNav().getByRole("link").allInnerTexts()).toEqual(["Booking", "My Grips"]);

    // Signed in, /login sends a customer on to booking.
    await page.goto("/login");
    await page.waitForURL(pathIs("/booking"));

    await header().getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(pathIs("/"));
    await header().getByRole("button", { name: "Sign Up" }).waitFor();
    expect(await header().locator(".avatar").count()).toBe(0);
  });

  it("signs the seeded admin in through the admin form: the Admin badge and the staff and admin links", async () => {
    await signIn("Admin sign-in", seed.admin);
    await page.waitForURL(pathIs("/storefront"));
    const badge = header().locator(".role-badge");
    await badge.waitFor();
    expect(await badge.innerText()).toBe("Admin");
    // The staff links come with the header's account area, which may paint a moment after the badge.
    await mainNav().getByRole("link", { name: "Admin" }).waitFor();
    expect(await mainNav().getByRole("link").allInnerTexts()).toEqual([
      "Booking",
      "My Grips",
      "Storefront",
      "Service Queue",
      "Admin",
    ]);
  });

  it("signs the seeded employee in: the Employee badge and the staff links, no Admin link", async () => {
    await signIn("Admin sign-in", seed.employee);
    await page.waitForURL(pathIs("/storefront"));
    const badge = header().locator(".role-badge");
    await badge.waitFor();
    expect(await badge.innerText()).toBe("Employee");
    await mainNav().getByRole("link", { name: "Service Queue" }).waitFor();
    expect(await mainNav().getByRole("link").allInnerTexts()).toEqual(["Booking", "My Grips", "Storefront", "Service Queue"]);
  });

  it("has no serious or critical accessibility violations on the landing and sign-in pages", async () => {
    for (const path of ["/", "/login"]) {
      await openPage(path);
      await page.locator("main h1").waitFor();
      await header().getByRole("button", { name: "Sign Up" }).waitFor();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
      expect(serious).toEqual([]);
      await context.close();
    }
  });

  it("holds every page to axe through expectAccessible: a serious or critical violation fails it, a moderate one does not", async () => {
    context = await browser.newContext();
    page = await context.newPage();
    const html = (body: string) => `<!doctype html><html lang="en"><head><title>axe check</title></head><body>${body}</body></html>`;
    // No landmark (region) and a skipped heading level (heading-order): moderate, so the check passes.
    await page.setContent(html("<h1>One</h1><h3>Three</h3><p>Some text</p>"));
    await expectAccessible(page, "moderate only");
    // Faint grey on white (color-contrast, serious) and an image without a text alternative (image-alt, critical).
    await page.setContent(html('<main><h1>One</h1><p style="color:#bbb;background:#fff">Faint</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main>'));
    const failed = await expectAccessible(page, "serious and critical").then(() => "", (error: Error) => error.message);
    expect(failed).toContain("color-contrast");
    expect(failed).toContain("image-alt");
  });
});
