/**
 * The payment journey on one machine: a booking, paid on the local payment
 * page (the stand-in for Stripe Checkout, which posts a signed event to the
 * real webhook), back on the order's page saying it is paid, the thank-you
 * banner on My Grips, staff moving the order to ready through the status
 * call, then the customer's timeline and the SMS outbox showing it. And a
 * declined card, then one left unpaid: the order page tells each, and its
 * Pay Now pays (at 390 and 1280 px). While unpaid, the order page and the
 * payment page state the hold's real deadline ("Pay by 10:53 am today, or the
 * booking is released"), checked with axe. And one bill everywhere: a booking with a promotion and points shows the
 * same promotion, points and total on the booking summary, the payment page, the order page, and in the confirmation
 * and receipt, texted and emailed (read on the outbox page of this machine, /local/outbox).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { holdDeadline } from "../../packages/core/src/shared/unpaid-hold";
import type { Bill } from "../../packages/core/src/shared/bill";
import { billAmount, billLineRows, billTotalRows, type BillRow } from "../../packages/core/src/shared/bill-rows";
import { bookingWithPromo, callApi, checkAtBothWidths, expectAccessible, fileBrowser, settled, shop, visit, withSignedInPage, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);

async function tokenOf(username: string, password: string): Promise<string> {
  return localToken(baseUrl, { username, password });
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
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${shop.dynamoPort}`,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "regriplocal",
    AWS_SECRET_ACCESS_KEY: "regriplocal",
    TABLE_NAME: "regrip-local",
  });
  const { db } = await import("../../packages/core/src/db");
  const { data } = await db().entities.paddle.create({ userId, brand: "Selkirk", model: "Vanguard", nickname: "Old Faithful" }).go();
  return data.id;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("paying for a booking and following it to pickup", () => {
  it("books, pays on the local payment page, shows the thank-you banner, and shows staff's ready move on the timeline and in the outbox", async () => {
    const customerToken = await tokenOf(seed.customer.username, seed.customer.password);
    const me = await api("GET", "/api/auth/user", { token: customerToken });
    expect(me.status).toBe(200);
    const paddleId = await paddleOf(customerToken, me.body.id);
    // 100 points to spend, and a promotion: the bill names both, the same on the payment page and the order page.
    const adminToken = await tokenOf(seed.admin.username, seed.admin.password);
    const granted = await api("POST", `/api/admin/loyalty/${me.body.id}/adjust`, { token: adminToken, body: { points: 100, reason: "Payment journey" } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);

    const booked = await api("POST", "/api/book-service", {
      token: customerToken,
      headers: { "Idempotency-Key": `browser-payment-${Date.now()}` },
      body: { paddleId, bagNumber: "129", dropoffLocation: "LITTLETON", service: "sku-strip-and-grip-black-tacky", promoCode: "WELCOME10", redeemPoints: 100 },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.requiresPayment).toBe(true);
    const orderId: string = booked.body.id;
    const before = await api("GET", `/api/orders/${orderId}`, { token: customerToken });
    expect(before.body).toMatchObject({ status: "INVOICED", paymentStatus: "unpaid" });
    const total = money(before.body.totalCents);
    // The bill's rows as every surface shows them (shared/bill-rows.ts), from the order's own bill.
    const bill: Bill = before.body.bill;
    expect(bill.discounts.map((discount) => discount.label)).toEqual(["Promotion WELCOME10"]);
    expect(bill.pointsRedeemed).toBe(100);
    const row = (r: BillRow) => `${r.label}${r.detail ? ` ${r.detail}` : ""} ${billAmount(r)}`;
    const billRows = [...billLineRows(bill), ...billTotalRows(bill)].map(row);
    expect(billRows).toEqual(expect.arrayContaining([`100 points −${money(bill.pointsCents)}`, `Total ${total}`]));
    const normalized = (rows: string[]) => rows.map((text) => text.replace(/\s+/g, " ").trim());

    // The customer, signed in (a stored session), pays from their order page (Pay Now opens the checkout the server
    // created).
    await withSignedInPage(browser(), baseUrl, seed.customer, async (page) => {
      await page.goto(`/orders/${orderId}`);
      await page.getByRole("heading", { level: 1, name: `Order ${booked.body.number} · Bag 129`, exact: true }).waitFor();
      const payNow = page.getByRole("button", { name: "Pay Now" });
      if (await payNow.count()) {
        await payNow.click();
      } else {
        const checkout = await api("POST", `/api/orders/${orderId}/checkout`, { token: customerToken });
        expect(checkout.status).toBe(200);
        await page.goto(checkout.body.url);
      }
      await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
      await page.getByRole("heading", { level: 1, name: `Order ${booked.body.number} · Bag 129`, exact: true }).waitFor();
      expect(await page.getByTestId("total").innerText()).toBe(total);
      const payRows = normalized(await page.getByRole("table", { name: "Order summary" }).locator("tr").allInnerTexts());
      expect(payRows).toEqual([...billRows, `Balance due ${total}`]);
      await checkAtBothWidths(page, "the payment page");
      await page.getByRole("button", { name: `Pay ${total}` }).click();

      // Back on the order's own page, which says it is paid (once the webhook has landed), then My Grips thanks.
      await page.waitForURL((url) => url.pathname === `/orders/${orderId}`);
      await page.getByRole("heading", { name: "Payment received" }).waitFor();
      // The order page's bill: the same lines and amounts, then the card payment and nothing due.
      const summary = page.getByRole("region", { name: "Order Summary" }).getByTestId("bill");
      const orderRows = normalized([...(await summary.locator("li").allInnerTexts()), ...(await summary.locator("dl").first().locator("div").allInnerTexts())]);
      expect(orderRows).toEqual(billRows);
      expect(normalized(await summary.locator("dl").nth(1).locator("div").allInnerTexts())).toEqual([expect.stringMatching(new RegExp(`^Card online .+ \\${total}$`)), "Balance due $0.00"]);
      await checkAtBothWidths(page, "the order page's bill");
      expect(new URL(page.url()).search).toBe("");
      await visit(page, "/my-grips");
      const banner = page.getByText("Thank you for your payment!");
      await banner.waitFor();
      expect(await banner.isVisible()).toBe(true);

      const paid = await api("GET", `/api/orders/${orderId}`, { token: customerToken });
      expect(paid.body).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid", cardBrand: "visa", cardLast4: "4242" });

      // Staff take the bag through the shop with the status call.
      for (const status of ["CHECKED_IN", "IN_QUEUE", "IN_SERVICE", "READY"]) {
        const moved = await api("POST", `/api/orders/${orderId}/status`, { token: adminToken, body: { status } });
        expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
      }

      // The customer's order page shows the order ready: it reads the order again each time it opens, showing what it
      // held until the answer comes, so the ready step is waited for.
      await visit(page, `/orders/${orderId}`);
      const current = page.locator('.timeline li[aria-current="step"]');
      await current.filter({ hasText: "Ready for Pickup" }).waitFor();
      expect(await current.innerText()).toContain("Ready for Pickup");
      expect(await page.locator(".timeline li.done").count()).toBe(5);
    });
    const history = (await api("GET", `/api/orders/${orderId}`, { token: customerToken })).body.statusHistory.map((h: { to: string }) => h.to);
    expect(history).toEqual(["INVOICED", "SCHEDULED", "CHECKED_IN", "IN_QUEUE", "IN_SERVICE", "READY"]);

    // And the text went to the customer's phone through the outbox.
    const outbox = join(shop.dataDir, "outbox.jsonl");
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

describe("one bill from the booking summary to the order page", () => {
  it("a booking with a promotion and points shows the same lines, amounts and total on the booking summary, the payment page, the order page, and the confirmation and receipt texts and emails", async () => {
    const [customerToken, adminToken] = await Promise.all([tokenOf(seed.customer.username, seed.customer.password), tokenOf(seed.admin.username, seed.admin.password)]);
    const me = await api("GET", "/api/auth/user", { token: customerToken });
    const nickname = `Bill Paddle ${Date.now().toString(36)}`;
    const paddle = await api("POST", "/api/paddles", { token: customerToken, body: { brand: "Joola", nickname } });
    expect(paddle.status, JSON.stringify(paddle.body)).toBe(201);
    const granted = await api("POST", `/api/admin/loyalty/${me.body.id}/adjust`, { token: adminToken, body: { points: 100, reason: "Bill journey" } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const bags = await api("POST", "/api/admin/bags/create", { token: adminToken, body: { count: 1 } });
    expect(bags.status).toBe(201);
    const bag = bags.body[0].code3 as string;
    const normalized = (rows: string[]) => rows.map((text) => text.replace(/\s+/g, " ").trim());

    await withSignedInPage(browser(), baseUrl, seed.customer, async (page) => {
      // The booking summary: Premium Regrip (Black, Tacky), WELCOME10 and 100 points.
      await bookingWithPromo(page, nickname, "WELCOME10");
      await page.getByText("Promo Applied!").waitFor();
      await page.getByLabel("Use points").selectOption("100");
      await page.getByText("Points (100)").first().waitFor();
      const total = await page.getByTestId("summary-total").innerText();
      const summary = await page.locator(".summary-totals").first().innerText();
      const discount = /Discount \(WELCOME10\)\s*-(\$[\d.,]+)/.exec(summary)![1]!;
      expect(summary).toMatch(/Points \(100\)\s*-\$10\.00/);

      await page.getByLabel(/Bag number/).fill(bag);
      await page.getByRole("button", { name: "Book Service" }).click();
      await page.getByRole("dialog", { name: "Confirm Your Booking" }).getByRole("button", { name: "Confirm and Pay" }).click();

      // The payment page: the same promotion, points and total, from the order's bill.
      await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"), { timeout: 20_000 });
      expect(await page.getByTestId("total").innerText()).toBe(total);
      const payRows = normalized(await page.getByRole("table", { name: "Order summary" }).locator("tr").allInnerTexts());
      expect(payRows).toEqual(expect.arrayContaining([`Promotion WELCOME10 −${discount}`, "100 points −$10.00", `Total ${total}`, `Balance due ${total}`]));
      await page.getByRole("button", { name: `Pay ${total}` }).click();

      // The order page: the same rows, then the payment and nothing due.
      await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
      await page.getByRole("heading", { name: "Payment received" }).waitFor();
      expect(await page.getByTestId("order-total").innerText()).toBe(total);
      const bill = page.getByRole("region", { name: "Order Summary" }).getByTestId("bill");
      const orderRows = normalized([...(await bill.locator("li").allInnerTexts()), ...(await bill.locator("dl").first().locator("div").allInnerTexts())]);
      expect(orderRows).toEqual(payRows.slice(0, -1));
      expect(await bill.getByTestId("bill-balance").innerText()).toBe("$0.00");

      // The confirmation and the receipt, by text and by email, as the outbox on this machine shows what was sent:
      // each names the same promotion, points and total (and the receipt the payment and nothing due).
      const orderId = new URL(page.url()).pathname.split("/").pop()!;
      const number = (await api("GET", `/api/orders/${orderId}`, { token: customerToken })).body.number as string;
      await page.goto("/local/outbox");
      const sent = async (list: string, ...words: string[]) => {
        const entry = page.getByRole("list", { name: list }).getByRole("listitem").filter({ hasText: words[0]! }).filter({ hasText: words[1]! }).first();
        await entry.waitFor({ timeout: 5_000 }).catch(async () => {
          throw new Error(`No ${list} entry with ${JSON.stringify(words.slice(0, 2))}; the first: ${(await page.getByRole("list", { name: list }).getByRole("listitem").first().innerText()).slice(0, 600)}`);
        });
        const text = (await entry.innerText()).replace(/\s+/g, " ");
        for (const word of words) expect(text, `${list}: ${words[0]}`).toContain(word);
        return text;
      };
      const off = [`Promotion WELCOME10 -${discount}`, "100 points -$10.00", `Total ${total}`];
      await sent("Texts sent", "you're booked!", `order ${number}.`, ...off);
      await sent("Texts sent", `We received ${total} for order ${number}`, ...off);
      const emailed = [`Promotion WELCOME10: -${discount}`, "100 points: -$10.00", `Total: ${total}`];
      await sent("Emails sent", `You're booked: Regrip order ${number}`, ...emailed);
      await sent("Emails sent", `Your Regrip receipt for order ${number}`, ...emailed, `: ${total}`, "Balance due: $0.00");
    });
  });
});

describe("a payment that does not go through", () => {
  for (const width of [390, 1280]) {
    it(`declined, then abandoned: the order page tells each, and Pay Now then pays, at ${width} px`, async () => {
      const customerToken = await tokenOf(seed.customer.username, seed.customer.password);
      const me = await api("GET", "/api/auth/user", { token: customerToken });
      const paddleId = await paddleOf(customerToken, me.body.id);
      const bag = width === 390 ? "115" : "116";
      const booked = await api("POST", "/api/book-service", {
        token: customerToken,
        headers: { "Idempotency-Key": `browser-decline-${width}-${Date.now()}` },
        body: { paddleId, bagNumber: bag, dropoffLocation: "LITTLETON", service: "sku-strip-and-grip-black-tacky" },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const orderId: string = booked.body.id;

      await withSignedInPage(browser(), baseUrl, seed.customer, async (tab) => {
        await tab.goto(`/orders/${orderId}`);
        // Unpaid and on its hold: the real deadline in the shop's time zone, as the confirmation says it.
        const unpaid = (await api("GET", `/api/orders/${orderId}`, { token: customerToken })).body;
        const payBy = holdDeadline(unpaid, new Date())!;
        expect(payBy).toMatch(/^Pay by \d{1,2}(:\d\d)? [ap]m (today|tomorrow), or the booking is released$/);
        await tab.getByText(`${payBy}. Your order starts moving once it's paid.`).waitFor();
        await settled(tab);
        await expectAccessible(tab, `the unpaid order page at ${width} px`);
        expect(await tab.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBeLessThanOrEqual(0);
        const summaryPay = tab.getByRole("button", { name: "Pay Now" });
        await summaryPay.click();
        await tab.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
        // The payment page states the same deadline.
        expect(await tab.getByTestId("pay-by").innerText()).toBe(`${payBy}.`);
        await tab.getByRole("button", { name: "Decline" }).click();

        // Declined: back on the order, with the reason the webhook stored, and one Pay Now.
        await tab.waitForURL((url) => url.pathname === `/orders/${orderId}`);
        const declined = tab.getByRole("alert").filter({ hasText: "Payment declined" });
        await declined.waitFor();
        expect(await declined.innerText()).toContain("Your card was declined.");
        expect(await tab.getByRole("button", { name: "Pay Now" }).count()).toBe(1);
        expect(await tab.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth")).toBeLessThanOrEqual(0);

        // Pay Now opens a new checkout; the customer goes back without paying: still the decline is told (it is
        // the last attempt's), and the order is still unpaid.
        await declined.getByRole("button", { name: "Pay Now" }).click();
        await tab.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
        await tab.getByRole("link", { name: "Cancel and return to Regrip" }).click();
        await tab.waitForURL((url) => url.pathname === `/orders/${orderId}`);
        await tab.getByRole("alert").filter({ hasText: "Payment declined" }).waitFor();
        expect((await api("GET", `/api/orders/${orderId}`, { token: customerToken })).body.paymentStatus).toBe("unpaid");

        // Pay Now again, and pay: the order page says so.
        await tab.getByRole("button", { name: "Pay Now" }).click();
        await tab.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
        await tab.getByRole("button", { name: /^Pay \$/ }).click();
        await tab.waitForURL((url) => url.pathname === `/orders/${orderId}`);
        await tab.getByRole("heading", { name: "Payment received" }).waitFor();
        expect(await tab.getByRole("button", { name: "Pay Now" }).count()).toBe(0);
        expect(await tab.getByRole("alert").filter({ hasText: "Payment declined" }).count()).toBe(0);
        const paid = await api("GET", `/api/orders/${orderId}`, { token: customerToken });
        expect(paid.body).toMatchObject({ paymentStatus: "paid", paymentFailureReason: null });
      }, { viewport: { width, height: width === 390 ? 844 : 900 } });
    });
  }

  it("left without paying (no decline): 'Payment was not completed' with a Pay Now", async () => {
    const customerToken = await tokenOf(seed.customer.username, seed.customer.password);
    const me = await api("GET", "/api/auth/user", { token: customerToken });
    const paddleId = await paddleOf(customerToken, me.body.id);
    const booked = await api("POST", "/api/book-service", {
      token: customerToken,
      headers: { "Idempotency-Key": `browser-abandon-${Date.now()}` },
      body: { paddleId, bagNumber: "117", dropoffLocation: "HIGHLANDS_RANCH", service: "sku-strip-and-grip-black-tacky" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const orderId: string = booked.body.id;
    await withSignedInPage(browser(), baseUrl, seed.customer, async (tab) => {
      await tab.goto(`/orders/${orderId}`);
      await tab.getByRole("button", { name: "Pay Now" }).click();
      await tab.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
      await tab.getByRole("link", { name: "Cancel and return to Regrip" }).click();
      await tab.waitForURL((url) => url.pathname === `/orders/${orderId}`);
      const notCompleted = tab.getByRole("status").filter({ has: tab.getByRole("heading", { name: "Payment was not completed" }) });
      await notCompleted.waitFor();
      // Not "later from this page": the booking is released at the end of its hold, and the page says when.
      const unpaid = (await api("GET", `/api/orders/${orderId}`, { token: customerToken })).body;
      expect(await notCompleted.innerText()).toContain(`Nothing was charged. ${holdDeadline(unpaid, new Date())}.`);
      expect(await tab.getByRole("button", { name: "Pay Now" }).count()).toBe(1);
    }, { viewport: { width: 390, height: 844 } });
  });
});
