/**
 * The payment journey on one machine: a booking, paid on the local payment
 * page (the stand-in for Stripe Checkout, which posts a signed event to the
 * real webhook), the thank-you banner on My Grips, staff moving the order to
 * ready through the status call, then the customer's timeline and the SMS
 * outbox showing it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, launchBrowser, signInThroughPage } from "./browser";

const baseUrl = inject("baseUrl");
const { seed } = loadSettings();

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: baseUrl });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);

async function tokenOf(username: string, password: string): Promise<string> {
  const answer = await api("POST", "/api/auth/local", { body: { username, password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.idToken;
}

/**
 * A paddle of the customer: through POST /api/paddles, or, while that route
 * is not in this build, written straight to the shop's DynamoDB Local.
 */
async function paddleOf(token: string, userId: string): Promise<string> {
  const made = await api("POST", "/api/paddles", { token, body: { brand: "Selkirk", model: "Vanguard", nickname: "Old Faithful" } });
  if (made.status === 201) return made.body.id;
  expect(made.status, `POST /api/paddles: ${JSON.stringify(made.body)}`).toBe(404);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${inject("dynamoPort")}`,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "regriplocal",
    AWS_SECRET_ACCESS_KEY: "regriplocal",
    TABLE_NAME: "regrip-local",
  });
  const { db } = await import("../../packages/core/src/db");
  const { data } = await db().entities.paddle.create({ userId, brand: "Selkirk", model: "Vanguard", nickname: "Old Faithful" }).go();
  return data.id;
}

async function signInAsCustomer() {
  await signInThroughPage(page, seed.customer);
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("paying for a booking and following it to pickup", () => {
  it("books, pays on the local payment page, shows the thank-you banner, and shows staff's ready move on the timeline and in the outbox", async () => {
    const customerToken = await tokenOf(seed.customer.username, seed.customer.password);
    const me = await api("GET", "/api/auth/user", { token: customerToken });
    expect(me.status).toBe(200);
    const paddleId = await paddleOf(customerToken, me.body.id);

    const booked = await api("POST", "/api/book-service", {
      token: customerToken,
      headers: { "Idempotency-Key": `browser-payment-${Date.now()}` },
      body: { paddleId, bagNumber: "129", dropoffLocation: "LITTLETON", service: "sku-strip-and-grip-black-tacky" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.requiresPayment).toBe(true);
    const orderId: string = booked.body.id;
    const before = await api("GET", `/api/orders/${orderId}`, { token: customerToken });
    expect(before.body).toMatchObject({ status: "INVOICED", paymentStatus: "unpaid" });
    const total = money(before.body.totalCents);

    // The customer pays from their order page (Pay Now opens the checkout the server created).
    await signInAsCustomer();
    await page.goto(`/orders/${orderId}`);
    await page.getByRole("heading", { level: 1, name: /Order #/ }).waitFor();
    const payNow = page.getByRole("button", { name: "Pay Now" });
    if (await payNow.count()) {
      await payNow.click();
    } else {
      const checkout = await api("POST", `/api/orders/${orderId}/checkout`, { token: customerToken });
      expect(checkout.status).toBe(200);
      await page.goto(checkout.body.url);
    }
    await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
    await page.getByRole("heading", { level: 1, name: "Order 129" }).waitFor();
    expect(await page.getByTestId("total").innerText()).toBe(total);
    await page.getByRole("button", { name: `Pay ${total}` }).click();

    await page.waitForURL((url) => url.pathname === "/my-grips");
    const banner = page.getByText("Thank you for your payment!");
    await banner.waitFor();
    expect(await banner.isVisible()).toBe(true);

    const paid = await api("GET", `/api/orders/${orderId}`, { token: customerToken });
    expect(paid.body).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid", cardBrand: "visa", cardLast4: "4242" });

    // Staff take the bag through the shop with the status call.
    const adminToken = await tokenOf(seed.admin.username, seed.admin.password);
    for (const status of ["CHECKED_IN", "IN_QUEUE", "IN_SERVICE", "READY"]) {
      const moved = await api("POST", `/api/orders/${orderId}/status`, { token: adminToken, body: { status } });
      expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
    }

    // The customer's order page shows the order ready.
    await page.goto(`/orders/${orderId}`);
    const current = page.locator('.timeline li[aria-current="step"]');
    await current.waitFor();
    expect(await current.innerText()).toContain("Ready for Pickup");
    expect(await page.locator(".timeline li.done").count()).toBe(5);
    const history = (await api("GET", `/api/orders/${orderId}`, { token: customerToken })).body.statusHistory.map((h: { to: string }) => h.to);
    expect(history).toEqual(["INVOICED", "SCHEDULED", "CHECKED_IN", "IN_QUEUE", "IN_SERVICE", "READY"]);

    // And the text went to the customer's phone through the outbox.
    const outbox = join(inject("dataDir"), "outbox.jsonl");
    expect(existsSync(outbox)).toBe(true);
    const texts = readFileSync(outbox, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { to: string; body: string });
    const toCustomer = texts.filter((text) => text.to === seed.customer.phone);
    expect(toCustomer.some((text) => text.body.includes("ready for pickup at Regrip Littleton"))).toBe(true);
    expect(toCustomer.some((text) => text.body.includes("checked in"))).toBe(true);
  });
});
