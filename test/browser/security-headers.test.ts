/**
 * infra/headers.ts on one machine: every answer of `npm start` carries the
 * security headers, and the app's pages (and the local payment page, under its
 * own stricter policy) run under them with no Content-Security-Policy violation.
 */
import type { Browser, BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localSecurityHeaders } from "../../infra/headers";
import { loadSettings } from "../../infra/local/settings";
import { closeContexts, callApi, workerBrowser, signInThroughPage, shop } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every CSP violation seen by any page of the context, with the page it happened on. */
const violations: string[] = [];

beforeAll(async () => {
  browser = await workerBrowser();
  context = await browser.newContext({ baseURL: baseUrl });
  // Runs before any script of every document (CSP does not apply to it): the page's own report of a violation.
  // (A string: the tests are typed without the DOM library.)
  await context.addInitScript(`
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error("Content Security Policy violation: " + event.violatedDirective + " blocked " + (event.blockedURI || "inline") +
        " (" + event.sourceFile + ":" + event.lineNumber + ")");
    });
  `);
  page = await context.newPage();
  // Chromium's own "Refused to ... because it violates the following Content Security Policy directive" too.
  page.on("console", (message: ConsoleMessage) => {
    if (message.text().includes("Content Security Policy")) violations.push(`${page.url()}: ${message.text()}`);
  });
});

afterAll(async () => {
  await context?.close();
  await closeContexts(browser);
});

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);

function expectSecurityHeaders(answer: Response, what: string) {
  for (const [name, value] of Object.entries(localSecurityHeaders)) {
    expect(answer.headers.get(name), `${name} on ${what}`).toBe(value);
  }
}

/** Waits for the page to settle (lazy chunks, API calls, images) so late violations are seen too. */
async function visit(path: string, ready: () => Promise<unknown>) {
  await page.goto(path);
  await ready();
  await page.waitForLoadState("networkidle");
}

/** A 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("security headers on one machine", () => {
  it("sends infra/headers.ts on the page, an asset, the API's JSON and a miss", async () => {
    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    expectSecurityHeaders(home, "/");
    const html = await home.text();

    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, "index.html loads its script from /assets/").toBeDefined();
    const script = await fetch(`${baseUrl}${asset}`);
    expect(script.status).toBe(200);
    expectSecurityHeaders(script, asset!);

    const services = await fetch(`${baseUrl}/api/services`);
    expect(services.status).toBe(200);
    expect(services.headers.get("content-type")).toContain("application/json");
    expectSecurityHeaders(services, "/api/services");

    const refused = await fetch(`${baseUrl}/api/orders`);
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused, "a refused /api/orders");

    const missing = await fetch(`${baseUrl}/assets/nothing-here.js`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, "a missing asset");

    expect(localSecurityHeaders["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("walks the landing page, sign-in, booking, My Grips (with a photo), profile, terms and the local payment page with no CSP violation", async () => {
    await visit("/", () => page.getByRole("heading", { level: 1, name: "Better Grip. Better Game." }).waitFor());
    await visit("/terms", () => page.getByRole("heading", { level: 1 }).first().waitFor());

    // A paddle with a photo, so My Grips shows an image from /uploads/.
    const signedIn = await api("POST", "/api/auth/local", { body: { username: seed.customer.username, password: seed.customer.password } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token: string = signedIn.body.idToken;
    const paddle = await api("POST", "/api/paddles", { token, body: { brand: "Selkirk", model: "Vanguard", nickname: "Headers Test" } });
    expect(paddle.status, JSON.stringify(paddle.body)).toBe(201);
    const paddleId: string = paddle.body.id;
    const target = await api("POST", `/api/paddles/${paddleId}/photo`, { token, body: { contentType: "image/png", size: png.length } });
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    const put = await fetch(new URL(target.body.uploadUrl, baseUrl), { method: "PUT", headers: target.body.headers, body: png });
    expect(put.ok, `PUT ${target.body.uploadUrl}: ${put.status}`).toBe(true);
    expect((await api("PATCH", `/api/paddles/${paddleId}`, { token, body: { photoUrl: target.body.photoUrl } })).status).toBe(200);
    const photo = await fetch(`${baseUrl}${target.body.photoUrl}`);
    expect(photo.status).toBe(200);
    expectSecurityHeaders(photo, "a paddle photo");

    // Sign in through the page (Amplify against cognito-local at /cognito/), which lands on /booking.
    await visit("/login", () => page.getByRole("button", { name: /^Sign in with/ }).waitFor());
    await signInThroughPage(page, seed.customer, { navigate: false });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");

    await visit("/my-grips", () => page.getByRole("img", { name: /Headers Test|Selkirk/ }).first().waitFor());
    expect(await page.getByRole("img", { name: /Headers Test|Selkirk/ }).first().evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    await visit("/profile", () => page.getByRole("heading", { level: 1 }).first().waitFor());

    // The local payment page, under its own policy (inline style by hash, no script), and its form posting back.
    const booked = await api("POST", "/api/book-service", {
      token,
      headers: { "Idempotency-Key": `browser-headers-${Date.now()}` },
      body: { paddleId, bagNumber: "130", dropoffLocation: "LITTLETON", service: "sku-strip-and-grip-black-tacky" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const checkout = await api("POST", `/api/orders/${booked.body.id}/checkout`, { token });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const payPage = await page.goto(checkout.body.url);
    const policy = payPage!.headers()["content-security-policy"];
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(payPage!.headers()["x-frame-options"]).toBe("DENY");
    await page.getByRole("heading", { level: 1, name: `Order ${booked.body.number} · Bag 130` }).waitFor();
    // Its style block applied: the Pay button is green.
    const pay = page.getByRole("button", { name: /^Pay / });
    expect(await page.evaluate("getComputedStyle(document.querySelector('button.pay')).backgroundColor")).toBe("rgb(11, 107, 58)");
    await pay.click();
    // A paid checkout comes back to the order's own page, which waits for the webhook and says so.
    await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
    await page.getByRole("heading", { name: "Payment received" }).waitFor();
    await page.waitForLoadState("networkidle");

    expect(violations).toEqual([]);
  });
});
