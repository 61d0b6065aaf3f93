/**
 * Members who come back, in Chromium against `npm start`:
 * (a) a customer subscribes to the single plan on Shop Tools (the local payment page's Pay), then books a covered
 *     regrip with an add-on and pays only for the add-on;
 * (b) a customer with 100+ points (given by the admin's adjustment) redeems 100 points at booking and pays $10 less;
 * (c) an employee sells at the storefront to a member and the allowance applies (the covered line, the total);
 * (d) an employee's quick sale for a member's assigned paddle covers its core regrip (the "Paddle" choice, $0).
 * Every new screen is checked with axe at 1280 and 390 px, and for sideways overflow on the phone. Each journey has
 * a customer of its own (the shop is shared by every browser test file), and starts signed in (a stored session) on
 * the page it is about. MEMBERS_SHOTS=<dir> keeps screenshots.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoProducts } from "../../infra/local/demo-shop";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, choosePremiumRegrip, fileBrowser, localToken, newVerifiedCustomer, shop, visit, waitFor, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const shots = process.env.MEMBERS_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const priceOf = (name: string, color?: string, feel?: string) =>
  demoProducts.find((sku) => sku.name === name && (!color || sku.color === color) && (!feel || sku.feel === feel))!.unitAmountCents;
const regripCents = priceOf("Premium Regrip", "Black", "Tacky");
const tapeCents = priceOf("Edge Tape");

const tokenOf = (account: { username: string; password: string }) => localToken(baseUrl, account);

/** A new customer of this test's own (a login, a verified phone, a paddle named after them), with their user id. */
async function newMember(firstName: string) {
  const customer = await newVerifiedCustomer(browser(), { firstName, lastNamePrefix: "Member", nicknames: [`${firstName}'s Paddle`] });
  const me = await api("GET", "/api/auth/user", { token: customer.token });
  expect(me.status).toBe(200);
  return { ...customer, userId: me.body.id as string, paddleId: customer.paddleIds[0]! };
}

/** A bag of the shop's own for a booking. */
async function newBag(): Promise<string> {
  const bags = await api<{ code3: string }[]>("POST", "/api/admin/bags/create", { token: await tokenOf(seed.employee), body: { count: 1 } });
  expect(bags.status, JSON.stringify(bags.body)).toBe(201);
  return bags.body[0]!.code3;
}

/**
 * axe and no sideways scroll at 1280 and 390 px (a screenshot of each when MEMBERS_SHOTS is set). Left out of axe, as
 * counter.test.ts does: the console frame's mobile toolbar (Cloudscape's AppLayout below 689 px), which axe flags
 * aria-allowed-attr on. A console screen's tables scroll in Cloudscape's own boxes: there the page itself must not
 * scroll sideways, as admin-communications.test.ts checks.
 */
const checkScreen = (page: Page, what: string, { selector, console = false }: { selector?: string; console?: boolean } = {}) =>
  checkAtBothWidths(page, what, { selector, exclude: '[class*="awsui_mobile-toolbar-nav"]', overflow: console ? "page" : "elements", shots });

/** Books Premium Regrip (Black, Tacky) for the member's paddle on /booking (moved to in the app), with the add-ons named, up to the confirm dialog. */
async function chooseRegrip(page: Page, bag: string, addOns: string[] = []) {
  await visit(page, "/booking");
  await choosePremiumRegrip(page);
  for (const addOn of addOns) await page.getByRole("button", { name: new RegExp(addOn) }).first().click();
  await page.getByLabel(/Bag number/).fill(bag);
}

/** From the confirm dialog through the local payment page to the order's page: the amount it asked. */
async function confirmAndPay(page: Page): Promise<{ orderId: string; paid: string }> {
  await page.getByRole("dialog", { name: "Confirm Your Booking" }).getByRole("button", { name: "Confirm and Pay" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
  const paid = await page.getByTestId("total").innerText();
  await page.getByRole("button", { name: `Pay ${paid}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
  const orderId = new URL(page.url()).pathname.split("/").at(-1)!;
  return { orderId, paid };
}

describe("members who come back", { timeout: 180_000 }, () => {
  it("(a) subscribes to the single plan on Shop Tools, then books a covered regrip with an add-on and pays only for the add-on", async () => {
    const member = await newMember("Sam");
    const bag = await newBag();
    await withSignedInPage(browser(), baseUrl, member, async (page) => {
      await page.goto("/shop-tools?tab=subscription");
      const panel = page.getByRole("tabpanel");
      await panel.getByText("$25/month").waitFor();
      expect(await panel.getByText("$45/month").count()).toBe(1);
      await panel.getByRole("radio", { name: /Single plan/ }).check();
      await panel.getByRole("radio", { name: /Sam's Paddle/ }).check();
      await checkScreen(page, "shop-tools-subscription-choose");
      await panel.getByRole("button", { name: "Subscribe for $25/month" }).click();

      // The local payment page plays Stripe Checkout in subscription mode.
      await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
      expect(await page.getByTestId("total").innerText()).toBe("$25.00");
      await page.getByRole("button", { name: "Pay $25.00" }).click();

      // Back on the Subscription tab, which waits for the webhook and then shows the plan.
      await page.waitForURL((url) => url.pathname === "/shop-tools");
      await page.getByText("Thank you! Your plan is active.").waitFor();
      expect(new URL(page.url()).search).toBe("?tab=subscription");
      await panel.getByText("Active", { exact: true }).waitFor();
      expect(await panel.getByText("1 of 1 left").count()).toBe(1);
      expect(await panel.getByText("Sam's Paddle").count()).toBe(1);
      // The first month's charge in the membership's payments.
      const payments = panel.getByRole("table", { name: "Membership payments, newest first" });
      await payments.getByText("$25.00").waitFor();
      expect(await payments.getByText(/^Single plan, /).count()).toBe(1);
      await checkScreen(page, "shop-tools-subscription-active");

      // A covered regrip with an edge tape: the core line is covered, and only the tape is paid.
      await chooseRegrip(page, bag, ["Edge Tape"]);
      const summary = page.locator(".booking-summary");
      await summary.getByText("Covered by your membership").waitFor();
      expect(await page.getByTestId("summary-total").innerText()).toBe(money(tapeCents));
      await checkScreen(page, "booking-covered", { selector: ".booking-summary" });
      await summary.getByRole("button", { name: "Book Service" }).click();
      const { orderId, paid } = await confirmAndPay(page);
      expect(paid).toBe(money(tapeCents));

      const order = await waitFor("the order paid", async () => {
        const answer = await api("GET", `/api/orders/${orderId}`, { token: member.token });
        return answer.body.paymentStatus === "paid" ? answer.body : undefined;
      });
      expect(order).toMatchObject({ totalCents: tapeCents, coveredCents: regripCents });
      const after = await api("GET", "/api/subscriptions", { token: member.token });
      expect(after.body).toMatchObject({ plan: "SINGLE_MONTHLY", status: "active", regripsLeft: 0 });
    });
  });

  it("(b) redeems 100 points at booking and pays $10 less; the Points tab shows the adjustment and the redemption", async () => {
    const member = await newMember("Robin");
    const bag = await newBag();
    const adjusted = await api("POST", `/api/admin/loyalty/${member.userId}/adjust`, { token: await tokenOf(seed.admin), body: { points: 150, reason: "Welcome back gift" } });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body.balance).toBe(150);

    await withSignedInPage(browser(), baseUrl, member, async (page) => {
      await page.goto("/shop-tools?tab=points");
      const panel = page.getByRole("tabpanel");
      await panel.getByText("Adjusted by the shop: Welcome back gift").waitFor();
      expect(await panel.locator(".points-number").innerText()).toBe("150");
      await checkScreen(page, "shop-tools-points");

      await chooseRegrip(page, bag);
      const summary = page.locator(".booking-summary");
      await summary.getByLabel("Use points").selectOption("100");
      expect(await page.getByTestId("summary-total").innerText()).toBe(money(regripCents - 1000));
      await checkScreen(page, "booking-points", { selector: ".booking-summary" });
      await summary.getByRole("button", { name: "Book Service" }).click();
      const { orderId, paid } = await confirmAndPay(page);
      expect(paid).toBe(money(regripCents - 1000));

      const order = await waitFor("the order paid", async () => {
        const answer = await api("GET", `/api/orders/${orderId}`, { token: member.token });
        return answer.body.paymentStatus === "paid" ? answer.body : undefined;
      });
      expect(order).toMatchObject({ totalCents: regripCents - 1000, pointsRedeemed: 100, pointsDiscountCents: 1000 });

      // The history: the redemption, newest first (and the points the payment earned once the webhook landed). The
      // app was loaded anew on the way back from paying, so the points are read now.
      await visit(page, "/shop-tools?tab=points");
      await panel.getByText(/^Redeemed on order /).waitFor();
      const what = await panel.locator("tbody tr td:nth-child(2)").allInnerTexts();
      expect(what.indexOf(what.find((text) => text.startsWith("Redeemed"))!)).toBeLessThan(what.indexOf("Adjusted by the shop: Welcome back gift"));
    });
  });

  it("(c) an employee sells at the storefront to a member: the badge, the covered line and the total; the admin's Subscribers page lists them", async () => {
    const member = await newMember("Casey");
    const bag = await newBag();
    // The member subscribes through the API and the local payment page's Pay (the form the page posts).
    const checkout = await api("POST", "/api/subscriptions/checkout", { token: member.token, body: { plan: "SINGLE_MONTHLY", paddleIds: [member.paddleId] } });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
    const pay = await fetch(new URL(`${new URL(checkout.body.url, baseUrl).pathname}/pay`, baseUrl), { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect([302, 303]).toContain(pay.status);
    await waitFor("the plan active", async () => ((await api("GET", "/api/subscriptions", { token: member.token })).body.status === "active" ? true : undefined));

    await withSignedInPage(browser(), baseUrl, seed.employee, async (page) => {
      await page.goto("/storefront");
      await page.getByLabel("Find a customer").fill(member.lastName);
      await page.getByText("Member: Single plan · 1 regrip left").first().waitFor();
      await page.getByRole("button", { name: `Select ${member.firstName} ${member.lastName}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/storefrontbooking/"));
      await page.getByText("Member: Single plan · 1 regrip left").waitFor();
      await page.getByRole("button", { name: /^Add Premium Regrip/ }).first().click();
      await page.getByRole("button", { name: /^Add Edge Tape/ }).first().click();
      const summary = page.getByRole("region", { name: "Order summary" });
      await summary.getByText("1 × Covered by your membership: $0.00").waitFor();
      await checkScreen(page, "storefront-member-cart", { console: true });
      await summary.getByLabel("Bag number").fill(bag);
      // The bag's check answers under the field (and moves what is below it): wait for it before clicking below.
      await summary.getByText(`Bag ${bag} is free`).waitFor();
      await summary.getByRole("button", { name: "Review Order" }).click();
      const review = page.getByRole("dialog");
      await review.getByText("1 × Covered by your membership: $0.00").waitFor();
      const invoice = page.waitForResponse((response) => response.url().endsWith("/api/storefront/invoice") && response.request().method() === "POST");
      // The member verified their phone: the link goes to it without the employee's confirmation.
      await review.getByRole("radio", { name: /Text the payment link/ }).check();
      await review.getByRole("button", { name: "Create Order & Text Payment Link" }).click();
      const answer = (await (await invoice).json()) as { order: { totalCents: number; coveredCents: number; paddleId: string } };
      expect(answer.order.totalCents).toBe(tapeCents);
      expect(answer.order.coveredCents).toBe(regripCents);
      await page.waitForURL((url) => url.pathname.startsWith("/queue/orders/"));
    });

    await withSignedInPage(browser(), baseUrl, seed.admin, async (page) => {
      await page.goto("/admin/subscribers");
      const row = page.getByRole("row", { name: new RegExp(`${member.firstName} ${member.lastName}`) });
      await row.waitFor();
      expect(await row.innerText()).toContain("Single plan");
      await checkScreen(page, "admin-subscribers", { console: true });
      await row.getByRole("button", { name: `Adjust points of ${member.firstName} ${member.lastName}` }).click();
      const form = page.getByRole("form", { name: `Adjust points: ${member.firstName} ${member.lastName}` });
      await form.getByLabel("Points").fill("25");
      await form.getByLabel("Reason").fill("Thanks for waiting");
      await checkScreen(page, "admin-adjust-points", { console: true });
      await page.getByRole("dialog").getByRole("button", { name: "Adjust Points", exact: true }).click();
      await page.getByText(`${member.firstName} ${member.lastName} now has`).waitFor();
    });
  });

  it("(d) a quick sale for the member's assigned paddle: the Paddle choice, the regrip covered at $0, the order covered", async () => {
    const member = await newMember("Drew");
    const checkout = await api("POST", "/api/subscriptions/checkout", { token: member.token, body: { plan: "SINGLE_MONTHLY", paddleIds: [member.paddleId] } });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
    const pay = await fetch(new URL(`${new URL(checkout.body.url, baseUrl).pathname}/pay`, baseUrl), { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect([302, 303]).toContain(pay.status);
    await waitFor("the plan active", async () => ((await api("GET", "/api/subscriptions", { token: member.token })).body.status === "active" ? true : undefined));

    await withSignedInPage(browser(), baseUrl, seed.employee, async (page) => {
      await page.goto("/quick-sale");
      await page.getByLabel("Find a customer").fill(member.lastName);
      await page.getByRole("button", { name: `Select ${member.firstName} ${member.lastName}` }).click();
      const assigned = page.getByRole("radio", { name: `${member.firstName}'s Paddle (Selkirk Vanguard), covered by membership` });
      await assigned.waitFor();
      // The covered paddle is the one chosen, not a new paddle.
      expect(await assigned.isChecked()).toBe(true);
      await checkScreen(page, "quick-sale-member-paddle", { console: true });
      await page.getByLabel("Nickname").waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("checkbox", { name: /Standard Regrip \$0\.00 \(Covered by your membership\)/ }).check();
      await page.getByText("Total: $0.00").waitFor();
      await checkScreen(page, "quick-sale-member-services", { console: true });
      await page.getByRole("button", { name: "Next" }).click();
      const booked = page.waitForResponse((response) => response.url().endsWith("/api/book-service") && response.request().method() === "POST");
      // Nothing to pay: no way to pay is asked, and the sale lands on its order.
      await page.getByRole("button", { name: "Create Order", exact: true }).click();
      const answer = await booked;
      expect(answer.status()).toBe(201);
      expect(JSON.parse(answer.request().postData() ?? "{}")).toMatchObject({ paddleId: member.paddleId, services: ["regrip"] });
      expect(((await answer.json()) as { requiresPayment: boolean }).requiresPayment).toBe(false);
      await page.waitForURL((url) => url.pathname.startsWith("/queue/orders/"));
    });
    expect((await api("GET", "/api/subscriptions", { token: member.token })).body.regripsLeft).toBe(0);
  });
});
