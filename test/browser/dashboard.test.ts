/**
 * The admin dashboard in Chromium against a real shop (`npm start`): an admin creates a
 * promotion on /admin/promotions, a customer books with it and pays on the local payment page, and the admin's
 * /admin shows the payment in Monthly Revenue and Orders Today (counters written with the order and the payment),
 * and Recent Activity and the audit list show both the promotion's creation and the payment. Then the dashboard at
 * 390 px.
 *
 * A paid order canceled with its refund: Monthly Revenue drops by it and the Refunds figure grows by it, with
 * the sales tax and the tips each shown apart from revenue, at 1280 and 390 px, checked with axe.
 *
 * Browser test files run one at a time against one shop, so the figures before and after differ by this test's
 * own order and payment.
 */
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import type { AdminAnalytics } from "../../packages/core/src/shared/analytics";
import type { AuditPage } from "../../packages/core/src/shared/audit";
import { DEFAULT_MONEY_SETTINGS } from "../../packages/core/src/shared/money-settings";
import { adminPanelPages, bookByApi, bookingWithPromo, callApi, expectAccessible, expectNoOverflow, fileBrowser, settled, shop, visit, withPage as openPage, withSignedInPage, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
/** A page signed in as `account` from the start (a stored session, not /login), at 1280x900. */
const withPage = <T>(account: { username: string; password: string }, run: (page: Page) => Promise<T>) => withSignedInPage(browser(), baseUrl, account, run);
const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function tokenOf(account: { username: string; password: string }): Promise<string> {
  return localToken(baseUrl, account);
}

describe("the admin dashboard", () => {
  it("shows a customer's promoted booking and payment in the figures and the promotion and payment in Recent Activity", async () => {
    const [customer, admin] = await Promise.all([tokenOf(seed.customer), tokenOf(seed.admin)]);
    const before = (await api<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin })).body;
    const code = `DASH${randomInt(100_000, 999_999)}`;

    // The admin creates the promotion on its page.
    await withPage(seed.admin, async (page) => {
      await page.goto("/admin/promotions");
      await page.getByRole("heading", { name: "Promotions", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Create Promotion" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Create Promotion" });
      await dialog.getByLabel("Code").fill(code);
      await dialog.getByLabel("Percentage off").fill("10");
      await dialog.getByRole("button", { name: "Create Promotion" }).click();
      await page.getByText("Promotion Created").waitFor();
      await page.getByRole("row").filter({ hasText: code }).waitFor();
    });
    const promotions = await api("GET", "/api/admin/promotions?limit=100", { token: admin });
    const promotion = (promotions.body.items as { id: string; code: string }[]).find((p) => p.code === code)!;
    expect(promotion).toBeDefined();

    // The customer books with it and pays on the local payment page.
    const nickname = `Dash Paddle ${randomInt(1000, 9999)}`;
    const paddle = await api("POST", "/api/paddles", { token: customer, body: { brand: "Joola", nickname } });
    expect(paddle.status, JSON.stringify(paddle.body)).toBe(201);
    const bags = await api("POST", "/api/admin/bags/create", { token: admin, body: { count: 1 } });
    expect(bags.status).toBe(201);
    await withPage(seed.customer, async (page) => {
      await bookingWithPromo(page, nickname, code);
      await page.getByText("Promo Applied!").waitFor();
      await page.getByLabel(/Bag number/).fill(bags.body[0].code3);
      await page.getByRole("button", { name: "Book Service" }).click();
      await page.getByRole("dialog", { name: "Confirm Your Booking" }).getByRole("button", { name: "Confirm and Pay" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"), { timeout: 20_000 });
      await page.getByRole("button", { name: /^Pay \$/ }).click();
      // A paid checkout comes back to the order's own page, which waits for the webhook and says so.
      await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
      await page.getByRole("heading", { name: "Payment received" }).waitFor();
    });
    const orders = await api("GET", "/api/orders?limit=20", { token: customer });
    const order = (orders.body.orders as { id: string; number: string; paddleId: string; promoCode: string; totalCents: number; paymentStatus: string }[]).find(
      (o) => o.paddleId === paddle.body.id,
    )!;
    expect(order).toMatchObject({ promoCode: code, paymentStatus: "paid" });

    // The admin's dashboard: the figures moved by this order and its payment; Recent Activity shows both writes.
    await withPage(seed.admin, async (page) => {
      // Where staff land after signing in, and on to the dashboard by the console's navigation.
      await page.goto("/storefront");
      await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Dashboard" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
      const revenue = page.getByRole("group", { name: "Monthly Revenue" });
      await revenue.getByText(money(before.monthlyRevenue + order.totalCents), { exact: true }).waitFor();
      const today = page.getByRole("group", { name: "Orders Today" });
      await today.getByText(String(before.ordersToday + 1), { exact: true }).waitFor();
      await page.getByRole("group", { name: "Avg. Order Value" }).waitFor();
      await page.getByRole("group", { name: "Active Subscriptions" }).waitFor();

      const activity = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "When" }) });
      // In words, each with a link to what changed.
      // The order by its number.
      expect(order.number).toMatch(/^R-\d{4,}$/);
      const paidRow = activity.getByRole("row").filter({ hasText: "Order paid" }).filter({ hasText: `Order ${order.number}` });
      await paidRow.waitFor();
      expect(await paidRow.innerText()).toContain("System");
      expect(await paidRow.getByRole("link", { name: `Order ${order.number}` }).getAttribute("href")).toBe(`/queue/orders/${order.id}`);
      expect(await activity.innerText()).not.toMatch(/\b(order|promotion)\.[a-z_]+\b/);
      const createdRow = activity.getByRole("row").filter({ hasText: "Promotion created" }).filter({ hasText: `Promotion ${promotion.code}` });
      await createdRow.waitFor();
      expect(await createdRow.getByRole("link", { name: `Promotion ${promotion.code}` }).getAttribute("href")).toBe("/admin/promotions");
      // The admin, by the name the promotion's audit entry recorded (the token's given name, else the username).
      expect(await createdRow.innerText()).toMatch(/\n(Alex|admin)$/);
      for (const href of ["/admin/products", "/admin/promotions", "/admin/orders", "/admin/communications"]) {
        expect(await page.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
      }

      // On a phone (the same page, narrowed): the same figures, one card under another.
      await page.setViewportSize({ width: 390, height: 844 });
      await settled(page);
      await revenue.getByText(money(before.monthlyRevenue + order.totalCents), { exact: true }).waitFor();
      const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
      expect(overflow).toBeLessThanOrEqual(0);
    });

    // The audit list holds both too.
    const audit = await api<AuditPage>("GET", "/api/admin/audit?limit=50", { token: admin });
    const entries = audit.body.items.map((e) => `${e.action} ${e.targetId}`);
    expect(entries).toContain(`promotion.created ${promotion.id}`);
    expect(entries).toContain(`order.paid ${order.id}`);
  });

  it("a paid order canceled at the counter asks first, is refunded to the card, and the revenue drops by it", async () => {
    const [customer, admin] = await Promise.all([tokenOf(seed.customer), tokenOf(seed.admin)]);
    const orderId = await bookByApi(baseUrl, { customer, admin }, { nickname: "Refund", service: "sku-basic-overgrip-blue-tacky" });
    const checkout = await api("POST", `/api/orders/${orderId}/checkout`, { token: customer });
    // The customer pays the checkout's link, not signed in.
    await openPage(browser(), baseUrl, async (page) => {
      await page.goto(checkout.body.url);
      await page.getByRole("button", { name: /^Pay \$/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
    });
    await expect.poll(async () => (await api("GET", `/api/orders/${orderId}`, { token: admin })).body.paymentStatus, { timeout: 10_000 }).toBe("paid");
    const paid = (await api("GET", `/api/orders/${orderId}`, { token: admin })).body;
    const before = (await api<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin })).body;
    const reference = paid.number;

    await withPage(seed.admin, async (page) => {
      await page.goto(`/queue/orders/${orderId}`);
      await page.getByText("Paid · Visa •••• 4242").waitFor();
      await page.getByRole("button", { name: `Change Status of order ${reference}` }).click();
      // Paid: the roll back is to Scheduled, never to Invoiced.
      expect(await page.getByRole("menuitem", { name: "Roll Back to Invoiced" }).count()).toBe(0);
      await page.getByRole("menuitem", { name: "Cancel Order" }).click();
      const dialog = page.getByRole("dialog", { name: `Cancel order ${reference}?` });
      await dialog.getByText(`This order was paid ${money(paid.totalCents)}`).waitFor();
      await dialog.getByRole("textbox").fill("Customer moved away");
      await dialog.getByRole("button", { name: `Cancel and Refund ${money(paid.totalCents)}` }).click();
      await page.getByText(`Order ${reference}: ${money(paid.totalCents)} refunded to the card.`).waitFor();
      await page.getByText(`Refunded · ${money(paid.totalCents)} given back`).waitFor();

      // The dashboard reads its figures each time it opens.
      await visit(page, "/admin");
      const after = (await api<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin })).body;
      expect(after.monthlyRevenue).toBe(before.monthlyRevenue - paid.totalCents);
      expect(after.refunds.totalCents).toBe(before.refunds.totalCents + paid.totalCents);
      expect(after.refunds.ordersInFull).toBe(before.refunds.ordersInFull + 1);
      // Refunds, sales tax and tips, each on its own, at both widths.
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(viewport);
        await settled(page);
        await page.getByRole("group", { name: "Monthly Revenue" }).getByText(money(after.monthlyRevenue), { exact: true }).waitFor();
        const refunds = page.getByRole("group", { name: "Refunds", exact: true });
        expect(await refunds.getByTestId("refunds-total").innerText()).toBe(money(after.refunds.totalCents));
        await refunds.getByText(`${after.refunds.ordersInFull} order${after.refunds.ordersInFull === 1 ? "" : "s"} refunded in full`).waitFor();
        expect(await page.getByRole("group", { name: "Sales tax", exact: true }).getByTestId("tax-net").innerText()).toBe(money(after.tax.netCents));
        await page.getByRole("group", { name: "Sales tax", exact: true }).getByText(`${money(after.tax.collectedCents)} collected, ${money(after.tax.refundedCents)} refunded`).waitFor();
        expect(await page.getByRole("group", { name: "Tips", exact: true }).getByTestId("tips-apart").innerText()).toBe(money(after.tips.totalCents));
        await expectNoOverflow(page, `the dashboard's refunds, tax and tips at ${viewport.width} px`);
        // The section's own markup (below 689 px Cloudscape's mobile toolbar, the frame's, carries an axe finding of its own).
        await expectAccessible(page, `the dashboard's refunds, tax and tips at ${viewport.width} px`, '[data-testid="money-apart"]');
      }
    });
    expect((await api("GET", `/api/orders/${orderId}`, { token: admin })).body).toMatchObject({ status: "CANCELED", paymentStatus: "refunded" });
  });

  it("an employee refunds one add-on of a paid order in the Refund dialog, and the revenue drops by it and its tax", async () => {
    const [customer, admin, employee] = await Promise.all([tokenOf(seed.customer), tokenOf(seed.admin), tokenOf(seed.employee)]);
    const rates = await api("PUT", "/api/admin/settings/money", {
      token: admin,
      body: { taxRateBps: { LITTLETON: 750, HIGHLANDS_RANCH: 725, ONSITE: 400 }, employeeDiscountLimitPercent: 20 },
    });
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
    try {
      const orderId = await bookByApi(baseUrl, { customer, admin }, { nickname: "Part Refund", service: "sku-basic-overgrip-blue-tacky", addOns: ["sku-premium-edge-guard-black", "sku-edge-tape"] });
      const order = (await api("GET", `/api/orders/${orderId}`, { token: admin })).body;
      expect(order.taxCents).toBeGreaterThan(0);
      // Cash at the counter, today: an employee may refund it.
      const paid = await api("POST", `/api/orders/${orderId}/payments`, { token: employee, body: { method: "POS_CASH", amountCents: order.totalCents } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const guard = (paid.body.bill.lines as { name: string; chargedCents: number; taxCents: number }[]).find((line) => /Edge Guard/.test(line.name))!;
      expect(guard.taxCents).toBeGreaterThan(0);
      const givesBack = guard.chargedCents + guard.taxCents;
      const before = (await api<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin })).body;

      await withPage(seed.employee, async (page) => {
        await page.goto(`/queue/orders/${orderId}`);
        await page.getByRole("button", { name: "Refund", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Refund" });
        await dialog.getByText(`${money(order.totalCents)} of ${money(order.totalCents)} left to refund`).waitFor();
        await dialog.getByText(`one gives back ${money(givesBack)} (with ${money(guard.taxCents)} tax)`).waitFor();
        await expectAccessible(page, "the Refund dialog at 1280 px", '[role="dialog"]');
        // Nothing chosen and no reason: said in the dialog, nothing sent.
        await dialog.getByRole("button", { name: "Refund", exact: true }).click();
        await dialog.getByText("Give a reason for the refund", { exact: true }).waitFor();
        await dialog.getByLabel(`Units of ${guard.name} to refund`).fill("1");
        await dialog.getByText(`Gives back ${money(givesBack)}`, { exact: true }).waitFor();
        await dialog.getByLabel("Reason").fill("Guard not fitted");
        // A double click refunds once: one Idempotency-Key for the dialog.
        await dialog.getByRole("button", { name: "Refund", exact: true }).dblclick();
        await page.getByText(`${money(givesBack)} refunded.`).waitFor();
        await dialog.waitFor({ state: "detached" });

        // On a phone: the dialog again, for what is left, and closed without a refund.
        await page.setViewportSize({ width: 390, height: 844 });
        await settled(page);
        await page.getByRole("button", { name: "Refund", exact: true }).click();
        await dialog.getByText(`${money(order.totalCents - givesBack)} of ${money(order.totalCents)} left to refund`).waitFor();
        await dialog.getByRole("radio", { name: /An amount/ }).check();
        await dialog.getByLabel("Amount", { exact: true }).fill(String((order.totalCents - givesBack + 100) / 100));
        await dialog.getByLabel("Reason").fill("Too much");
        await dialog.getByRole("button", { name: "Refund", exact: true }).click();
        // The server's refusal, in the dialog.
        await dialog.getByText(`Only ${money(order.totalCents - givesBack)} is left to refund.`, { exact: true }).waitFor();
        await settled(page);
        await expectAccessible(page, "the Refund dialog at 390 px", '[role="dialog"]');
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
      });
      const refunded = (await api("GET", `/api/orders/${orderId}`, { token: admin })).body;
      expect(refunded).toMatchObject({ refundedAmountCents: givesBack, paymentStatus: "paid", status: paid.body.status });
      expect(refunded.bill.refunds).toHaveLength(1);

      await withPage(seed.admin, async (page) => {
        await page.goto("/admin");
        await page.getByRole("group", { name: "Monthly Revenue" }).getByText(money(before.monthlyRevenue - givesBack), { exact: true }).waitFor();
      });
      const after = (await api<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin })).body;
      expect(after.monthlyRevenue).toBe(before.monthlyRevenue - givesBack);
    } finally {
      await api("PUT", "/api/admin/settings/money", { token: admin, body: DEFAULT_MONEY_SETTINGS });
    }
  });

  it("reads the figures and Recent Activity again when the admin comes back to it, and on Refresh", async () => {
    const admin = await tokenOf(seed.admin);
    const promotion = async () => {
      const code = `BACK${randomInt(100_000, 999_999)}`;
      const made = await api("POST", "/api/admin/promotions", { token: admin, body: { code, percentage: 5 } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return code;
    };
    await withPage(seed.admin, async (page) => {
      await page.goto("/admin");
      const recent = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Action" }) });
      await recent.getByRole("row").nth(1).waitFor();

      // Made elsewhere (another admin, the counter, a webhook) while this admin is on another page.
      const nav = page.getByRole("navigation", { name: "Console navigation" });
      await nav.getByRole("link", { name: "Products" }).click();
      await page.getByRole("heading", { name: "Product Management", level: 1 }).waitFor();
      const first = await promotion();
      await nav.getByRole("link", { name: "Dashboard" }).click();
      await recent.getByText(`Promotion ${first}`).waitFor();

      // Made while the dashboard is open: Refresh reads it.
      const second = await promotion();
      await page.getByRole("button", { name: "Refresh" }).click();
      await recent.getByText(`Promotion ${second}`).waitFor();
    });
  });

  it("tells an employee on each admin page (dashboard, products, promotions) they may not use it, and asks the server nothing", async () => {
    await withPage(seed.employee, async (page) => {
      const asked: string[] = [];
      page.on("request", (request) => {
        if (/\/api\/admin\/(analytics|audit|skus|promotions)/.test(request.url())) asked.push(request.url());
      });
      // The page's timers on a clock the test moves on: a customer's 'Access Denied' leaves for / after 1 s, so each
      // page below is held 1.5 s on it (at once, not waited out) to show an employee is not sent away.
      await page.clock.install();
      // Where staff land after signing in.
      await page.goto("/storefront");
      const nav = page.getByRole("navigation", { name: "Console navigation" });
      await nav.getByRole("link", { name: "Service Queue" }).waitFor();
      for (const link of ["Dashboard", "Products", "Promotions"]) expect(await nav.getByRole("link", { name: link }).count()).toBe(0);
      for (const [path, heading] of adminPanelPages) {
        // Typed in the address bar (the employee's navigation has no link to them): each a full load, in which the
        // page must not ask the server anything before it knows the employee's role.
        await page.goto(path);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await page.getByText("You don't have permission to access the admin panel.").waitFor();
        // It stays: no 'Access Denied' toast and redirect to / (that is for customers, who never enter the console).
        await page.clock.runFor(1_500);
        expect(page.url()).toBe(`${baseUrl}${path}`);
      }
      expect(asked).toEqual([]);
    });
  });
});
