/**
 * A customer's two-step sign-in, in Chromium at 1280 and 390 px: turned on from the profile (a QR code and its key,
 * then the app's first code), asked at the next sign-in on /login, and turned off again. The app's codes are made
 * from the key the page shows, as a phone's app makes them. (Staff set theirs up on their first sign-in:
 * first-admin.test.ts.)
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { totpCode } from "../../infra/local/authenticator";
import { createLogin } from "../../infra/local/cognito";
import { repoRoot } from "../../infra/local/settings";
import { AUTHENTICATOR_CODE_REQUIRED, AUTHENTICATOR_CODE_WRONG } from "../../packages/core/src/shared/accounts";
import { callApi, checkAtBothWidths, fileBrowser, shop, signInThroughPage, withPage, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const browser = fileBrowser();
const shots = join(repoRoot, ".local", "screenshots", "two-step");

async function userPoolId(): Promise<string> {
  const html = await (await fetch(`${baseUrl}/login`)).text();
  return JSON.parse(/<script[^>]*id="regrip-config"[^>]*>([^<]*)<\/script>/.exec(html)![1]).userPoolId;
}

describe("a customer's two-step sign-in", () => {
  it("is turned on from the profile, asked at the next sign-in, and turned off again", async () => {
    const username = `two-step-${randomUUID().slice(0, 8)}@regrip.test`;
    const account = { username, password: "TwoSteps123" };
    await createLogin(shop.cognitoPort, await userPoolId(), { ...account, email: username, givenName: "Tess", familyName: "Twostep" });
    mkdirSync(shots, { recursive: true });

    let key = "";
    await withSignedInPage(browser(), baseUrl, account, async (page) => {
      await page.goto("/profile");
      const section = page.getByRole("region", { name: "Two-Step Sign-In" });
      await section.getByText("Add a second step to your sign-in").waitFor();
      await section.getByRole("button", { name: "Turn On" }).click();
      const setup = section.getByRole("form", { name: "Set up two-step sign-in" });
      key = (await setup.getByLabel("Key to enter by hand").textContent())!.replace(/\s+/g, "");
      await setup.locator(".authenticator-qr svg").waitFor();
      await checkAtBothWidths(page, "profile authenticator setup", { shots });
      // Cancel leaves it off; a second Turn On starts with a new key.
      await setup.getByRole("button", { name: "Cancel" }).click();
      await section.getByRole("button", { name: "Turn On" }).click();
      const fresh = (await setup.getByLabel("Key to enter by hand").textContent())!.replace(/\s+/g, "");
      expect(fresh).not.toBe(key);
      key = fresh;
      await setup.getByLabel("6-digit code").fill(String((Number(totpCode(key)) + 1) % 1_000_000).padStart(6, "0"));
      await setup.getByRole("button", { name: "Turn On" }).click();
      await setup.getByText(AUTHENTICATOR_CODE_WRONG).waitFor();
      await setup.getByLabel("6-digit code").fill(totpCode(key));
      await setup.getByRole("button", { name: "Turn On" }).click();
      await page.getByText("Two-step sign-in is on").first().waitFor();
      await section.getByText("Each time you sign in, Regrip asks for the code").waitFor();
      await checkAtBothWidths(page, "profile two-step on", { shots });
    });

    // The pool asks the code now: the API says so, and the sign-in page asks for it.
    expect((await callApi(baseUrl, "POST", "/api/auth/local", { body: account })).body.code).toBe(AUTHENTICATOR_CODE_REQUIRED);
    await withPage(browser(), baseUrl, async (page) => {
      await page.goto("/login");
      await page.getByRole("button", { name: /^Sign in with/ }).click();
      const form = page.getByRole("form", { name: "Customer sign-in" });
      await form.getByLabel("Email").fill(username);
      await form.getByLabel("Password").fill(account.password);
      await form.getByRole("button", { name: "Sign In" }).click();
      const step = page.getByRole("form", { name: "Two-step sign-in" });
      await step.getByLabel("6-digit code").fill(totpCode(key));
      await step.getByRole("button", { name: "Verify and Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/booking");

      await page.goto("/profile");
      const section = page.getByRole("region", { name: "Two-Step Sign-In" });
      await section.getByRole("button", { name: "Turn Off" }).click();
      await page.getByText("Two-step sign-in is off").first().waitFor();
      await section.getByRole("button", { name: "Turn On" }).waitFor();
    });

    // A password alone signs in again.
    expect((await callApi(baseUrl, "POST", "/api/auth/local", { body: account })).status).toBe(200);
    await withPage(browser(), baseUrl, (page) => signInThroughPage(page, account));
  });
});
