import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, expectAccessible, fileBrowser, shop, signedInContext, visit, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const browser = fileBrowser();
let context: BrowserContext;
let page: Page;

// One tab for the file's tests, signed in as the employee from the start (a stored session), on the page where staff
// land after signing in.
beforeAll(async () => {
  context = await signedInContext(browser(), baseUrl, seed.employee, { viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
  page = await context.newPage();
  await page.goto("/storefront");
}, 120_000);

afterAll(async () => {
  await context?.close();
});

/**
 * Serious and critical axe findings on the page. Left out: the console frame's mobile toolbar (Cloudscape's
 * AppLayout below 689 px), which axe flags aria-allowed-attr on; that is the frame's, not these pages', and open.
 */
async function expectNoSeriousViolations(path: string) {
  // Colors read mid-transition (an alert fading in, the wizard going back to its first step) are neither the
  // before nor the after: axe reads the page once every animation and transition has ended.
  await expect.poll(() => page.evaluate<boolean>("document.getAnimations().every((animation) => animation.playState !== 'running')")).toBe(true);
  await expectAccessible(page, path, undefined, { exclude: '[class*="awsui_mobile-toolbar-nav"]' });
}

describe("the counter pages, as an employee on a phone-sized screen", { timeout: 120_000 }, () => {
  it("finds the seeded customer from 3 characters, creates a walk-in with the schema's messages under the fields, and opens their order", async () => {
    await page.getByRole("heading", { name: "Storefront", level: 1 }).waitFor();
    await expectNoSeriousViolations("/storefront");
    const search = page.getByLabel("Find a customer");
    await search.fill("ca");
    await page.getByText("Type at least 3 characters to search...").waitFor();
    await search.fill("cas");
    await page.getByRole("button", { name: "Select Casey Dink" }).waitFor();

    await search.fill("Robin Counter");
    await page.getByRole("button", { name: "Create New Customer" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Phone (optional)").fill("303555");
    await dialog.getByLabel("Email (optional)").fill("robin@");
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await dialog.getByText("Invalid phone number. Please enter a complete 10-digit phone number.").waitFor();
    await dialog.getByText("Invalid email").waitFor();
    await dialog.getByLabel("Phone (optional)").fill("3035550177");
    expect(await dialog.getByLabel("Phone (optional)").inputValue()).toBe("+1 (303) 555-0177");
    await dialog.getByLabel("Email (optional)").fill(`robin.${Date.now()}@example.com`);
    await dialog.getByRole("button", { name: "Create Customer" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/storefrontbooking/"));
    await page.getByRole("heading", { name: "Robin Counter", level: 1 }).waitFor();
    expect(await page.getByRole("button", { name: "Review Order" }).isDisabled()).toBe(true);
    await expectNoSeriousViolations("/storefrontbooking");
  });

  it("walks the quick sale's first steps: a customer, then the paddle's nickname is required", async () => {
    await visit(page, "/quick-sale");
    await page.getByLabel("Find a customer").fill("cas");
    await expectNoSeriousViolations("/quick-sale");
    await page.getByRole("button", { name: "Select Casey Dink" }).click();
    await page.getByLabel("Nickname").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Nickname is required").waitFor();
    await page.getByLabel("Nickname").fill("Big Red");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("checkbox", { name: /Standard Regrip \$45\.00/ }).check();
    // The employee's limit shows before it is exceeded: 20 % of $45.00 (the shop's default limit).
    await page.getByText("Up to $9.00 (20%) without an admin").waitFor();
    await page.getByLabel("Discount amount ($)").fill("50");
    await page.getByText("Total: $0.00").waitFor();
    // More than the limit (and the whole regrip, a comp): the wizard goes no further, in the server's words.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("An employee's discount is at most 20% of the subtotal ($9.00 here). Ask an admin for more.").waitFor();
    expect(await page.getByRole("button", { name: "Create Order & Take Payment" }).count()).toBe(0);
    await expectNoSeriousViolations("/quick-sale services");
  });

  it("adds up the quick sale at the catalogue's prices: an admin's new QS-REGRIP price is what the wizard shows and totals", async () => {
    const admin = await localToken(baseUrl, seed.admin);
    const skus = await callApi<{ id: string; code: string; unitAmountCents: number }[]>(baseUrl, "GET", "/api/admin/skus", { token: admin });
    const regrip = skus.body.find((sku) => sku.code === "QS-REGRIP")!;
    const setPrice = async (unitAmountCents: number) =>
      expect((await callApi(baseUrl, "PATCH", `/api/admin/skus/${regrip.id}`, { token: admin, body: { unitAmountCents } })).status).toBe(200);
    await setPrice(5250);
    try {
      // The same tab, loaded again: the sale the last test left half done comes back (sessionStorage), on its
      // Services step, and the catalogue is read anew (the new price).
      await page.goto("/quick-sale");
      expect(await page.getByRole("checkbox", { name: /Standard Regrip/ }).isChecked()).toBe(true);
      expect(await page.getByLabel("Discount amount ($)").inputValue()).toBe("50");
      await page.getByRole("button", { name: "Start Over" }).click();
      await page.getByLabel("Find a customer").fill("cas");
      await page.getByRole("button", { name: "Select Casey Dink" }).click();
      await page.getByLabel("Nickname").fill("Big Red");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("checkbox", { name: /Standard Regrip \$52\.50/ }).check();
      await page.getByRole("checkbox", { name: /Overgrip \$8\.00/ }).check();
      await page.getByText("Total: $60.50").waitFor();
      await page.getByLabel("Discount amount ($)").fill("0.50");
      await page.getByText("Total: $60.00").waitFor();
      expect(await page.getByText("$45.00").count()).toBe(0);
    } finally {
      // The demo catalogue as seeded, for the journeys that follow.
      await setPrice(regrip.unitAmountCents);
    }
  });

  it("keeps the sale through a reload in the middle, holds the bag typed, keeps the discount's notes, and lands on the order with the payment dialog open", async () => {
    const employee = await localToken(baseUrl, seed.employee);
    const made = await callApi<{ code3: string }[]>(baseUrl, "POST", "/api/admin/bags/create", { token: employee, body: { count: 1 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const bag = made.body[0]!.code3;

    await visit(page, "/quick-sale");
    // The last test's sale comes back in this tab: start a new one.
    await page.getByRole("button", { name: "Start Over" }).click();
    await page.getByLabel("Find a customer").fill("cas");
    await page.getByRole("button", { name: "Select Casey Dink" }).click();
    await page.getByLabel("Nickname").fill("Reload Rocket");
    await page.getByLabel(/Bag number/).fill("12");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Please enter a 3-digit bag number").waitFor();
    await page.getByLabel(/Bag number/).fill(bag);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("checkbox", { name: /Overgrip \$8\.00/ }).check();
    await page.getByLabel("Discount amount ($)").fill("1");
    await page.getByLabel("Discount notes (optional)").fill("Reload test regular");
    await page.getByText("Total: $7.00").waitFor();
    // The counter's shop, remembered on the device: it comes back after the reload, and the sale names it.
    await page.getByRole("button", { name: /Counter at/ }).click();
    await page.getByRole("option", { name: "Littleton" }).click();

    await page.reload();
    // Back on the Services step with everything as it was.
    await page.getByText("Total: $7.00").waitFor();
    expect(await page.getByRole("button", { name: /Counter at/ }).innerText()).toContain("Littleton");
    expect(await page.getByRole("checkbox", { name: /Overgrip/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Discount notes (optional)").inputValue()).toBe("Reload test regular");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Reload Rocket").waitFor();
    await page.getByText(bag, { exact: true }).waitFor();
    await page.screenshot({ path: "test-results/quick-sale-summary-390.png", fullPage: true }).catch(() => undefined);

    await page.getByRole("button", { name: "Create Order & Take Payment" }).click();
    // The sale lands on its order, the payment dialog (the pickup's) open on it; the order by its number.
    await page.waitForURL((url) => /^\/queue\/orders\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split("/").pop()!;
    const pay = page.getByRole("dialog", { name: /^Take payment: order R-\d{4,}$/ });
    await pay.getByText("Balance due: $7.00.").waitFor();
    const number = (await pay.getByRole("heading").first().innerText()).replace(/^Take payment: order /, "").trim();
    await expectNoSeriousViolations("/queue/orders/:id?pay=now");
    await page.screenshot({ path: "test-results/quick-sale-booked-390.png", fullPage: true }).catch(() => undefined);
    // Not now after all: the order waits with its balance (Take Payment is on its page).
    await pay.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => pay.count()).toBe(0);

    // A new sale starts afresh: the one booked is forgotten.
    await visit(page, "/quick-sale");
    await page.getByLabel("Find a customer").waitFor();

    // The order: in the bag typed, with the discount's notes, found in the queue's search by its reference.
    const order = await callApi(baseUrl, "GET", `/api/orders/${orderId}`, { token: employee });
    expect(order.body).toMatchObject({ number, bagNumber: bag, discountAmountCents: 100, staffDiscount: { notes: "Reload test regular" } });
    for (const q of [number, bag, orderId.slice(-6).toLowerCase()]) {
      const found = await callApi<{ items: { id: string }[] }>(baseUrl, "GET", `/api/admin/orders?q=${q}`, { token: employee });
      expect(found.body.items.map((item) => item.id), q).toContain(orderId);
    }
    await visit(page, "/queue");
    await page.getByPlaceholder("Search orders by number, name, email, phone or bag").fill(bag);
    await page.getByRole("link", { name: `Details of order ${number}` }).first().waitFor();
    // The staff order view shows the order's bill: the line, the staff discount with its notes, the total and what is due.
    await visit(page, `/queue/orders/${orderId}`);
    const bill = page.getByRole("table", { name: "Bill" });
    await bill.waitFor();
    const rows = (await bill.getByRole("row").allInnerTexts()).map((row) => row.replace(/\s+/g, " ").trim());
    expect(rows).toEqual([
      "Item Amount",
      "Overgrip $8.00",
      "Subtotal $8.00",
      "Staff discount Reload test regular −$1.00",
      "Total $7.00",
      "Balance due $7.00",
    ]);
    await expectNoSeriousViolations("/queue/orders/:id bill");
    // And on a computer's screen too (the tab is put back at the phone's size after).
    await checkAtBothWidths(page, "the staff order view's bill", { overflow: "page", exclude: '[class*="awsui_mobile-toolbar-nav"]' });
  });

  it("refuses a bag in use as it is typed, under the field, before Review: the quick sale's paddle step and the storefront's summary", async () => {
    const employee = await localToken(baseUrl, seed.employee);
    // A bag another open order holds: made, then taken by a sale.
    const made = await callApi<{ code3: string }[]>(baseUrl, "POST", "/api/admin/bags/create", { token: employee, body: { count: 1 } });
    const taken = made.body[0]!.code3;
    const walkIn = await callApi<{ id: string }>(baseUrl, "POST", "/api/admin/customers", {
      token: employee,
      body: { firstName: "Bag", lastName: `Holder${Date.now().toString(36)}`, phone: `720555${String(Date.now() % 10_000).padStart(4, "0")}` },
    });
    expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);
    const held = await callApi(baseUrl, "POST", "/api/book-service", {
      token: employee,
      headers: { "idempotency-key": crypto.randomUUID() },
      body: { customerId: walkIn.body.id, paddle: { nickname: "Holder" }, bagNumber: taken, services: ["overgrip"], payment: "counter" },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const refusal = `Bag ${taken} is in use by another open order`;

    await visit(page, "/quick-sale");
    await page.getByLabel("Find a customer").fill("cas");
    await page.getByRole("button", { name: "Select Casey Dink" }).click();
    await page.getByLabel("Nickname").fill("Typed Bag");
    await page.getByLabel(/Bag number/).fill(taken);
    await page.getByText(refusal).first().waitFor();
    await checkAtBothWidths(page, "the quick sale's bag refused as typed", { exclude: '[class*="awsui_mobile-toolbar-nav"]' });
    await page.getByRole("button", { name: "Next" }).click();
    // Still on the paddle step: the services are not shown.
    await page.getByText(refusal).first().waitFor();
    expect(await page.getByRole("checkbox", { name: /Standard Regrip/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Start Over" }).click();

    await visit(page, `/storefrontbooking/${walkIn.body.id}`);
    await page.getByRole("button", { name: /^Add Edge Tape/ }).first().click();
    const summary = page.getByRole("region", { name: "Order summary" });
    await summary.getByLabel("Bag number").fill(taken);
    await summary.getByText(refusal).first().waitFor();
    await page.getByLabel("Nickname").fill("Typed Bag");
    await summary.getByRole("button", { name: "Review Order" }).click();
    await page.getByText("Check the bag number").first().waitFor();
    expect(await page.getByRole("dialog", { name: "Review Order" }).count()).toBe(0);
    await checkAtBothWidths(page, "the storefront's bag refused as typed", { overflow: "page", exclude: '[class*="awsui_mobile-toolbar-nav"]' });
  });
});
