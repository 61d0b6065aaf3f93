/**
 * The customer's controls, in Chromium at 1280 and at 390 px wide, as Casey (the seeded customer):
 *
 * 1. Each paddle menu item: Paddle Story (its order, its bag), Free from Bag (refused while the order holds the
 *    bag; a paddle left in a bag is freed), Clone This Beauty (the add form filled, a copy's nickname), I No Longer
 *    Own This (asks first, then a toast).
 * 2. Pick Up on My Grips and Ready for Pickup! on the order page: the location's address and hours, the bag number,
 *    and a QR code decoded from the page's pixels (jsQR) back to the bag's status page URL (`/b/{slug}`, which opens the order for staff).
 * 3. Update Preferences in Shop Tools, then the booking page starts from them.
 * 4. Shop Tools' Orders tab shows the customer's own orders.
 * 5. Cancel from the order page within 24 hours of booking a paid order: confirmed, refunded in full.
 *
 * Every dialog and page is checked for horizontal overflow, and the dialogs and the preferences form with axe. Set SCREENSHOT_DIR to keep screenshots.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, expectAccessible, expectNoOverflow, fileBrowser, readQr, shop, visit, withSignedInPage, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const widths = [1280, 390] as const;

const browser = fileBrowser();
let customerToken = "";
let adminToken = "";

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);

async function tokenOf(account: { username: string; password: string }): Promise<string> {
  return localToken(baseUrl, account);
}

beforeAll(async () => {
  [customerToken, adminToken] = await Promise.all([tokenOf(seed.customer), tokenOf(seed.admin)]);
});

afterAll(async () => {
  // Casey's preferences are shared with the other browser tests' bookings: put them back.
  if (customerToken) await api("PUT", "/api/auth/user", { token: customerToken, body: { defaultPrefs: null } });
});

/**
 * A page signed in as Casey from the start (a stored session) at `width`, blank: the test opens its page (the staff
 * QR reader needs `bypassCSP` to add jsQR to the page).
 */
function asCustomer<T>(width: number, run: (page: Page) => Promise<T>) {
  return withSignedInPage(browser(), baseUrl, seed.customer, run, { viewport: { width, height: width < 500 ? 844 : 900 }, bypassCSP: true });
}

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** New bags made as an admin makes them: their codes and QR slugs. */
async function newBags(count: number): Promise<{ id: string; code3: string; qrSlug: string }[]> {
  const made = await api("POST", "/api/admin/bags/create", { token: adminToken, body: { count } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

async function newPaddle(nickname: string): Promise<string> {
  const made = await api("POST", "/api/paddles", { token: customerToken, body: { brand: "Selkirk", model: "Vanguard", nickname } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id;
}

async function bookInBag(paddleId: string, bagNumber: string): Promise<{ id: string; number: string }> {
  const booked = await api("POST", "/api/book-service", {
    token: customerToken,
    body: { paddleId, bagNumber, dropoffLocation: "LITTLETON", service: "sku-basic-overgrip-blue-tacky" },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body;
}

/** Puts a paddle straight into a bag without an order (a paddle left behind in one), in the shop's DynamoDB Local. */
async function leaveInBag(paddleId: string, bagId: string) {
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${shop.dynamoPort}`,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "regriplocal",
    AWS_SECRET_ACCESS_KEY: "regriplocal",
    TABLE_NAME: "regrip-local",
  });
  const { db } = await import("../../packages/core/src/db");
  const me = await api("GET", "/api/auth/user", { token: customerToken });
  await db().entities.paddle.patch({ userId: me.body.id, id: paddleId }).set({ bagId }).go();
}

const toast = (page: Page, title: string) => page.locator(".toast-title", { hasText: title }).waitFor();
const card = (page: Page, nickname: string) => page.getByRole("article", { name: nickname, exact: true });
async function menu(page: Page, nickname: string, item: string) {
  await card(page, nickname).getByRole("button", { name: `More actions for ${nickname}` }).click();
  await card(page, nickname).getByRole("menuitem", { name: item }).click();
}

describe.each(widths)("the customer's controls at %i px", (width) => {
  it("every paddle menu item does something real", async () => {
    const [inOrder, leftBehind] = await newBags(2);
    const nickname = `Story ${width}`;
    const paddleId = await newPaddle(nickname);
    const { id: orderId, number: orderNumber } = await bookInBag(paddleId, inOrder.code3);
    const spare = `Spare ${width}`;
    const spareId = await newPaddle(spare);
    await leaveInBag(spareId, leftBehind.id);

    await asCustomer(width, async (page) => {
      await page.goto("/my-grips");
      await card(page, nickname).waitFor();
      expect(await card(page, nickname).innerText()).toContain(`Bag #${inOrder.code3}`);

      // Paddle Story: its order with status and date, when it was added, its bag.
      await menu(page, nickname, "Paddle Story");
      const story = page.getByRole("dialog", { name: `${nickname}'s Story` });
      await story.getByRole("link", { name: `Order ${orderNumber} · Bag ${inOrder.code3}` }).waitFor();
      const storyText = await story.innerText();
      expect(storyText).toContain("Awaiting Payment");
      expect(storyText).toContain(`#${inOrder.code3}`);
      expect(storyText).toMatch(/Added\s+\w{3} \d{1,2}, \d{4}/i);
      expect(storyText).toMatch(/Booked \w{3} \d{1,2}, \d{4}/);
      await expectNoOverflow(page, "Paddle Story");
      await expectAccessible(page, "Paddle Story", ".dialog");
      await shot(page, `paddle-story-${width}`);
      await story.getByRole("button", { name: "Done" }).click();

      // Free from Bag, refused while the order holds the bag; the paddle stays in it.
      await menu(page, nickname, "Free from Bag");
      await toast(page, "Could Not Free Bag");
      expect(await page.locator(".toast").innerText()).toContain(`Bag ${inOrder.code3} still holds this paddle's open order ${orderNumber}`);
      expect(await card(page, nickname).innerText()).toContain("Active");

      // A paddle left in a bag no order holds is freed.
      await menu(page, spare, "Free from Bag");
      await toast(page, "Bag Freed");
      await card(page, spare).getByText("No Bag", { exact: true }).waitFor();

      // Clone This Beauty: the add form, filled, the nickname marked as a copy; a new paddle.
      await menu(page, nickname, "Clone This Beauty");
      const form = page.getByRole("dialog", { name: "Create a Paddle Profile" });
      expect(await form.getByLabel("Nickname *").inputValue()).toBe(`${nickname} (Copy)`);
      expect(await form.getByLabel("Brand *").inputValue()).toBe("Selkirk");
      expect(await form.getByLabel("Model").inputValue()).toBe("Vanguard");
      await expectNoOverflow(page, "Clone This Beauty");
      await form.getByRole("button", { name: "Add Paddle" }).click();
      await toast(page, "Paddle Added");
      await card(page, `${nickname} (Copy)`).waitFor();
      expect(await card(page, `${nickname} (Copy)`).innerText()).toContain("No Bag");

      // I No Longer Own This: asks first; Keep Paddle keeps it; confirmed, a toast and the card leaves.
      await menu(page, `${nickname} (Copy)`, "I No Longer Own This");
      const ask = page.getByRole("dialog", { name: "No Longer Own This Paddle?" });
      await ask.getByRole("button", { name: "Keep Paddle" }).click();
      expect(await card(page, `${nickname} (Copy)`).count()).toBe(1);
      await menu(page, `${nickname} (Copy)`, "I No Longer Own This");
      await expectNoOverflow(page, "I No Longer Own This");
      await expectAccessible(page, "I No Longer Own This", ".dialog");
      await shot(page, `no-longer-own-${width}`);
      await ask.getByRole("button", { name: "I No Longer Own This" }).click();
      await toast(page, "Paddle Removed");
      await card(page, `${nickname} (Copy)`).waitFor({ state: "detached" });
    });
    const paddles = (await api("GET", "/api/paddles", { token: customerToken })).body as { id: string; nickname: string; bagId: string | null }[];
    expect(paddles.find((p) => p.id === spareId)?.bagId).toBeNull();
    expect(paddles.find((p) => p.id === paddleId)?.bagId).toBe(inOrder.id);
    expect(paddles.some((p) => p.nickname === `${nickname} (Copy)`)).toBe(false);
    // Leave the shop as found: the order gives its bag back.
    expect((await api("POST", `/api/orders/${orderId}/status`, { token: customerToken, body: { status: "CANCELED" } })).status).toBe(200);
  });

  it("Pick Up and Ready for Pickup! show where, when, the bag and its QR", async () => {
    const [bag] = await newBags(1);
    const nickname = `Pickup ${width}`;
    const { id: orderId } = await bookInBag(await newPaddle(nickname), bag.code3);
    for (const status of ["IN_QUEUE", "IN_SERVICE", "READY"]) {
      expect((await api("POST", `/api/orders/${orderId}/status`, { token: adminToken, body: { status } })).status).toBe(200);
    }
    const bagPageUrl = `${baseUrl}/b/${bag.qrSlug}`;

    await asCustomer(width, async (page) => {
      await page.goto("/my-grips");
      const row = page.locator("tr", { hasText: nickname });
      await row.getByRole("button", { name: "Pick Up" }).click();
      const dialog = page.getByRole("dialog", { name: "Ready for Pickup!" });
      await dialog.locator(".pickup-qr").waitFor();
      const text = await dialog.innerText();
      expect(text).toContain("Regrip Littleton");
      expect(text).toContain("Littleton, CO");
      expect(text).toMatch(/Monday to Friday\s+10 am to 7 pm/);
      expect(text).toContain(`Bag #${bag.code3}`);
      expect(await readQr(page, ".pickup-qr")).toBe(bagPageUrl);
      await expectNoOverflow(page, "the pickup details on My Grips");
      await expectAccessible(page, "the pickup details on My Grips", ".dialog");
      await shot(page, `pickup-my-grips-${width}`);
      await dialog.getByRole("button", { name: "Done" }).click();

      await visit(page, `/orders/${orderId}`);
      await page.getByRole("button", { name: "Ready for Pickup!" }).click();
      await page.getByRole("dialog", { name: "Ready for Pickup!" }).locator(".pickup-qr").waitFor();
      expect(await readQr(page, ".pickup-qr")).toBe(bagPageUrl);
      await expectNoOverflow(page, "the pickup details on the order page");
      await shot(page, `pickup-order-${width}`);
    });
    // What the counter's scanner opens with that URL: this order, in that bag.
    const scanned = await api("GET", `/api/bags/${bag.qrSlug}`, { token: adminToken });
    expect(scanned.body.order.id).toBe(orderId);
    // Handed over at the counter once its balance is taken.
    const { totalCents } = scanned.body.order;
    expect((await api("POST", `/api/orders/${orderId}/payments`, { token: adminToken, body: { method: "POS_CASH", amountCents: totalCents } })).status).toBe(200);
    expect((await api("POST", `/api/orders/${orderId}/status`, { token: adminToken, body: { status: "PICKED_UP" } })).status).toBe(200);
  });

  it("Update Preferences, then booking starts from them; Shop Tools shows the real orders", async () => {
    await asCustomer(width, async (page) => {
      await page.goto("/shop-tools");
      await page.getByRole("tab", { name: "Grip Prefs" }).click();
      await page.getByRole("option", { name: "Premium Regrip" }).waitFor({ state: "attached" });
      await page.getByLabel("Preferred service").selectOption("Premium Regrip");
      await page.getByLabel("Grip color").selectOption("Teal");
      await page.getByLabel("Grip tack").selectOption("Tacky");
      await page.getByLabel("Drop-off location").selectOption("LITTLETON");
      await expectNoOverflow(page, "Grip Prefs");
      await expectAccessible(page, "Grip Prefs", "form[aria-label=\"Grip preferences\"]");
      await shot(page, `grip-prefs-${width}`);
      await page.getByRole("button", { name: "Update Preferences" }).click();
      await toast(page, "Preferences Saved");

      await page.getByRole("tab", { name: "Orders" }).click();
      const orders = page.getByRole("tabpanel");
      await orders.locator("table tbody tr").first().waitFor();
      expect(await orders.getByText("No orders yet").count()).toBe(0);
      const mine = (await api("GET", "/api/orders?limit=100", { token: customerToken })).body.orders.length;
      expect(await orders.innerText()).toContain(mine > 5 ? `of ${mine} orders` : "");
      await expectNoOverflow(page, "Shop Tools' orders");
      await shot(page, `shop-tools-orders-${width}`);

      await visit(page, "/booking");
      const premium = page.getByRole("button", { name: /Premium Regrip/ });
      await page.locator(".option-selected", { hasText: "Selected: Teal · Tacky" }).waitFor();
      expect(await premium.getAttribute("aria-pressed")).toBe("true");
      expect(await page.getByRole("radio", { name: /Regrip Littleton/ }).isChecked()).toBe(true);
      await expectNoOverflow(page, "booking with preferences");
    });
    const me = await api("GET", "/api/auth/user", { token: customerToken });
    expect(me.body.defaultPrefs).toEqual({ service: "Premium Regrip", color: "Teal", feel: "Tacky", location: "LITTLETON" });
    await api("PUT", "/api/auth/user", { token: customerToken, body: { defaultPrefs: null } });
  });

  it("cancels a paid order within 24 hours of booking from its page, refunded in full", async () => {
    const [bag] = await newBags(1);
    const { id: orderId } = await bookInBag(await newPaddle(`Cancel ${width}`), bag.code3);
    await asCustomer(width, async (page) => {
      // Paid on the local payment page, the stand-in for Stripe Checkout.
      const checkout = await api("POST", `/api/orders/${orderId}/checkout`, { token: customerToken });
      expect(checkout.status).toBe(200);
      await page.goto(checkout.body.url);
      await page.getByRole("button", { name: /^Pay \$/ }).click();
      // A checkout comes back to the order's own page.
      await page.waitForURL((url) => url.pathname === `/orders/${orderId}`);
      const paid = (await api("GET", `/api/orders/${orderId}`, { token: customerToken })).body;
      expect(paid).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid" });
      const total = `$${(paid.totalCents / 100).toFixed(2)}`;

      // Loaded again: the page reads the order as paid.
      await page.goto(`/orders/${orderId}`);
      await page.getByRole("heading", { name: "Need to cancel?" }).waitFor();
      await page.getByRole("button", { name: "Cancel Order" }).click();
      const confirm = page.getByRole("dialog", { name: "Cancel this order?" });
      expect(await confirm.innerText()).toContain(`Your payment of ${total} will be refunded in full to your card.`);
      await expectNoOverflow(page, "the cancel confirmation");
      await expectAccessible(page, "the cancel confirmation", ".dialog");
      await shot(page, `cancel-confirm-${width}`);
      await confirm.getByRole("button", { name: "Cancel Order" }).click();
      await toast(page, "Order Canceled");
      expect(await page.locator(".toast").innerText()).toContain(`Your payment of ${total} is being refunded to your card.`);
      await page.locator(".status-pill", { hasText: "Canceled" }).waitFor();
      expect(await page.getByText("Refunded", { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: "Cancel Order" }).count()).toBe(0);
      await shot(page, `canceled-${width}`);
    });
    const after = (await api("GET", `/api/orders/${orderId}`, { token: customerToken })).body;
    expect(after).toMatchObject({ status: "CANCELED", paymentStatus: "refunded" });
    expect(after.refundedAmountCents).toBe(after.totalCents);
  });
});
