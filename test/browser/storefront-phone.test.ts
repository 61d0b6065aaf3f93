/**
 * The storefront at 390 px, from catalogue to invoice (issue: 32 flat cards, a quantity of 99 of 'Only 4 left'
 * accepted and then refused without naming the variant, the cart and Review 5,730 px down): an employee serves a
 * customer on a phone-sized screen, picks a product's color and feel on its one card, sees the sticky cart with its
 * Review button in view while scrolled down the catalogue, is refused more than the variant's stock (named), reviews
 * the sale with a new paddle, takes the payment now in cash and lands on the paid order.
 *
 * The product is made for this file (colors and feels of one name, at stocks it knows), and deleted after. The
 * employee starts signed in (a stored session, not /login) on the storefront.
 */
import { randomInt, randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { closeContexts, callApi, expectAccessible, workerBrowser, shop, textsTo, withSignedInPage, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);

const product = `Phone Grip ${randomUUID().slice(0, 6)}`;
const variants = [
  { color: "Black", feel: "Tacky", stockQuantity: 4 },
  { color: "Black", feel: "Dry", stockQuantity: 12 },
  { color: "Teal", feel: "Tacky", stockQuantity: 9 },
  { color: "Teal", feel: "Dry", stockQuantity: 0 },
];
const customer = { first: "Sam", last: `Phoneside${randomInt(10_000, 99_999)}`, phone: `+1303555${randomInt(1000, 9999)}` };

let browser: Browser;
let admin: string;
const made: string[] = [];

beforeAll(async () => {
  browser = await workerBrowser();
  admin = await localToken(baseUrl, seed.admin);
  for (const variant of variants) {
    const sku = await api("POST", "/api/admin/skus", {
      token: admin,
      body: { code: `PHONE-${randomUUID().slice(0, 8)}`, name: product, unitAmountCents: 1800, type: "ADD_ON", category: "OTHER", displayOrder: 9999, ...variant },
    });
    expect(sku.status, JSON.stringify(sku.body)).toBe(201);
    made.push(sku.body.id);
  }
}, 120_000);

afterAll(async () => {
  for (const id of made) await api("DELETE", `/api/admin/skus/${id}`, { token: admin });
  await closeContexts(browser);
});

/** Opens a Cloudscape select in `scope` and picks the option. */
async function pick(page: Page, scope: Locator, select: "Color" | "Feel", option: string) {
  await scope.getByRole("button", { name: new RegExp(select) }).click();
  await page.getByRole("option", { name: new RegExp(`^${option}`) }).click();
}

/** The element's box lies wholly inside the 390x844 viewport. */
async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= 844 && box.x + box.width <= 390;
}

describe("the storefront on a phone", () => {
  it("goes from catalogue to invoice at 390 px with the sticky cart, refusing more than the variant's stock by name", async () => {
    const created = await api("POST", "/api/admin/customers", { token: admin, body: { firstName: customer.first, lastName: customer.last, phone: customer.phone, email: "" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bags = await api("POST", "/api/admin/bags/create", { token: admin, body: { count: 1 } });
    expect(bags.status).toBe(201);
    const bag = bags.body[0].code3 as string;

    await withSignedInPage(
      browser,
      baseUrl,
      seed.employee,
      async (page) => {
        await page.goto("/storefront");
        await page.getByLabel("Find a customer").fill(customer.last);
        await page.getByRole("button", { name: `Select ${customer.first} ${customer.last}` }).click();
        await page.waitForURL((url) => url.pathname === `/storefrontbooking/${created.body.id}`);

        // One card for the product's four skus, with a color and a feel to choose.
        const card = page.getByRole("group", { name: product });
        await card.waitFor();
        expect(await page.getByRole("group", { name: product }).count()).toBe(1);
        await card.scrollIntoViewIfNeeded();
        await pick(page, card, "Color", "Black");
        await pick(page, card, "Feel", "Tacky");
        await card.getByText("Only 4 left").waitFor();
        const add = card.getByRole("button", { name: `Add ${product} (Black, Tacky)` });
        await add.click();

        // Scrolled down the catalogue, the cart and its Review button stay at the bottom of the screen.
        const bar = page.getByRole("region", { name: "Cart summary" });
        await bar.getByText("1 item").waitFor();
        await bar.getByText("$18.00").waitFor();
        expect(await page.evaluate<number>("window.scrollY")).toBeGreaterThan(300);
        const review = bar.getByRole("button", { name: "Review" });
        expect(await inViewport(review)).toBe(true);
        await page.mouse.wheel(0, -400);
        await expect.poll(() => inViewport(review)).toBe(true);
        // The summary's own Review Order is still far below: the bar is the way to it.
        expect(await inViewport(page.getByRole("button", { name: "Review Order" }))).toBe(false);

        // Four is all there is of Black Tacky: a fifth Add, and 99 typed in the cart, are refused by name.
        for (let i = 0; i < 3; i++) await add.click();
        await bar.getByText("4 items").waitFor();
        await add.click();
        await card.getByRole("alert").getByText(`Only 4 left of ${product} (Black, Tacky)`).waitFor();
        await bar.getByText("4 items").waitFor();

        // Review takes the employee to the summary: the bar goes, the cart and the bag number are there.
        await review.click();
        const summary = page.getByRole("region", { name: "Order summary" });
        const reviewOrder = summary.getByRole("button", { name: "Review Order" });
        await expect.poll(() => inViewport(reviewOrder)).toBe(true);
        await expect.poll(() => bar.count()).toBe(0);

        const quantity = summary.getByLabel(`Quantity of ${product} (Black, Tacky)`);
        expect(await quantity.getAttribute("max")).toBe("4");
        await quantity.fill("99");
        await summary.getByRole("alert").getByText(`Only 4 left of ${product} (Black, Tacky)`).waitFor();
        expect(await quantity.inputValue()).toBe("4");
        await quantity.fill("2");
        await expect.poll(() => summary.getByRole("alert").count()).toBe(0);

        // The console frame's mobile toolbar left out, as the other console journeys do (axe flags aria-allowed-attr on it).
        await expectAccessible(page, "the storefront's cart at 390 px", undefined, { exclude: '[class*="awsui_mobile-toolbar-nav"]' });

        await summary.getByLabel("Bag number").fill(bag);
        // The bag's check answers under the field: wait for it, as a person reads it, before going on.
        await summary.getByText(`Bag ${bag} is free`).waitFor();
        await page.getByPlaceholder("Big Red").fill("Phone Paddle");
        // Back up at the paddle the bar is there again; scrolled back down, it goes and Review Order stays where it is.
        await bar.waitFor();
        await reviewOrder.scrollIntoViewIfNeeded();
        const reached = await reviewOrder.boundingBox();
        await expect.poll(() => bar.count()).toBe(0);
        expect(await reviewOrder.boundingBox()).toEqual(reached);
        await reviewOrder.click();
        const dialog = page.getByRole("dialog", { name: "Review Order" });
        await dialog.getByText("$36.00").first().waitFor();
        // Taken now at the counter: the order page opens on the pickup's payment dialog.
        await dialog.getByRole("button", { name: "Create Order & Take Payment" }).click();
        await page.waitForURL((url) => url.pathname.startsWith("/queue/orders/"));
        const orderId = new URL(page.url()).pathname.split("/").pop()!;
        const pay = page.getByRole("dialog", { name: /^Take payment: order R-\d{4,}$/ });
        await pay.getByRole("radio", { name: /^Cash/ }).check();
        await pay.getByRole("button", { name: "Record $36.00" }).click();
        await page.getByText("Paid · Cash at the counter").waitFor();
        const order = await api("GET", `/api/orders/${orderId}`, { token: admin });
        expect(order.body).toMatchObject({ bagNumber: bag, totalCents: 3600, paymentStatus: "paid", paddle: { nickname: "Phone Paddle" } });
        expect(order.body.lineItems).toEqual([expect.objectContaining({ name: product, description: "Black · Tacky", quantity: 2 })]);
        // Paid at the counter: no payment link texted.
        expect(textsTo(shop.dataDir, customer.phone).filter((text) => text.includes("/local-pay/"))).toEqual([]);
      },
      { viewport: { width: 390, height: 844 } },
    );

    // The server's own refusal names the variant and what is left of it (2 of 4 are taken now).
    const refused = await api("POST", "/api/storefront/invoice", {
      token: admin,
      body: { customerId: created.body.id, bagNumber: bag, items: [{ id: made[0], quantity: 99 }], payment: "counter" },
    });
    expect(refused).toMatchObject({ status: 409, body: { message: `Only 2 left of ${product} (Black, Tacky)` } });
  }, 180_000);
});
