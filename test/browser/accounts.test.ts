/**
 * Accounts as a customer meets them, in Chromium at 1280 and 390 px against `npm start` (cognito-local behind the
 * shop's `/cognito/` pass-through, codes in the email outbox):
 *
 * - the header's 'Sign Up' opens sign-up, and a weak password is refused with Cognito's message;
 * - a sign-up left before its code is finished later with a new code: from sign-in (which finds the account
 *   unconfirmed) and from signing up again with the same email;
 * - a wrong password and an unknown email get the same message;
 * - a protected page sends the visitor to sign in and back to that page;
 * - a signed-out page load asks the server who is signed in at most once, and logs no error.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { closeContexts, expectNoOverflow, workerBrowser, withPage, shop, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const phone = { viewport: { width: 390, height: 844 } };
const desktop = { viewport: { width: 1280, height: 900 } };

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The codes emailed to `email` (the local email outbox), oldest first. */
function codesTo(email: string): string[] {
  const file = join(shop.dataDir, "email-outbox.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; body: string })
    .filter((mail) => mail.to === email)
    .map((mail) => /\b(\d{6})\b/.exec(mail.body)?.[1] ?? "");
}

async function waitForCodes(email: string, count: number): Promise<string[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const codes = codesTo(email);
    if (codes.length >= count) return codes;
    if (Date.now() > until) throw new Error(`Timed out waiting for code ${count} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const newEmail = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1000)}@regrip.test`;

/** Opens sign-up from the header and fills it in; submitting is the caller's. */
async function fillSignUp(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("signup") === "1");
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Last name").fill("Dinks");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  return form;
}

async function openCustomerSignIn(page: Page, path = "/login") {
  if (path) await page.goto(path);
  await page.getByRole("button", { name: /^Sign in with/ }).click();
  return page.getByRole("form", { name: "Customer sign-in" });
}

describe("sign-up", () => {
  for (const options of [desktop, phone]) {
    const width = options.viewport.width;
    it(`opens from the header's Sign Up and refuses a weak password with Cognito's message, at ${width} px`, async () => {
      await withPage(browser, baseUrl, async (page) => {
        const email = newEmail("weak");
        const form = await fillSignUp(page, email, "Ab1x");
        await form.getByRole("button", { name: "Create Account" }).click();
        await form.getByText("Password did not conform with policy: Password not long enough").waitFor();
        expect(await form.getByText("At least 8 characters, with upper and lower case letters and a number.").isVisible()).toBe(true);
        await form.getByLabel("Password").fill("alllowercase1");
        await form.getByRole("button", { name: "Create Account" }).click();
        await form.getByText("Password did not conform with policy: Password must have uppercase characters").waitFor();
        // A space at the end passes the policy and cognito-local, but the cloud pool refuses it: so does the form.
        await form.getByLabel("Password").fill("Good-Pass1 ");
        await form.getByRole("button", { name: "Create Account" }).click();
        await form.getByText("Password can't start or end with a space.").waitFor();
        // Nothing reached the pool: no code went out.
        expect(codesTo(email)).toEqual([]);
        await expectNoOverflow(page, page.url());
      }, options);
    });
  }

  it("left before the code is finished later from sign-in with a new code, and lands where it was going (1280 px)", async () => {
    const email = newEmail("later");
    await withPage(browser, baseUrl, async (page) => {
      const form = await fillSignUp(page, email, "Later-Pass1");
      await form.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("form", { name: "Confirm your email" }).waitFor();
      await waitForCodes(email, 1);
      // The person closes the tab here.
    }, desktop);

    await withPage(browser, baseUrl, async (page) => {
      // Days later: My Grips asks for a sign-in, and the account turns out unconfirmed.
      await page.goto("/my-grips");
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("returnTo") === "/my-grips");
      const signIn = await openCustomerSignIn(page, "");
      await signIn.getByLabel("Email").fill(email);
      await signIn.getByLabel("Password").fill("Later-Pass1");
      await signIn.getByRole("button", { name: "Sign In" }).click();
      const confirm = page.getByRole("form", { name: "Confirm your email" });
      await confirm.getByText("Your account isn't confirmed yet.", { exact: false }).waitFor();
      await confirm.getByRole("button", { name: "Send a new code" }).click();
      await confirm.getByText(`We sent a new code to ${email}.`).waitFor();
      const codes = await waitForCodes(email, 2);
      await confirm.getByLabel("Confirmation code").fill(codes[1]);
      await confirm.getByRole("button", { name: "Confirm and Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/my-grips");
      await page.getByRole("banner").locator(".avatar").waitFor();
      expect(await page.getByRole("banner").locator(".avatar").innerText()).toBe("RD");
    }, desktop);
  });

  it("signing up again with an unconfirmed email offers a new code instead of 'User already exists' (390 px)", async () => {
    // A long address: the code step and the 'already exists' step name it, wrapped inside the phone's screen.
    const email = newEmail("again.after.a.long.weekend.at.the.courts");
    await withPage(browser, baseUrl, async (page) => {
      const form = await fillSignUp(page, email, "Again-Pass1");
      await form.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("form", { name: "Confirm your email" }).waitFor();
      await expectNoOverflow(page, "the code step");
      // Nothing above the code step folds it away.
      expect(await page.getByRole("button", { name: "Create an account" }).count()).toBe(0);
      await waitForCodes(email, 1);
    }, phone);

    await withPage(browser, baseUrl, async (page) => {
      const form = await fillSignUp(page, email, "Again-Pass1");
      await form.getByRole("button", { name: "Create Account" }).click();
      const exists = page.getByRole("group", { name: /already exists/ });
      await exists.waitFor();
      expect(await page.getByText("User already exists").count()).toBe(0);
      await expectNoOverflow(page, page.url());
      await exists.getByRole("button", { name: "Send a new code" }).click();
      const confirm = page.getByRole("form", { name: "Confirm your email" });
      await confirm.getByText(`We sent a new code to ${email}.`).waitFor();
      const codes = await waitForCodes(email, 2);
      await confirm.getByLabel("Confirmation code").fill(codes[1]);
      await confirm.getByRole("button", { name: "Confirm and Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/booking");
      await expectNoOverflow(page, page.url());
    }, phone);

    // Confirmed now: signing up a third time says so, and sends nothing more.
    await withPage(browser, baseUrl, async (page) => {
      const form = await fillSignUp(page, email, "Again-Pass1");
      await form.getByRole("button", { name: "Create Account" }).click();
      const exists = page.getByRole("group", { name: /already exists/ });
      await exists.getByRole("button", { name: "Send a new code" }).click();
      await exists.getByText("This account is already confirmed. Sign in with your email and password.").waitFor();
      expect(codesTo(email)).toHaveLength(2);
    }, phone);
  });
});

describe("sign-in", () => {
  for (const options of [desktop, phone]) {
    const width = options.viewport.width;
    it(`says the same for a wrong password and an unknown email, at ${width} px`, async () => {
      await withPage(browser, baseUrl, async (page) => {
        const form = await openCustomerSignIn(page);
        const messages: string[] = [];
        for (const [email, password] of [
          [seed.customer.username, "Wrong-Pass1"],
          [newEmail("nobody"), "Wrong-Pass1"],
        ]) {
          await form.getByLabel("Email").fill(email);
          await form.getByLabel("Password").fill(password);
          await form.getByRole("button", { name: "Sign In" }).click();
          const alert = form.getByRole("alert");
          await alert.waitFor();
          messages.push(await alert.innerText());
        }
        expect(messages).toEqual(["Incorrect email or password.", "Incorrect email or password."]);
        await expectNoOverflow(page, page.url());
      }, options);
    });
  }

  it("from a protected page returns to that page (and never to another site) at 390 px", async () => {
    await withPage(browser, baseUrl, async (page) => {
      await page.goto("/profile");
      await page.waitForURL((url) => url.pathname === "/login");
      expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/profile");
      const form = await openCustomerSignIn(page, "");
      await form.getByLabel("Email").fill(seed.customer.username);
      await form.getByLabel("Password").fill(seed.customer.password);
      await form.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/profile");
    }, phone);

    await withPage(browser, baseUrl, async (page) => {
      await page.goto(`/login?returnTo=${encodeURIComponent("//evil.example/steal")}`);
      const form = await openCustomerSignIn(page, "");
      await form.getByLabel("Email").fill(seed.customer.username);
      await form.getByLabel("Password").fill(seed.customer.password);
      await form.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/booking");
      expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    }, phone);
  });
});

describe("who is signed in", () => {
  it("a signed-out page load asks at most once and logs no error; a refused stored session is asked about once, then forgotten", async () => {
    await withPage(browser, baseUrl, async (page) => {
      let calls = 0;
      const errors: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/auth/user") calls++;
      });
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(String(error)));

      // A visitor with no session: nobody to ask about (the token is read from storage), and no error.
      for (const path of ["/", "/booking", "/login", "/terms"]) {
        calls = 0;
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(calls, path).toBe(0);
      }
      expect(errors).toEqual([]);

      // A stored session the server refuses (a token it cannot verify): one call, answered 401 and not logged
      // by the app; the session is then forgotten, so the next page asks nothing.
      const config = await page.evaluate<{ userPoolId: string; userPoolClientId: string }>('JSON.parse(document.getElementById("regrip-config").textContent)');
      const clientId: string = config.userPoolClientId;
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const claims = { sub: "gone", exp: Math.floor(Date.now() / 1000) + 3600, token_use: "id", aud: clientId, iss: `x/${config.userPoolId}` };
      const token = `${b64({ alg: "RS256", kid: "gone" })}.${b64(claims)}.c2ln`;
      const prefix = `CognitoIdentityServiceProvider.${clientId}`;
      await page.evaluate(
        `localStorage.setItem("${prefix}.LastAuthUser", "gone");` +
          `localStorage.setItem("${prefix}.gone.idToken", "${token}");` +
          `localStorage.setItem("${prefix}.gone.accessToken", "${token}");`,
      );
      calls = 0;
      errors.length = 0;
      await page.goto("/booking");
      await page.waitForLoadState("networkidle");
      expect(calls).toBe(1);
      // Chromium itself reports the 401 of that one call; the app logs nothing of its own.
      expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
      expect(await page.getByRole("banner").getByRole("button", { name: "Sign Up" }).isVisible()).toBe(true);
      expect(await page.evaluate(`localStorage.getItem("${prefix}.LastAuthUser")`)).toBeNull();

      calls = 0;
      errors.length = 0;
      await page.goto("/my-grips");
      await page.waitForURL((url) => url.pathname === "/login");
      await page.waitForLoadState("networkidle");
      expect(calls).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  it("a signed-in page load asks once", async () => {
    // Signed in from the start: what a sign-in leaves in storage (the form is this file's other tests' subject).
    await withSignedInPage(browser, baseUrl, seed.customer, async (page) => {
      let calls = 0;
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/auth/user") calls++;
      });
      for (const path of ["/booking", "/my-grips", "/profile"]) {
        calls = 0;
        await page.goto(path);
        await page.getByRole("banner").locator(".avatar").waitFor();
        await page.waitForLoadState("networkidle");
        expect(calls, path).toBe(1);
      }
    });
  });
});
