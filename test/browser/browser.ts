import { chromium, type Browser, type Page } from "playwright-core";

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
