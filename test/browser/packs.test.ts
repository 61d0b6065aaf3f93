/**
 * Packs of regrips, in Chromium against `npm start`: an admin creates a pack on the console's Packs page; a customer
 * buys it on Shop Tools' Packs tab (the local payment page's Pay), sees the balance, books a covered regrip with an
 * add-on (the summary names the pack and what is left; only the add-on is paid); staff see the balance on the order's
 * page. Every new screen is checked with axe at 1280 and 390 px, and for sideways overflow on the phone.
 * PACKS_SHOTS=<dir> keeps screenshots.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoProducts } from "../../infra/local/demo-shop";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, choosePremiumRegrip, fileBrowser, localToken, newVerifiedCustomer, shop, visit, waitFor, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const shots = process.env.PACKS_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const priceOf = (name: string, color?: string, feel?: string) =>
  demoProducts.find((sku) => sku.name === name && (!color || sku.color === color) && (!feel || sku.feel === feel))!.unitAmountCents;
const regripCents = priceOf("Premium Regrip", "Black", "Tacky");
const tapeCents = priceOf("Edge Tape");

const checkScreen = (page: Page, what: string, { selector, console = false }: { selector?: string; console?: boolean } = {}) =>
  checkAtBothWidths(page, what, { selector, exclude: '[class*="awsui_mobile-toolbar-nav"]', overflow: console ? "page" : "elements", shots });

describe("packs of regrips", { timeout: 180_000 }, () => {
  it("an admin creates a pack; a customer buys it on Shop Tools and books a covered regrip; staff see the balance", async () => {
    const name = `Pack ${Math.random().toString(36).slice(2, 7)}`;
    await withSignedInPage(browser(), baseUrl, seed.admin, async (page) => {
      await page.goto("/admin/packs");
      await page.getByRole("heading", { name: "Packs", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Create Pack" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Create Pack" });
      await dialog.getByRole("button", { name: "Create Pack" }).click();
      await dialog.getByText("Name is required").waitFor();
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByLabel("Regrips").fill("3");
      await dialog.getByLabel("Price ($)").fill("150");
      await dialog.getByText("Premium Regrip").click();
      await dialog.getByLabel("Good for (days)").fill("365");
      await checkScreen(page, "admin-packs-create", { console: true });
      await dialog.getByRole("button", { name: "Create Pack" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("row").filter({ hasText: name }).waitFor();
      await checkScreen(page, "admin-packs", { console: true });
    });

    const customer = await newVerifiedCustomer(browser(), { firstName: "Pat", lastNamePrefix: "Packer", nicknames: ["Pat's Paddle"] });
    const bags = await api<{ code3: string }[]>("POST", "/api/admin/bags/create", { token: await localToken(baseUrl, seed.employee), body: { count: 1 } });
    expect(bags.status, JSON.stringify(bags.body)).toBe(201);
    const bag = bags.body[0]!.code3;
    let orderId = "";
    await withSignedInPage(browser(), baseUrl, customer, async (page) => {
      await page.goto("/shop-tools?tab=packs");
      const panel = page.getByRole("tabpanel");
      const onSale = panel.getByRole("listitem").filter({ hasText: name });
      await onSale.getByText("$150.00").waitFor();
      expect(await page.getByTestId("pack-balance").innerText()).toContain("0 regrips left");
      await checkScreen(page, "shop-tools-packs-buy");
      await onSale.getByRole("button", { name: `Buy ${name} for $150.00` }).click();

      await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
      expect(await page.getByTestId("total").innerText()).toBe("$150.00");
      await checkScreen(page, "local-pay-pack");
      await page.getByRole("button", { name: "Pay $150.00" }).click();

      await page.waitForURL((url) => url.pathname === "/shop-tools");
      await page.getByText("Thanks! Your pack is paid.").waitFor();
      await panel.getByText("3 of 3 regrips left").waitFor();
      expect(await page.getByTestId("pack-balance").innerText()).toContain("3 regrips left");
      await checkScreen(page, "shop-tools-packs-bought");

      // A covered regrip with an edge tape: the core line is the pack's, and only the tape is paid.
      await visit(page, "/booking");
      await choosePremiumRegrip(page);
      await page.getByRole("button", { name: /Edge Tape/ }).first().click();
      await page.getByLabel(/Bag number/).fill(bag);
      const summary = page.locator(".booking-summary");
      await summary.getByText("Covered by your pack · 2 of 3 regrips left after this booking").waitFor();
      expect(await page.getByTestId("summary-total").innerText()).toBe(money(tapeCents));
      await checkScreen(page, "booking-pack-covered", { selector: ".booking-summary" });
      await summary.getByRole("button", { name: "Book Service" }).click();
      await page.getByRole("dialog", { name: "Confirm Your Booking" }).getByRole("button", { name: "Confirm and Pay" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
      expect(await page.getByTestId("total").innerText()).toBe(money(tapeCents));
      await page.getByRole("button", { name: `Pay ${money(tapeCents)}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
      orderId = new URL(page.url()).pathname.split("/").at(-1)!;
    });
    const order = await waitFor("the order paid", async () => {
      const answer = await api("GET", `/api/orders/${orderId}`, { token: customer.token });
      return answer.body.paymentStatus === "paid" ? answer.body : undefined;
    });
    expect(order).toMatchObject({ totalCents: tapeCents, coveredCents: regripCents });
    expect((await api("GET", "/api/packs/mine", { token: customer.token })).body).toMatchObject({ left: 2 });

    // Staff at the counter see the balance on the order's page.
    await withSignedInPage(browser(), baseUrl, seed.employee, async (page) => {
      await page.goto(`/queue/orders/${orderId}`);
      await page.getByText("Packs: 2 regrips left").waitFor();
    });
  });
});
