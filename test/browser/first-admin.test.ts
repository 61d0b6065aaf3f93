/**
 * The first admin of a stage, as they meet the shop: `npm run stage:setup` made their account with a temporary
 * password, and their first sign-in on /login's admin form asks for a password of their own (Cognito's
 * NEW_PASSWORD_REQUIRED, answered through Amplify's confirmSignIn) before it lands them in the shop. The command
 * runs with `--local` against the browser tests' shop, through the same module as on a deployed stage.
 */
import { spawnSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../infra/local/settings";
import { closeContexts, callApi, expectAccessible, workerBrowser, withPage, shop } from "./browser";

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
      // An admin's first page, as for any staff sign-in.
      await page.waitForURL((url) => url.pathname === "/storefront");
    });

    // The new password is theirs now, and the temporary one is gone.
    const own = await callApi(baseUrl, "POST", "/api/auth/local", { body: { username, password: "FransOwn42" } });
    expect(own.status).toBe(200);
    const me = await callApi(baseUrl, "GET", "/api/auth/user", { token: own.body.idToken });
    expect(me.body).toMatchObject({ firstName: "Fran", email: username, roles: expect.arrayContaining(["ADMIN"]) });
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
