/**
 * The admin's Promotions page in Chromium against a real shop (`npm start`):
 *
 * 1. An admin creates a promotion on /admin/promotions: the dialog shows the shared schema's message under the
 *    field, the server's refusal of a taken code, then 'Promotion Created' and the new row.
 * 2. A customer books with that code on /booking: the server prices the order with it.
 * 3. On a phone-sized screen the admin switches the code off: the customer's booking page refuses it at once;
 *    then deletes it behind the confirmation, and it leaves the list.
 *
 * The tests of this file run in order and hand on the code they made.
 */
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { bpsToPercentText, TAX_RATE_INVALID, TAX_RATE_TYPED_INVALID, type MoneySettings } from "../../packages/core/src/shared/money-settings";
import { bookingWithPromo, callApi, checkAtBothWidths, fileBrowser, shop, withSignedInPage, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
/** A page signed in as `account` from the start (a stored session), blank: the test opens its page. */
const withPage = <T>(account: { username: string; password: string }, run: (page: Page) => Promise<T>, viewport = { width: 1280, height: 900 }) =>
  withSignedInPage(browser(), baseUrl, account, run, { viewport });

async function tokenOf(account: { username: string; password: string }): Promise<string> {
  return localToken(baseUrl, account);
}

describe("the admin's promotions", () => {
  const code = `WEB${randomInt(100_000, 999_999)}`;

  it("an admin creates a promotion on the page, with the schema's and the server's messages on the way", async () => {
    await withPage(seed.admin, async (page) => {
      // Where staff land after signing in, then the console's navigation.
      await page.goto("/storefront");
      await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Promotions" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/promotions");
      await page.getByRole("heading", { name: "Promotions", level: 1 }).waitFor();
      await page.getByRole("row").filter({ hasText: "WELCOME10" }).waitFor();

      await page.getByRole("button", { name: "Create Promotion" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Create Promotion" });
      await dialog.getByRole("button", { name: "Create Promotion" }).click();
      await dialog.getByText("Code is required").waitFor();
      // Typed in lower case, shown upper-cased; no discount yet.
      await dialog.getByLabel("Code").fill("welcome10");
      expect(await dialog.getByLabel("Code").inputValue()).toBe("WELCOME10");
      await dialog.getByText("Either percentage or amount must be greater than 0").waitFor();
      await dialog.getByLabel("Percentage off").fill("101");
      await dialog.getByText("Percentage must be a whole number from 0 to 100").waitFor();
      await dialog.getByLabel("Percentage off").fill("20");
      // A code another promotion has: the server refuses it, in the form and as the spec's toast.
      await dialog.getByRole("button", { name: "Create Promotion" }).click();
      await page.getByText("Failed to create promotion").first().waitFor();
      await dialog.getByText("A promotion with this code already exists").first().waitFor();

      await dialog.getByLabel("Code").fill(code.toLowerCase());
      await dialog.getByRole("button", { name: "Create Promotion" }).click();
      await page.getByText("Promotion Created").waitFor();
      await dialog.waitFor({ state: "detached" });
      const row = page.getByRole("row").filter({ hasText: code });
      await row.waitFor();
      expect(await row.innerText()).toContain("20% off");
      expect(await row.getByRole("checkbox").isChecked()).toBe(true);
    });
  });

  it("a customer's booking then uses it: the server takes 20% off", async () => {
    const [customer, admin] = await Promise.all([tokenOf(seed.customer), tokenOf(seed.admin)]);
    const nickname = `Promo Paddle ${randomInt(1000, 9999)}`;
    const paddle = await api("POST", "/api/paddles", { token: customer, body: { brand: "Joola", nickname } });
    expect(paddle.status, JSON.stringify(paddle.body)).toBe(201);
    const bags = await api("POST", "/api/admin/bags/create", { token: admin, body: { count: 1 } });
    expect(bags.status).toBe(201);
    const bag = bags.body[0].code3 as string;

    await withPage(seed.customer, async (page) => {
      await bookingWithPromo(page, nickname, code);
      await page.getByText("Promo Applied!").waitFor();
      await page.getByLabel(/Bag number/).fill(bag);
      await page.getByRole("button", { name: "Book Service" }).click();
      await page.getByRole("dialog", { name: "Confirm Your Booking" }).getByRole("button", { name: "Confirm and Pay" }).click();
      await page.waitForURL((url) => url.pathname !== "/booking", { timeout: 20_000 });
    });

    const orders = await api("GET", "/api/orders?limit=20", { token: customer });
    const order = (orders.body.orders as { paddleId: string; promoCode: string; subtotalCents: number; discountAmountCents: number; totalCents: number }[]).find(
      (o) => o.paddleId === paddle.body.id,
    );
    expect(order).toBeDefined();
    expect(order!.promoCode).toBe(code);
    expect(order!.discountAmountCents).toBe(Math.floor((order!.subtotalCents * 20 + 50) / 100));
    expect(order!.totalCents).toBe(order!.subtotalCents - order!.discountAmountCents);
  });

  it("switched off on a phone-sized screen, the code is refused on the booking page at once; deleted after the confirmation, it leaves the list", async () => {
    const phone = { width: 390, height: 844 };
    // The admin's page stays open on the phone while the customer books in a page of their own.
    await withPage(
      seed.admin,
      async (page) => {
        await page.goto("/admin/promotions");
        const row = page.getByRole("row").filter({ hasText: code });
        await row.waitFor();
        await row.getByRole("checkbox").click();
        await page.getByText("Promotion Updated").waitFor();
        await row.getByText("Inactive").waitFor();

        const nickname = `Off Paddle ${randomInt(1000, 9999)}`;
        expect((await api("POST", "/api/paddles", { token: await tokenOf(seed.customer), body: { brand: "Joola", nickname } })).status).toBe(201);
        await withPage(seed.customer, async (booking) => {
          await bookingWithPromo(booking, nickname, code);
          await booking.getByText("This promo code is no longer active").waitFor();
        });

        await row.getByRole("button", { name: `Delete ${code}` }).click();
        const confirm = page.getByRole("dialog", { name: "Delete Promotion" });
        expect(await confirm.innerText()).toContain(code);
        await confirm.getByRole("button", { name: "Delete" }).click();
        await page.getByText("Promotion Deleted").waitFor();
        await row.waitFor({ state: "detached" });
      },
      phone,
    );
    expect((await api("GET", `/api/promotions/${code}`)).status).toBe(404);
  });
});

describe("the admin's Money settings", () => {
  it("shows the rates as percentages, refuses a bad rate under its field, saves a good one with a toast, at 1280 and 390 px", async () => {
    const admin = await tokenOf(seed.admin);
    const before = (await api<MoneySettings>("GET", "/api/admin/settings/money", { token: admin })).body;
    try {
      await withPage(seed.admin, async (page) => {
        await page.goto("/storefront");
        // Beside Promotions in the admin's navigation.
        await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Money settings" }).click();
        await page.waitForURL((url) => url.pathname === "/admin/settings/money");
        await page.getByRole("heading", { name: "Money settings", level: 1 }).waitFor();
        const onsite = page.getByLabel("Onsite days and deliveries (%)");
        expect(await onsite.inputValue()).toBe(bpsToPercentText(before.taxRateBps.ONSITE));
        expect(await page.getByLabel("Employee discount limit (%)").inputValue()).toBe(String(before.employeeDiscountLimitPercent));
        // Left out of axe: the console frame's mobile toolbar (Cloudscape's AppLayout below 689 px), which axe flags
        // aria-allowed-attr on; that is the frame's, not this page's (as the counter's tests leave it out).
        const frame = '[class*="awsui_mobile-toolbar-nav"]';
        await checkAtBothWidths(page, "the Money settings page", { overflow: "page", exclude: frame });

        // More than 2 decimals, then more than 20 %: each refused under its field, nothing saved.
        await onsite.fill("4.125");
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText(TAX_RATE_TYPED_INVALID).waitFor();
        await onsite.fill("25");
        await page.getByText(TAX_RATE_INVALID).waitFor();
        expect((await api<MoneySettings>("GET", "/api/admin/settings/money", { token: admin })).body).toEqual(before);
        await checkAtBothWidths(page, "the Money settings page with an error", { overflow: "page", exclude: frame });

        // A good rate (the onsite one, which no counter test reads): saved, the toast, and the server holds it.
        await onsite.fill("4.25");
        await page.getByRole("button", { name: "Save" }).click();
        await page.getByText("Money settings saved").first().waitFor();
        expect((await api<MoneySettings>("GET", "/api/admin/settings/money", { token: admin })).body.taxRateBps.ONSITE).toBe(425);
      });
    } finally {
      // The shop's settings as they were, for the files that follow.
      expect((await api("PUT", "/api/admin/settings/money", { token: admin, body: before })).status).toBe(200);
    }
  });
});
