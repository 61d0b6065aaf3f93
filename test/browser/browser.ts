import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the shop the global setup started with `npm start`. */
    baseUrl: string;
  }
}

/** Debian's Chromium, never a downloaded one (`playwright install` is not used). */
export const chromiumPath = "/usr/bin/chromium";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
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

/** Staff sign in with the admin form on /login and land on /storefront. */
export async function signInStaff(page: Page, account: { username: string; password: string }) {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Admin sign-in" });
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: /Sign In/ }).click();
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
