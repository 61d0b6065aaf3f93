/**
 * Signing in, verifying and keeping what was typed, on a phone (390 px) in Chromium against the demo shop: a new
 * customer opens 'Sign in' from the header, resets a forgotten password with the code emailed to the outbox,
 * verifies the phone saved on their profile, reloads mid-booking and finds the draft, and books. Each new page and
 * state is checked at 1280 and 390 px (axe, nothing past the right edge); screenshots go to SCREENSHOT_DIR when set.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomInt, randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogin } from "../../infra/local/cognito";
import { callApi, checkAtBothWidths, choosePremiumRegrip, closeContexts, localToken, shop, textsTo, waitFor, workerBrowser } from "./browser";

const shots = process.env.SCREENSHOT_DIR;
if (shots) mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The codes emailed to `email` (the local email outbox) under `subject`, oldest first. */
function emailedCodes(email: string, subject: string): string[] {
  const file = join(shop.dataDir, "email-outbox.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; subject: string; body: string })
    .filter((mail) => mail.to === email && mail.subject === subject)
    .map((mail) => /\b(\d{6})\b/.exec(mail.body)?.[1] ?? "");
}

/** The user pool's id, from the runtime config the shop writes into its pages. */
async function userPoolId(): Promise<string> {
  const html = await (await fetch(`${shop.baseUrl}/login`)).text();
  return (JSON.parse(/<script[^>]*id="regrip-config"[^>]*>([^<]*)<\/script>/.exec(html)![1]) as { userPoolId: string }).userPoolId;
}

describe("signing in, verifying and keeping what was typed", () => {
  it("a new customer on a phone resets a forgotten password, verifies the phone from the profile, reloads mid-booking and finds the draft, books", async () => {
    // A customer with a paddle and a phone saved on the profile but never verified, who forgot the password.
    const lastName = `Reset${randomUUID().replace(/[\d-]/g, "").slice(0, 6)}`;
    const email = `${lastName.toLowerCase()}@regrip.test`;
    await createLogin(shop.cognitoPort, await userPoolId(), { username: email, password: "Forgotten-Pass1", email, givenName: "Riley", familyName: lastName });
    const token = await localToken(shop.baseUrl, { username: email, password: "Forgotten-Pass1" });
    const phone = `+1720${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
    expect((await callApi(shop.baseUrl, "PUT", "/api/auth/user", { token, body: { firstName: "Riley", lastName, phone } })).status).toBe(200);
    expect((await callApi(shop.baseUrl, "POST", "/api/paddles", { token, body: { brand: "Selkirk", model: "Vanguard", nickname: "Blue" } })).status).toBe(201);

    const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      // 'Sign in' for customers beside the spec's 'admin' and 'Sign Up'.
      await page.goto("/");
      const header = page.getByRole("banner");
      await header.getByRole("button", { name: "Sign Up" }).waitFor();
      expect(await header.getByRole("button", { name: "admin", exact: true }).isVisible()).toBe(true);
      await header.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      const signIn = page.getByRole("form", { name: "Customer sign-in" });
      await signIn.getByLabel("Email").fill(email);
      await signIn.getByRole("button", { name: "Forgot password?" }).click();

      // The email typed is kept; the code goes to the email outbox.
      const ask = page.getByRole("form", { name: "Reset your password" });
      expect(await ask.getByLabel("Email").inputValue()).toBe(email);
      await checkAtBothWidths(page, "forgot password", { shots });
      await ask.getByRole("button", { name: "Email Me a Code" }).click();
      const reset = page.getByRole("form", { name: "Choose a new password" });
      await reset.waitFor();
      const code = await waitFor("the reset code", () => emailedCodes(email, "Your Regrip password reset code").at(-1));
      await checkAtBothWidths(page, "reset code and new password", { shots });

      // The pool's policy, in its words, before anything is sent.
      await reset.getByLabel("Reset code").fill(code);
      await reset.getByLabel("New password", { exact: true }).fill("short");
      await reset.getByLabel("Repeat the new password").fill("short");
      await reset.getByRole("button", { name: "Set Password and Sign In" }).click();
      await reset.getByText("Password did not conform with policy: Password not long enough").waitFor();
      await reset.getByLabel("New password", { exact: true }).fill("Remembered-Pass2");
      await reset.getByLabel("Repeat the new password").fill("Remembered-Pass2");
      await reset.getByRole("button", { name: "Set Password and Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/booking");
      await page.locator("header .avatar").waitFor();

      // The saved phone says Unverified, with its Verify action.
      await page.goto("/profile");
      await page.getByText("Unverified", { exact: true }).waitFor();
      await checkAtBothWidths(page, "profile with an unverified phone", { shots });
      await page.getByRole("button", { name: "Verify Phone" }).click();
      const verify = page.getByRole("dialog", { name: "Verify Your Phone" });
      const sentAt = textsTo(shop.dataDir, phone).length;
      await verify.getByRole("button", { name: "Send Code" }).click();
      const smsCode = await waitFor("the texted code", () => textsTo(shop.dataDir, phone).slice(sentAt).map((body) => /\b(\d{6})\b/.exec(body)?.[1]).find(Boolean));
      await verify.getByLabel("Verification code", { exact: true }).fill(smsCode);
      await verify.getByRole("button", { name: "Verify" }).click();
      await page.getByText("Verified", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Verify Phone" }).count()).toBe(0);

      // Mid-booking, a reload: the paddle, the service, the bag and the notes are still there.
      await page.goto("/booking");
      await expect.poll(() => page.getByRole("radio", { name: /Blue/ }).isChecked(), { timeout: 15_000 }).toBe(true);
      await choosePremiumRegrip(page);
      await page.getByLabel("I don't have a bag yet").check();
      await page.getByLabel("Special instructions").fill("Left-handed, thin grip please");
      await page.reload();
      await page.getByText("Your booking as you left it.").waitFor();
      expect(await page.getByLabel("Special instructions").inputValue()).toBe("Left-handed, thin grip please");
      expect(await page.getByLabel("I don't have a bag yet").isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: /Blue/ }).isChecked()).toBe(true);
      expect(await page.getByTestId("summary-total").innerText()).not.toBe("$0.00");
      await checkAtBothWidths(page, "booking draft restored", { shots });

      // A verified phone: straight to the confirmation, and booked.
      await page.getByRole("region", { name: "Total and Book" }).getByRole("button", { name: "Book Service" }).click();
      const confirm = page.getByRole("dialog", { name: "Confirm Your Booking" });
      await confirm.getByText("Left-handed, thin grip please").waitFor();
      await checkAtBothWidths(page, "confirm dialog", { shots, selector: "[role=dialog]" });
      await confirm.getByRole("button", { name: /^Confirm/ }).click();
      await page.waitForURL((url) => url.pathname !== "/booking", { timeout: 20_000 });

      // Booked: the draft is gone.
      expect(await page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('regrip.booking-draft.'))")).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("an expired session at Confirm signs in again in place, and the booking goes through as confirmed", async () => {
    const lastName = `Expired${randomUUID().replace(/[\d-]/g, "").slice(0, 6)}`;
    const email = `${lastName.toLowerCase()}@regrip.test`;
    const password = "Expired-Pass1";
    await createLogin(shop.cognitoPort, await userPoolId(), { username: email, password, email, givenName: "Sam", familyName: lastName });
    const token = await localToken(shop.baseUrl, { username: email, password });
    const phone = `+1720${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
    expect((await callApi(shop.baseUrl, "POST", "/api/user/phone", { token, body: { phone } })).status).toBe(200);
    const code = await waitFor("the phone code", () => textsTo(shop.dataDir, phone).map((body) => /\b(\d{6})\b/.exec(body)?.[1]).find(Boolean));
    expect((await callApi(shop.baseUrl, "POST", "/api/user/phone/verify", { token, body: { code } })).status).toBe(200);
    expect((await callApi(shop.baseUrl, "POST", "/api/paddles", { token, body: { brand: "Selkirk", model: "Vanguard", nickname: "Green" } })).status).toBe(201);

    const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto("/login?signin=1");
      const signIn = page.getByRole("form", { name: "Customer sign-in" });
      await signIn.getByLabel("Email").fill(email);
      await signIn.getByLabel("Password").fill(password);
      await signIn.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/booking");
      await expect.poll(() => page.getByRole("radio", { name: /Green/ }).isChecked(), { timeout: 15_000 }).toBe(true);
      await choosePremiumRegrip(page);
      await page.getByLabel("I don't have a bag yet").check();
      await page.getByLabel("Special instructions").fill("Extra tacky");

      // The session goes bad (its ID token no longer accepted by the server), unseen by the page.
      await page.evaluate(`for (const key of Object.keys(localStorage).filter((k) => k.endsWith(".idToken"))) {
        const token = localStorage.getItem(key);
        localStorage.setItem(key, token.slice(0, -6) + (token.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA"));
      }`);
      await page.getByRole("button", { name: "Book Service" }).first().click();
      await page.getByRole("dialog", { name: "Confirm Your Booking" }).getByRole("button", { name: /^Confirm/ }).click();

      // Not 'Booking Failed / Unauthorized': asked to sign in again over the booking, which then goes through as
      // confirmed (the same request and key), without leaving the page or typing anything again.
      const again = page.getByRole("dialog", { name: "Sign in again to book" });
      await again.waitFor();
      expect(await page.getByText("Booking Failed").count()).toBe(0);
      expect(page.url()).toContain("/booking");
      const form = again.getByRole("form", { name: "Sign in again" });
      expect(await form.getByLabel("Email").inputValue()).toBe(email);
      await checkAtBothWidths(page, "sign in again to book", { shots });
      await form.getByLabel("Password").fill("Wrong-Pass1");
      await form.getByRole("button", { name: "Sign In" }).click();
      await again.getByRole("alert").waitFor();
      await form.getByLabel("Password").fill(password);
      await form.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname !== "/booking", { timeout: 20_000 });
    } finally {
      await context.close();
    }
  }, 120_000);

  it("a reload during the sign-up's code step finds the code step again; confirmed, the person signs in", async () => {
    const email = `reload-${randomUUID().slice(0, 8)}@regrip.test`;
    const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.goto("/login?signup=1");
      const form = page.getByRole("form", { name: "Create an account" });
      await form.getByLabel("First name").fill("Robin");
      await form.getByLabel("Last name").fill("Reload");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password").fill("Reload-Pass1");
      await form.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("form", { name: "Confirm your email" }).waitFor();
      const code = await waitFor("the sign-up code", () => emailedCodes(email, "Your Regrip confirmation code").at(-1));

      await page.reload();
      const confirm = page.getByRole("form", { name: "Confirm your email" });
      await confirm.getByText(email).waitFor();
      await checkAtBothWidths(page, "sign-up code step after a reload", { shots });
      await confirm.getByLabel("Confirmation code").fill(code);
      await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
      // The password is never kept on the device: confirmed, the person signs in with it.
      const confirmed = page.getByRole("group", { name: /is confirmed/ });
      await confirmed.waitFor();
      await checkAtBothWidths(page, "sign-up confirmed after a reload", { shots });
      await confirmed.getByRole("button", { name: "Sign In" }).click();
      const signIn = page.getByRole("form", { name: "Customer sign-in" });
      await signIn.getByLabel("Email").fill(email);
      await signIn.getByLabel("Password").fill("Reload-Pass1");
      await signIn.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/booking");
      expect(await page.evaluate("sessionStorage.getItem('regrip.sign-up-code')")).toBeNull();
    } finally {
      await context.close();
    }
  }, 120_000);
});
