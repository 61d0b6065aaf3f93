import { randomInt, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { AxeResults } from "axe-core";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { authenticatorCode } from "../../infra/local/authenticator";
import { cognitoDataDir, createLogin } from "../../infra/local/cognito";
import { AUTHENTICATOR_CODE_REQUIRED } from "../../packages/core/src/shared/accounts";
import type { TestShop } from "./global-setup";
import { workerNumber } from "../worker";

/**
 * The shop this test file runs against: the global setup starts one shop per vitest worker, and a worker runs one
 * file at a time, so the worker's number (`workerNumber`) picks it.
 * The browser project keeps modules between a worker's files (vitest.config.ts), so this module, and the shop, are
 * the worker's for the whole run.
 */
function workersShop(): TestShop {
  const shops = inject("shops");
  const id = workerNumber();
  const shop = shops[id - 1];
  if (!shop) throw new Error(`Worker ${id} has no test shop: the global setup started ${shops.length}`);
  return shop;
}

export const shop: TestShop = workersShop();

/**
 * Debian's old headless shell (package `chromium-headless-shell`), never a downloaded build (`playwright install` is
 * not used): the same Blink as Debian's Chromium without the full browser around it, which cost the suite about an
 * eighth more CPU for the same pages.
 */
export const chromiumPath = "/usr/bin/chromium-headless-shell";

/**
 * `--js-flags=--max-opt=1`: V8 runs a test's pages with its interpreter and its baseline compiler only, never its
 * optimizing compilers. A page here lives a few seconds, so optimizing its code is work that never pays back: on
 * two of the heaviest files (schedule-console, members) the run took 10 to 19 % less CPU in all (shop and vitest
 * included), with the same results. What the pages do does not depend on V8's tiers; `npm run bench:lighthouse`
 * measures the pages with V8 as shipped.
 */
export const chromiumArgs = [
  "--headless",
  "--js-flags=--max-opt=1",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

let workersChromium: Promise<Browser> | undefined;

/**
 * The worker's Chromium: launched by the first test file that asks and kept for the worker's next files (the browser
 * project shares modules between a worker's files, vitest.config.ts), so a file pays for no launch. Tests never share
 * a page or its storage through it: each opens contexts of its own, and `fileBrowser` closes what a file left open.
 * Playwright stops it when the worker exits; a Chromium that crashed is launched again for the next file.
 */
export function workerBrowser(): Promise<Browser> {
  if (!workersChromium) {
    const launching = chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    workersChromium = launching;
    launching.then(
      (browser) => browser.on("disconnected", () => void (workersChromium === launching && (workersChromium = undefined))),
      () => void (workersChromium === launching && (workersChromium = undefined)),
    );
  }
  return workersChromium;
}

/**
 * The worker's Chromium for a test file's tests (`workerBrowser`), read with the answer once they run. After the
 * file, the contexts it left open are closed: the next file starts with none.
 */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await closeContexts(browser);
  });
  return () => browser!;
}

/** Closes every context `browser` has open (a file's leftovers), leaving the browser itself running. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/**
 * Signs in through `/login` as the web app does on one machine (no hosted UI: the identity-provider button
 * reveals the email form) and waits for the landing on /booking. `navigate: false` when the page is already there.
 */
export async function signInThroughPage(page: Page, account: { username: string; password: string }, { navigate = true } = {}) {
  if (navigate) await page.goto("/login");
  await page.getByRole("button", { name: /^Sign in with/ }).click();
  const form = page.getByRole("form", { name: "Customer sign-in" });
  await form.getByLabel("Email").fill(account.username);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/booking");
}

/** A JSON call to the shop at `baseUrl`, as the web app makes it. */
export async function callApi<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await answer.text();
  return { status: answer.status, body: (text ? JSON.parse(text) : null) as T };
}

/** The code `username`'s authenticator app shows now, on the worker's shop (its cognito-local data, as /local/outbox reads it). */
export async function currentAuthenticatorCode(username: string): Promise<string> {
  shopUserPoolId ??= await userPoolIdOf(shop.baseUrl);
  const code = authenticatorCode(cognitoDataDir(shop.dataDir), shopUserPoolId, username);
  if (!code) throw new Error(`${username} has no authenticator app on this shop`);
  return code;
}

/**
 * Staff sign in with the admin form on /login, give their authenticator app's code (every staff account has one:
 * the seed's, and those the tests make), and land on /storefront.
 */
export async function signInStaff(page: Page, account: { username: string; password: string }) {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Admin sign-in" });
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: /Sign In/ }).click();
  const step = page.getByRole("form", { name: "Two-step sign-in" });
  await step.getByLabel("6-digit code").fill(await currentAuthenticatorCode(account.username));
  await step.getByRole("button", { name: "Verify and Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/storefront");
}

/** Runs `run` on a page of a fresh context (no cookies or storage shared with other tests), 1280x900 unless told. */
export async function withPage<T>(browser: Browser, baseURL: string, run: (page: Page) => Promise<T>, options: BrowserContextOptions = {}): Promise<T> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, ...options });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;
const signedInStates = new Map<string, Promise<StorageState>>();

const claimsOf = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));

/**
 * The browser storage a sign-in through `/login` leaves behind (Amplify's tokens in localStorage, under the client id
 * and the access token's username), made from the tokens of `POST /api/auth/local`: a page opened with it starts
 * signed in, as after a reload. For every test whose subject is not the sign-in form itself (shell.test.ts,
 * accounts.test.ts and first-admin.test.ts sign in through the page). One sign-in per account and test file.
 */
export function signedInState(baseUrl: string, account: { username: string; password: string }): Promise<StorageState> {
  const key = `${baseUrl} ${account.username}`;
  let state = signedInStates.get(key);
  if (!state) {
    state = (async () => {
      const answer = await localSignIn(baseUrl, account);
      if (answer.status !== 200) throw new Error(`sign-in of ${account.username} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      const { idToken, accessToken, refreshToken } = answer.body as { idToken: string; accessToken: string; refreshToken: string };
      const clientId = String(claimsOf(idToken).aud);
      const user = String(claimsOf(accessToken).username);
      const prefix = `CognitoIdentityServiceProvider.${clientId}`;
      const localStorage = [
        { name: `${prefix}.LastAuthUser`, value: user },
        { name: `${prefix}.${user}.idToken`, value: idToken },
        { name: `${prefix}.${user}.accessToken`, value: accessToken },
        { name: `${prefix}.${user}.refreshToken`, value: refreshToken },
        { name: `${prefix}.${user}.clockDrift`, value: "0" },
        { name: `${prefix}.${user}.signInDetails`, value: JSON.stringify({ loginId: account.username, authFlowType: "USER_PASSWORD_AUTH" }) },
      ];
      return { cookies: [], origins: [{ origin: new URL(baseUrl).origin, localStorage }] };
    })();
    signedInStates.set(key, state);
    state.catch(() => signedInStates.delete(key));
  }
  return state;
}

/**
 * A fresh context (no cookies or storage shared with other tests), 1280x900 unless told, whose pages start signed in
 * as `account`, as after a reload: the storage of `signedInState` is written into the shop's origin by a script that
 * runs before the page's own, once per context (a mark in localStorage says it is done, so signing out stays signed
 * out). Playwright's own `storageState` opens and loads an extra page in each new context to write it: about half a
 * second a test.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  account: { username: string; password: string },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const { origins } = await signedInState(baseURL, account);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, ...options });
  // Page source, not a function: this file is type-checked without the DOM's types.
  const { origin, localStorage: items } = origins[0]!;
  await context.addInitScript(`(() => {
    if (location.origin !== ${JSON.stringify(origin)} || localStorage.getItem("regrip-test-signed-in")) return;
    for (const { name, value } of ${JSON.stringify(items)}) localStorage.setItem(name, value);
    localStorage.setItem("regrip-test-signed-in", "1");
  })()`);
  return context;
}

/**
 * `withPage`, signed in as `account` from the start (`signedInContext`), on a blank page: the test opens the page it
 * is about.
 */
export async function withSignedInPage<T>(
  browser: Browser,
  baseURL: string,
  account: { username: string; password: string },
  run: (page: Page) => Promise<T>,
  options: BrowserContextOptions = {},
): Promise<T> {
  const context = await signedInContext(browser, baseURL, account, options);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Moves a page that already shows the web app to `path` the way a link inside the app does: the router renders the
 * new page without loading the app again (a full load of the console costs Chromium about four CPU-seconds: its
 * scripts and styles parsed anew). For tests about a page's content; a test about loading itself (first load,
 * prerender, guards before any code loads, a reload keeping state) uses `page.goto`. Resolves once the address
 * bar shows `path`; wait for the page's own content as after a click.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate(`(() => {
    history.pushState(null, "", ${JSON.stringify(path)});
    dispatchEvent(new PopStateEvent("popstate", { state: null }));
  })()`);
  const target = new URL(path, page.url());
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
}

/**
 * Resolves once nothing on the page says it is still loading: no Cloudscape spinner (a table's or a page's loading
 * state, a busy button) and no app loading spinner. After `visit`, where a check waited for the network to go idle
 * after a full load (a load state is reached once per load, not again after an in-app move): the page's data are in.
 */
export async function doneLoading(page: Page, timeout = 20_000): Promise<void> {
  // Polled inside the page (the app's CSP refuses the string predicate of waitForFunction: no eval).
  await page.evaluate(`new Promise((resolve, reject) => {
    const until = Date.now() + ${timeout};
    const look = () => {
      const loading = document.querySelector('[class*="awsui_circle-left_"], .loading[role="status"]');
      if (!loading) resolve(undefined);
      else if (Date.now() > until) reject(new Error("still loading after ${timeout} ms: " + loading.outerHTML.slice(0, 200)));
      else setTimeout(look, 50);
    };
    look();
  })`);
}

/** The texts to `phone` in the SMS outbox of the shop whose data is in `dataDir`, oldest first. */
export function textsTo(dataDir: string, phone: string): string[] {
  const outbox = join(dataDir, "outbox.jsonl");
  if (!existsSync(outbox)) return [];
  return readFileSync(outbox, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; body: string })
    .filter((text) => text.to === phone)
    .map((text) => text.body);
}

const jsQrScript = createRequire(import.meta.url).resolve("jsqr/dist/jsQR.js");

/**
 * Reads the QR code drawn by `selector` (an SVG: the bag label's, the pickup details') as a camera would: drawn on
 * a canvas at 8 px a module with a white margin, and decoded by jsQR inside the page.
 */
export async function readQr(page: Page, selector: string): Promise<string | null> {
  await page.addScriptTag({ path: jsQrScript });
  // Written as page source: this file is type-checked without the DOM's types.
  return page.evaluate(`(async () => {
    const svg = document.querySelector(${JSON.stringify(selector)});
    const image = new Image();
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
    await image.decode();
    const size = 8 * (svg.viewBox.baseVal.width || 40);
    const canvas = Object.assign(document.createElement("canvas"), { width: size + 64, height: size + 64 });
    const context = canvas.getContext("2d");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 32, 32, size, size);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
  })()`);
}

/**
 * Nothing on the page reaches past the viewport's right edge, so nothing is cut off or scrolled out of sight on a
 * phone: the page does not scroll sideways, and no visible element sticks out (which `overflow: hidden` on an
 * ancestor would otherwise hide from the page's scroll width). A wide table inside its own scrolling box is by
 * design and not counted; a row of tabs or links scrolled out of sight is.
 */
export async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const found = (await page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const sticking = [];
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      // A table wider than the screen scrolls in its own box by design; anything else scrolled or clipped away counts.
      let scroller = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const x = getComputedStyle(up).overflowX;
        if (x === "auto" || x === "scroll") { scroller = true; break; }
      }
      if (scroller && el.closest("table")) continue;
      const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\\s+/).join(".") : "");
      sticking.push(name + " right " + Math.round(box.right));
    }
    return { scroll: document.documentElement.scrollWidth - width, width, sticking: sticking.slice(0, 5) };
  })()`)) as { scroll: number; width: number; sticking: string[] };
  expect(found.sticking, `${what}: elements past the ${found.width} px viewport`).toEqual([]);
  expect(found.scroll, `${what} scrolls sideways at ${found.width} px`).toBeLessThanOrEqual(0);
}

/** axe-core's minified build (the same code as the 1.3 MB `axe.js` AxeBuilder injects, at under half its size). */
const axeScript = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Puts axe-core into each frame of the page that does not hold it yet: once per document, so a page moved on with
 * `visit` keeps it. AxeBuilder injected it again on every run, and once more into a new blank page for `finishRun`:
 * parsing those 1.3 MB twice (and opening a page) was most of a check's cost, the audit itself a tenth of it.
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (await frame.evaluate("typeof window.axe === 'object'")) continue;
    await frame.evaluate(axeScript);
  }
}

/**
 * The page-side call of `expectAccessible`: `axe.run` with the rules that can only report a minor or moderate
 * violation turned off. A rule that declares its impact (every rule of axe-core 4.13 does) gives every violation it
 * finds that impact (`_finalizeRuleResult` in axe-core), and only serious and critical ones fail a test here, so
 * running those rules was work whose findings were always dropped (about a sixth of a run on the console's pages).
 * `axe._audit.rules` is axe-core's own rule list, pinned with the package; a rule without an impact still runs.
 */
const axeRun = (context: unknown) => `(() => {
  if (!Array.isArray(axe._audit?.rules)) throw new Error("axe-core has no _audit.rules: see expectAccessible");
  const rules = {};
  for (const rule of axe._audit.rules) if (rule.impact === "minor" || rule.impact === "moderate") rules[rule.id] = { enabled: false };
  return axe.run(${JSON.stringify(context)}, { resultTypes: ["violations"], rules });
})()`;

/**
 * No serious or critical axe violation on the page, or inside `selector` when given, less what `exclude` names.
 * axe runs in the page itself (`axe.run`, as AxeBuilder's legacy mode does: the app has no cross-origin frames), asked
 * for violations only: the passes it would otherwise collect, node by node, are never read here.
 */
export async function expectAccessible(page: Page, what: string, selector?: string, { exclude }: { exclude?: string } = {}): Promise<void> {
  // A button just pressed or let go is mid-transition (120 ms of colour): axe would read its contrast halfway.
  await settled(page);
  await injectAxe(page);
  const context = { include: selector ? [selector] : [], exclude: exclude ? [exclude] : [] };
  const { violations } = (await page.evaluate(axeRun(context))) as AxeResults;
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(serious, `${what}: axe found ${serious.join("; ")}`).toEqual([]);
}

/**
 * Resolves once the page has drawn what it last rendered (two animation frames: a resize's layout and what the app
 * re-rendered for it) and its CSS transitions and animations that end have ended (a dialog's or a flash's fade-in,
 * which axe would otherwise read halfway). For a check right after `setViewportSize`, instead of a fixed sleep.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  })()`);
}

/** The two sizes a screen is checked at: a computer's, then a phone's. */
const checkedSizes = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * The screen as it is now, checked at 1280 and then at 390 px on the same page, resized (not loaded twice): axe at
 * each width (inside `selector` when given, less `exclude`), and on the phone nothing past the right edge
 * (`expectNoOverflow`), or with `overflow: "page"` only that the page itself does not scroll sideways (a console
 * screen: its tables scroll in Cloudscape's own boxes, whose sticky scrollbar is wider than a phone by design). With
 * `shots`, a full-page screenshot at each width goes to that folder. The page is left at the size it had.
 */
export async function checkAtBothWidths(
  page: Page,
  what: string,
  { selector, exclude, overflow = "elements", shots }: { selector?: string; exclude?: string; overflow?: "elements" | "page"; shots?: string } = {},
): Promise<void> {
  const before = page.viewportSize();
  for (const size of checkedSizes) {
    const now = page.viewportSize();
    if (now?.width !== size.width || now.height !== size.height) await page.setViewportSize(size);
    await settled(page);
    await expectAccessible(page, `${what} at ${size.width} px`, selector, { exclude });
    if (size.width === 390 && overflow === "elements") await expectNoOverflow(page, what);
    if (size.width === 390 && overflow === "page") {
      expect(await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"), `${what} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    if (shots) await page.screenshot({ path: join(shots, `${what.replace(/\W+/g, "-")}-${size.width}.png`), fullPage: true });
  }
  const now = page.viewportSize();
  if (before && (now?.width !== before.width || now.height !== before.height)) {
    await page.setViewportSize(before);
    await settled(page);
  }
}

/** The pages only an admin may use that tell other staff 'You don't have permission to access the admin panel.', with their headings. */
export const adminPanelPages = [
  ["/admin", "Admin Dashboard"],
  ["/admin/products", "Product Management"],
  ["/admin/promotions", "Promotions"],
  ["/admin/packs", "Packs"],
  ["/admin/settings/money", "Money settings"],
  ["/admin/settings/shops", "Shop details"],
  ["/admin/subscribers", "Subscribers"],
  ["/admin/partners", "Partners"],
  ["/admin/schedule", "Schedule"],
] as const;

/** POST /api/auth/local, with the authenticator app's code when the account has one (staff). */
async function localSignIn(baseUrl: string, account: { username: string; password: string }) {
  const body = { username: account.username, password: account.password };
  const answer = await callApi(baseUrl, "POST", "/api/auth/local", { body });
  if (answer.status !== 401 || answer.body?.code !== AUTHENTICATOR_CODE_REQUIRED) return answer;
  return callApi(baseUrl, "POST", "/api/auth/local", { body: { ...body, code: await currentAuthenticatorCode(account.username) } });
}

/** The ID token of a local account (POST /api/auth/local), for the API calls a journey makes beside the pages. */
export async function localToken(baseUrl: string, account: { username: string; password: string }): Promise<string> {
  const answer = await localSignIn(baseUrl, account);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.idToken;
}

/** Polls `read` until it answers something. */
export async function waitFor<T>(what: string, read: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A customer a journey made for itself, as `newVerifiedCustomer` answers it. */
export interface NewCustomer {
  username: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
  /** Verified, E.164. */
  phone: string;
  /** One per nickname asked for, in that order. */
  paddleIds: string[];
}

let shopUserPoolId: string | undefined;

/** The user pool of the shop at `baseUrl`, from the runtime config its server writes into every page's HTML (no browser needed). */
async function userPoolIdOf(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/login`)).text();
  const config = /<script[^>]*id="regrip-config"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
  if (!config) throw new Error(`no regrip-config in ${baseUrl}/login`);
  return (JSON.parse(config) as { userPoolId: string }).userPoolId;
}

/**
 * A new customer of a journey's own, made as a person is: a login in the shop's user pool, their name, a phone
 * verified with the code texted to the outbox, and a Selkirk Vanguard per nickname. The last name is `lastNamePrefix`
 * and six random letters (no digits, so a search by a phone's digits never matches a name). `_browser` is not used
 * any more (the pool's id is read from the page's HTML, not from a page load); kept so callers need not change.
 */
export async function newVerifiedCustomer(
  _browser: Browser,
  who: { firstName: string; lastNamePrefix: string; nicknames: readonly string[] },
): Promise<NewCustomer> {
  const baseUrl = shop.baseUrl;
  shopUserPoolId ??= await userPoolIdOf(baseUrl);
  const { firstName } = who;
  const lastName = `${who.lastNamePrefix}${randomUUID().replace(/[\d-]/g, "").slice(0, 6)}`;
  const username = `${lastName.toLowerCase()}@regrip.test`;
  const password = "CustomerPass123";
  await createLogin(shop.cognitoPort, shopUserPoolId, { username, password, email: username, givenName: firstName, familyName: lastName });
  const token = await localToken(baseUrl, { username, password });
  const api = (method: string, path: string, body?: unknown) => callApi(baseUrl, method, path, { token, body });
  expect((await api("GET", "/api/auth/user")).status).toBe(200);
  expect((await api("PUT", "/api/auth/user", { firstName, lastName })).status).toBe(200);
  const phone = `+1720${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
  expect((await api("POST", "/api/user/phone", { phone })).status).toBe(200);
  const code = await waitFor("the phone code", () => textsTo(shop.dataDir, phone).map((body) => /\b(\d{6})\b/.exec(body)?.[1]).filter(Boolean).at(-1));
  const verified = await api("POST", "/api/user/phone/verify", { code });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const paddleIds: string[] = [];
  for (const nickname of who.nicknames) {
    const paddle = await api("POST", "/api/paddles", { brand: "Selkirk", model: "Vanguard", nickname });
    expect(paddle.status, JSON.stringify(paddle.body)).toBe(201);
    paddleIds.push(paddle.body.id);
  }
  return { username, password, token, firstName, lastName, phone, paddleIds };
}

/**
 * The customer's booking page (loaded in `page`, signed in as the customer) with Premium Regrip (Black, Tacky) chosen
 * for the paddle named `paddle` and promotion `code` typed (in lower case, as a customer might) and applied.
 */
export async function bookingWithPromo(page: Page, paddle: string, code: string): Promise<void> {
  await page.goto("/booking");
  await page.getByRole("radio", { name: new RegExp(paddle) }).check();
  await choosePremiumRegrip(page);
  await page.getByLabel("Promo code", { exact: true }).fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
}

/** On the booking page: Premium Regrip, Black and Tacky, chosen in its dialog, the dialog closed. */
export async function choosePremiumRegrip(page: Page): Promise<void> {
  await page.getByRole("button", { name: /Premium Regrip/ }).click();
  const variant = page.getByRole("dialog", { name: "Premium Regrip" });
  await variant.getByText("Black", { exact: true }).click();
  await variant.getByText("Tacky", { exact: true }).click();
  await variant.getByRole("button", { name: "Select" }).click();
  await variant.waitFor({ state: "detached" });
}

/**
 * A booking made by API, as the booking page makes it: a new paddle of the customer's (`nickname` and a number), a
 * bag the admin makes for it, a drop-off at Littleton; answers the order's id. Unpaid.
 */
export async function bookByApi(
  baseUrl: string,
  { customer, admin }: { customer: string; admin: string },
  { nickname, service, addOns }: { nickname: string; service: string; addOns?: string[] },
): Promise<string> {
  const paddle = await callApi(baseUrl, "POST", "/api/paddles", { token: customer, body: { brand: "Joola", nickname: `${nickname} ${randomInt(1000, 9999)}` } });
  expect(paddle.status, JSON.stringify(paddle.body)).toBe(201);
  const bags = await callApi(baseUrl, "POST", "/api/admin/bags/create", { token: admin, body: { count: 1 } });
  expect(bags.status, JSON.stringify(bags.body)).toBe(201);
  const booked = await callApi(baseUrl, "POST", "/api/book-service", {
    token: customer,
    body: { paddleId: paddle.body.id, bagNumber: bags.body[0].code3, dropoffLocation: "LITTLETON", service, ...(addOns ? { addOns } : {}) },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.id as string;
}

/** A paid booking of the seeded customer (paid on the local payment page; unpaid with `unpaid`: paid at pickup), moved to Ready by the employee through the status call. */
export async function readyBooking(
  baseUrl: string,
  { customer, admin, employee }: { customer: string; admin: string; employee: string },
  { unpaid = false } = {},
): Promise<{ id: string; number: string; totalCents: number; statusHistory: { actorId?: string; actorName?: string }[] }> {
  const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
  const orderId = await bookByApi(baseUrl, { customer, admin }, { nickname: "Tipped", service: "sku-strip-and-grip-black-tacky" });
  if (unpaid) {
    // A bag may go into the queue before its invoice is paid (shared/moves.ts).
    for (const status of ["IN_QUEUE", "IN_SERVICE", "READY"]) {
      const moved = await api("POST", `/api/orders/${orderId}/status`, { token: employee, body: { status } });
      expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
    }
    return (await api("GET", `/api/orders/${orderId}`, { token: customer })).body ;
  }
  const checkout = await api("POST", `/api/orders/${orderId}/checkout`, { token: customer });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  // The local payment page's Pay, as a browser's form post.
  const pay = await fetch(`${checkout.body.url}/pay`, { method: "POST", redirect: "manual" });
  expect(pay.status).toBe(303);
  await expect.poll(async () => (await api("GET", `/api/orders/${orderId}`, { token: customer })).body.paymentStatus, { timeout: 10_000 }).toBe("paid");
  for (const status of ["CHECKED_IN", "IN_QUEUE", "IN_SERVICE", "READY"]) {
    const moved = await api("POST", `/api/orders/${orderId}/status`, { token: employee, body: { status } });
    expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
  }
  return (await api("GET", `/api/orders/${orderId}`, { token: customer })).body ;
}
