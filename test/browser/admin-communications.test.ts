/**
 * The admin's Communications page in Chromium against a real shop (`npm start`):
 *
 * 1. An admin sends a test text on /admin/communications: the shared schema's messages under the field first,
 *    then 'Test SMS Sent!', the text in the outbox and its row in the log.
 * 2. A small broadcast: customers found by the search (two who opted in on their profile), the walk-in who replied
 *    STOP (through the SMS webhook, signed as Twilio signs) marked and not choosable, 'Send SMS to 2 customer(s)?', 'Bulk SMS Sent! (Sent: 2, Failed: 0)',
 *    both texts in the outbox and in the log filtered by type; the page at 390 px; axe.
 * 3. An employee reads 'Access denied - Admin only'.
 */
import { randomInt, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { inboundTextPost } from "../../infra/local/sms-reply";
import { localTwilioAuthToken } from "../../infra/local/webhooks";
import { createLogin } from "../../infra/local/cognito";
import { callApi, checkAtBothWidths, doneLoading, fileBrowser, localToken, shop, textsTo, visit, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const dataDir = shop.dataDir;
const { seed } = loadSettings();
const shots = join(process.cwd(), ".local", "screenshots");

const browser = fileBrowser();
let adminToken: string;
/** The shop's user pool, as its page config says it (accounts are made there for customers who opt in themselves). */
let userPoolId: string;

beforeAll(async () => {
  adminToken = await localToken(baseUrl, seed.admin);
  mkdirSync(shots, { recursive: true });
  const login = await (await fetch(`${baseUrl}/login`)).text();
  userPoolId = JSON.parse(/<script[^>]*id="regrip-config"[^>]*>([^<]*)<\/script>/.exec(login)![1]).userPoolId;
});

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
/** A page signed in as `account` from the start (a stored session), blank: the test opens its page. */
const withPage = <T>(run: (page: Page) => Promise<T>, account = seed.admin) => withSignedInPage(browser(), baseUrl, account, run);
/** A US number no other test uses, as the shop stores it. */
const freshPhone = () => `+1720${randomInt(1_000_000, 9_999_999)}`;

/** Where staff land after signing in, loaded; then the console's navigation to Communications. */
async function openCommunications(page: Page) {
  await page.goto("/storefront");
  await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Communications" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/communications");
  await page.getByRole("heading", { name: "Communications Log", level: 1 }).waitFor();
}

describe("the admin's communications", () => {
  it("an admin sends a test text, with the schema's messages on the way, and the log shows it", async () => {
    const phone = freshPhone();
    await withPage(async (page) => {
      await openCommunications(page);
      const form = page.getByRole("form", { name: "Test SMS" });
      // The sample text is there to start from.
      expect(await form.getByLabel("Message").inputValue()).toContain("test message");
      await form.getByRole("button", { name: "Send Test SMS" }).click();
      await form.getByText("Please provide both phone number and message").waitFor();
      await form.getByLabel("Phone number").fill("3035550100");
      await form.getByRole("button", { name: "Send Test SMS" }).click();
      await form.getByText("Please use E.164 format (e.g., +12345678901)").waitFor();
      await form.getByLabel("Phone number").fill(phone);
      await form.getByRole("button", { name: "Send Test SMS" }).click();
      await page.getByText("Test SMS Sent!").first().waitFor();
      expect(textsTo(dataDir, phone)).toHaveLength(1);
      const log = page.getByRole("table", { name: "Communications log" });
      const shown = phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, "+1 ($1) $2-$3");
      await log.getByRole("row").filter({ hasText: shown }).filter({ hasText: "Test" }).first().waitFor().catch(async (error: unknown) => {
        await page.screenshot({ path: join(shots, "communications-test-sms-failed.png"), fullPage: true });
        throw error;
      });
    });
  }, 90_000);

  it("a small broadcast skips the customer who replied STOP, asks first, and the log shows both texts", async () => {
    const family = `Zz${randomUUID().replace(/[\d-]/g, "").slice(0, 7)}`;
    const people: { id: string; phone: string }[] = [];
    // Ada and Bo have accounts and opted in to promotional texts on their profile (the consent recorded there).
    for (const first of ["Ada", "Bo"]) {
      const phone = freshPhone();
      const username = `${first.toLowerCase()}.${family.toLowerCase()}@regrip.test`;
      const password = "BroadcastPass123";
      await createLogin(shop.cognitoPort, userPoolId, { username, password, email: username, givenName: first, familyName: family });
      const token = await localToken(baseUrl, { username, password });
      const opted = await api("PUT", "/api/auth/user", { token, body: { firstName: first, lastName: family, phone, smsPromotions: true } });
      expect(opted.status, JSON.stringify(opted.body)).toBe(200);
      people.push({ id: opted.body.id, phone });
    }
    // Cy is a walk-in staff made at the counter: never opted in.
    {
      const phone = freshPhone();
      const made = await api("POST", "/api/admin/customers", {
        token: adminToken,
        body: { firstName: "Cy", lastName: family, email: `cy.${family.toLowerCase()}@regrip.test`, phone },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      people.push({ ...made.body, phone });
    }
    // Cy texts STOP to the shop, as Twilio would post it.
    const webhook = `${baseUrl}/webhooks/sms`;
    const signed = inboundTextPost(webhook, process.env.TWILIO_AUTH_TOKEN || localTwilioAuthToken, people[2].phone, "STOP");
    const answer = await fetch(webhook, { method: "POST", headers: signed.headers, body: signed.body });
    expect(answer.status, await answer.text()).toBe(200);

    await withPage(async (page) => {
      await openCommunications(page);
      const form = page.getByRole("form", { name: "Bulk SMS Broadcast" });
      await form.getByRole("button", { name: "Send Bulk SMS" }).click();
      await form.getByText("Please select at least one customer").waitFor();
      await form.getByRole("button", { name: "Customers" }).click();
      await page.getByPlaceholder("Search customers").fill(family.toLowerCase());
      const stopped = page.getByRole("option", { name: new RegExp(`Cy ${family}`) });
      await stopped.waitFor();
      expect(await stopped.getAttribute("aria-disabled")).toBe("true");
      await page.getByText("Replied STOP").first().waitFor();
      await page.getByRole("option", { name: new RegExp(`Ada ${family}`) }).click();
      await page.getByRole("option", { name: new RegExp(`Bo ${family}`) }).click();
      await page.keyboard.press("Escape");
      await form.getByText("2 selected").waitFor();
      await form.getByRole("button", { name: "Send Bulk SMS" }).click();
      await form.getByText("Please enter a message to send").waitFor();
      await form.getByLabel("Message").fill("Regrip: free edge guards this week!");
      await form.getByRole("button", { name: "Send Bulk SMS" }).click();
      const confirm = page.getByRole("dialog", { name: "Send Bulk SMS" });
      await confirm.getByText("Send SMS to 2 customer(s)?").waitFor();
      await page.screenshot({ path: join(shots, "communications-confirm-1280.png") });
      await confirm.getByRole("button", { name: "Send", exact: true }).click();
      await page.getByText("Bulk SMS Sent! (Sent: 2, Failed: 0)").first().waitFor();
      // Every promotional text ends with how to opt out.
      expect(textsTo(dataDir, people[0].phone)).toEqual(["Regrip: free edge guards this week! Reply STOP to opt out"]);
      expect(textsTo(dataDir, people[1].phone)).toEqual(["Regrip: free edge guards this week! Reply STOP to opt out"]);
      expect(textsTo(dataDir, people[2].phone)).toEqual([]);

      // The log reads itself again after the send: the filter is chosen once the broadcasts are in it (a dropdown
      // opened while the rows arrive moves with them, and the click can miss its option).
      const log = page.getByRole("table", { name: "Communications log" });
      await log.getByRole("row").filter({ hasText: "free edge guards" }).nth(1).waitFor();
      await doneLoading(page);
      const byType = page.getByRole("button", { name: "Filter by type" });
      await byType.click();
      await page.getByRole("option", { name: "Broadcast", exact: true }).click();
      await expect.poll(() => byType.innerText()).toContain("Broadcast");
      await log.getByRole("row").filter({ hasText: "free edge guards" }).nth(1).waitFor();
      // Only broadcasts: the test text sent above is filtered out once the filtered page comes back (the broadcasts'
      // rows were there before it; the browser project's polls wait up to 10 s for such an answer).
      await expect.poll(() => log.getByRole("row").filter({ hasText: "test message" }).count()).toBe(0);
      await doneLoading(page);
      // axe at 1280 and 390 px on this page, resized (a screenshot of each). Left out of axe, as counter.test.ts
      // does: the console frame's mobile toolbar (Cloudscape's AppLayout below 689 px), which axe flags
      // aria-allowed-attr on; the frame's, not this page's. On the phone nothing is wider than the screen: the page
      // scrolls down, not sideways (the table scrolls in its own box).
      await checkAtBothWidths(page, "communications", { exclude: '[class*="awsui_mobile-toolbar-nav"]', overflow: "page", shots });
    });
  }, 120_000);

  it("lists every customer with a phone, not only the first page of 20: the list goes on as the admin scrolls", async () => {
    // 22 new customers: the newest first, so the first page of 20 holds none of the shop's older ones.
    const family = `Yy${randomUUID().replace(/[\d-]/g, "").slice(0, 7)}`;
    for (let n = 0; n < 22; n++) {
      const made = await api("POST", "/api/admin/customers", {
        token: adminToken,
        body: { firstName: `P${n}`, lastName: family, email: "", phone: freshPhone() },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const everyone: string[] = [];
    for (let cursor: string | null = null, pages = 0; pages < 50; pages++) {
      const page: { status: number; body: { items: { id: string }[]; cursor: string | null } } = await api("GET", `/api/admin/users?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: adminToken });
      everyone.push(...page.body.items.map((user) => user.id));
      cursor = page.body.cursor;
      if (!cursor) break;
    }
    expect(everyone.length).toBeGreaterThan(22);

    await withPage(async (page) => {
      await openCommunications(page);
      const form = page.getByRole("form", { name: "Bulk SMS Broadcast" });
      await form.getByRole("button", { name: "Customers" }).click();
      const options = page.getByRole("option");
      await options.first().waitFor();
      // Scrolled to the end of the list, the next page loads, until every customer with a phone is there.
      await expect
        .poll(
          async () => {
            await options.last().scrollIntoViewIfNeeded();
            return options.count();
          },
          { timeout: 20_000 },
        )
        .toBe(everyone.length);
    });
  }, 90_000);

  it("an employee reads 'Access denied - Admin only'", async () => {
    await withPage(async (page) => {
      await page.goto("/storefront");
      // Not in the employee's navigation; reached by its address, the page says why.
      const nav = page.getByRole("navigation", { name: "Console navigation" });
      await nav.getByRole("link", { name: "Service Queue" }).waitFor();
      expect(await nav.getByRole("link", { name: "Communications" }).count()).toBe(0);
      await visit(page, "/admin/communications");
      await page.getByText("Access denied - Admin only").waitFor();
      expect(await page.getByRole("form", { name: "Test SMS" }).count()).toBe(0);
    }, seed.employee);
  }, 60_000);
});
