/**
 * The first admin of a stage, as they meet the shop: `npm run stage:setup` made their account with a temporary
 * password, and their first sign-in on /login's admin form asks for a password of their own (Cognito's
 * NEW_PASSWORD_REQUIRED, answered through Amplify's confirmSignIn), then sets up an authenticator app (staff sign in
 * with two steps: a QR code and its key, and the app's first code) before it lands them in the shop; every later
 * sign-in asks the app's code. The command runs with `--local` against the browser tests' shop, through the same
 * module as on a deployed stage. The codes are made from the key the page shows, as a phone's app makes them.
 */
import { spawnSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { totpCode } from "../../infra/local/authenticator";
import { repoRoot } from "../../infra/local/settings";
import { AUTHENTICATOR_CODE_REQUIRED, AUTHENTICATOR_CODE_WRONG } from "../../packages/core/src/shared/accounts";
import { closeContexts, callApi, checkAtBothWidths, expectAccessible, workerBrowser, withPage, shop } from "./browser";

const shots = join(repoRoot, ".local", "screenshots", "two-step");
/** A code that is not the one `secret` gives now. */
const wrongCode = (secret: string) => String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, "0");

const baseUrl = shop.baseUrl;
const username = `first-admin-${Date.now()}@shop.test`;
let temporary = "";
let browser: Browser;

/** `npm run stage:setup -- --local` against this shop; answers the temporary password it printed. */
function setUpAdmin(email: string, firstName?: string): string {
  const run = spawnSync("npm", ["run", "--silent", "stage:setup", "--", "--local", "--admin-email", email, ...(firstName ? ["--first-name", firstName] : [])], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: new URL(baseUrl).port,
      DYNAMODB_PORT: String(shop.dynamoPort),
      COGNITO_PORT: String(shop.cognitoPort),
      REGRIP_DATA_DIR: shop.dataDir,
    },
    encoding: "utf8",
    timeout: 90_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const password = /Temporary password: (\S+)/.exec(run.stdout)?.[1] ?? "";
  expect(password).not.toBe("");
  return password;
}

beforeAll(async () => {
  temporary = setUpAdmin(username, "Fran");
  browser = await workerBrowser();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe("an admin made by stage:setup", () => {
  it("chooses a password of their own at the first sign-in, checked as the pool checks it, and lands in the shop", async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto("/login");
      const signIn = page.getByRole("form", { name: "Admin sign-in" });
      await signIn.getByLabel("Username").fill(username);
      await signIn.getByLabel("Password").fill(temporary);
      await signIn.getByRole("button", { name: "Sign In" }).click();

      const form = page.getByRole("form", { name: "Choose a new password" });
      await form.waitFor();
      expect(await form.getByText(`Welcome, ${username}. Your account has a temporary password`).isVisible()).toBe(true);
      expect(await form.getByText("At least 8 characters, with upper and lower case letters and a number.").isVisible()).toBe(true);
      await expectAccessible(page, "the new-password form", "form[aria-label='Choose a new password']");

      // The pool's policy, in Cognito's words, before anything is sent; then two passwords that differ.
      await form.getByLabel("New password", { exact: true }).fill("lowercase1");
      await form.getByLabel("Repeat the new password").fill("lowercase1");
      await form.getByRole("button", { name: "Set Password and Sign In" }).click();
      expect(await form.getByRole("alert").textContent()).toBe("Password did not conform with policy: Password must have uppercase characters");
      await form.getByLabel("New password", { exact: true }).fill("FransOwn42");
      await form.getByLabel("Repeat the new password").fill("FransOwn43");
      await form.getByRole("button", { name: "Set Password and Sign In" }).click();
      expect(await form.getByRole("alert").textContent()).toBe("The two passwords are not the same.");

      await form.getByLabel("Repeat the new password").fill("FransOwn42");
      await form.getByRole("button", { name: "Set Password and Sign In" }).click();

      // Staff must have an authenticator app: the page sets one up before anything else.
      const setup = page.getByRole("form", { name: "Set up two-step sign-in" });
      await setup.waitFor();
      const key = (await setup.getByLabel("Key to enter by hand").textContent())!.replace(/\s+/g, "");
      expect(key).toMatch(/^[A-Z2-7]{16,}$/);
      await setup.locator(".authenticator-qr svg").waitFor();
      mkdirSync(shots, { recursive: true });
      await checkAtBothWidths(page, "authenticator setup", { shots });
      // A badly typed code is the form's to refuse; a wrong one the pool's; staff pages stay closed meanwhile.
      await setup.getByLabel("6-digit code").fill("12ab");
      await setup.getByRole("button", { name: "Turn On and Continue" }).click();
      expect(await setup.getByRole("alert").first().textContent()).toBe("Enter the 6-digit code from your authenticator app.");
      await setup.getByLabel("6-digit code").fill(wrongCode(key));
      await setup.getByRole("button", { name: "Turn On and Continue" }).click();
      await setup.getByText(AUTHENTICATOR_CODE_WRONG).waitFor();
      await setup.getByLabel("6-digit code").fill(totpCode(key));
      await setup.getByRole("button", { name: "Turn On and Continue" }).click();
      // An admin's first page, as for any staff sign-in.
      await page.waitForURL((url) => url.pathname === "/storefront");

      // Signed out and in again: the app's code is asked after the password.
      await page.goto("/logout");
      await page.waitForURL((url) => url.pathname !== "/logout");
      await page.goto("/login");
      const again = page.getByRole("form", { name: "Admin sign-in" });
      await again.getByLabel("Username").fill(username);
      await again.getByLabel("Password").fill("FransOwn42");
      await again.getByRole("button", { name: "Sign In" }).click();
      const step = page.getByRole("form", { name: "Two-step sign-in" });
      await step.waitFor();
      await checkAtBothWidths(page, "authenticator code", { shots });
      await step.getByLabel("6-digit code").fill(wrongCode(key));
      await step.getByRole("button", { name: "Verify and Sign In" }).click();
      await step.getByText(AUTHENTICATOR_CODE_WRONG).waitFor();
      await step.getByLabel("6-digit code").fill(totpCode(key));
      await step.getByRole("button", { name: "Verify and Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/storefront");

      // The new password is theirs now, with the app's code; the temporary one is gone.
      const noCode = await callApi(baseUrl, "POST", "/api/auth/local", { body: { username, password: "FransOwn42" } });
      expect(noCode).toMatchObject({ status: 401, body: { code: AUTHENTICATOR_CODE_REQUIRED } });
      const own = await callApi(baseUrl, "POST", "/api/auth/local", { body: { username, password: "FransOwn42", code: totpCode(key) } });
      expect(own.status).toBe(200);
      const me = await callApi(baseUrl, "GET", "/api/auth/user", { token: own.body.idToken });
      expect(me.body).toMatchObject({ firstName: "Fran", email: username, roles: expect.arrayContaining(["ADMIN"]), authenticator: true, authenticatorRequired: false });
    });
    const old = await callApi(baseUrl, "POST", "/api/auth/local", { body: { username, password: temporary } });
    expect(old).toEqual({ status: 401, body: { message: "Incorrect username or password." } });
  });

  it("can go back to the sign-in form from the new-password step", async () => {
    await withPage(browser, baseUrl, async (page) => {
      // A second admin, still on a temporary password, so the step comes up again.
      const second = `second-admin-${Date.now()}@shop.test`;
      const password = setUpAdmin(second);
      await page.goto("/login");
      const signIn = page.getByRole("form", { name: "Admin sign-in" });
      await signIn.getByLabel("Username").fill(second);
      await signIn.getByLabel("Password").fill(password);
      await signIn.getByRole("button", { name: "Sign In" }).click();
      const form = page.getByRole("form", { name: "Choose a new password" });
      await form.waitFor();
      await form.getByRole("button", { name: "Back to sign-in" }).click();
      await page.getByRole("form", { name: "Admin sign-in" }).waitFor();
      expect(await form.count()).toBe(0);
    });
  });
});
