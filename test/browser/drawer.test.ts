/**
 * The cash drawer in Chromium (pages/console/drawer/): an employee opens the drawer with the shop's float, sells to
 * a walk-in paying cash, refunds an add-on in cash, closes the drawer with a $2 shortfall and sees it; the payment
 * dialog opens a closed drawer in place and takes the cash; admins read past drawers and reopen one. Each screen at
 * 1280 and 390 px with axe.
 *
 * The journey's sale is a quick sale to a new walk-in, paid in cash at once (no verification code), in the order
 * page's payment dialog the sale lands on; the other tests make their sale by API.
 */
import { mkdirSync } from "node:fs";
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, fileBrowser, localToken, shop, visit, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const browser = fileBrowser();
const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
const withPage = <T>(account: { username: string; password: string }, run: (page: Page) => Promise<T>, viewport = { width: 1280, height: 900 }) =>
  withSignedInPage(browser(), baseUrl, account, run, { viewport, reducedMotion: "reduce" });
/** The device's counter shop is the default one (HIGHLANDS_RANCH) unless the page chooses another. */
const SHOP = "HIGHLANDS_RANCH";
const shots = process.env.REGRIP_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const exclude = '[class*="awsui_mobile-toolbar-nav"]';

let employee = "";
let admin = "";
beforeAll(async () => {
  [employee, admin] = await Promise.all([localToken(baseUrl, seed.employee), localToken(baseUrl, seed.admin)]);
});

/** The shop's drawer closed (counted as expected), so the journey opens it. */
async function closeDrawer(): Promise<void> {
  const current = await api("GET", `/api/drawers/current?location=${SHOP}`, { token: employee });
  const session = current.body.session;
  if (session) expect((await api("POST", `/api/drawers/${session.id}/close`, { token: employee, body: { countedCashCents: session.expectedCashCents } })).status).toBe(200);
}

// The worker's next files take cash at this shop: leave its drawer open.
afterAll(async () => {
  const current = await api("GET", `/api/drawers/current?location=${SHOP}`, { token: employee });
  if (!current.body.session) await api("POST", "/api/drawers", { token: employee, body: { location: SHOP, startingCashCents: 10_000 } });
});

/** A walk-in made at the counter and a counter sale for them: a regrip with a $8.00 build-up, unpaid. */
async function walkInSale(): Promise<{ orderId: string; totalCents: number }> {
  const made = await api("POST", "/api/admin/customers", {
    token: employee,
    body: { firstName: "Wally", lastName: `Walkin${randomInt(1000, 9999)}`, phone: `+1303555${randomInt(1000, 9999)}`, email: "" },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const bags = await api("POST", "/api/admin/bags/create", { token: employee, body: { count: 1 } });
  expect(bags.status).toBe(201);
  const sale = await api("POST", "/api/storefront/invoice", {
    token: employee,
    body: {
      customerId: made.body.id,
      bagNumber: bags.body[0].code3,
      shop: SHOP,
      // Paid at the counter straight away: no payment link, so no number to confirm.
      payment: "counter",
      items: [
        { id: "sku-strip-and-grip-black-tacky", quantity: 1 },
        { id: "sku-handle-build-up", quantity: 1 },
      ],
    },
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  const order = await api("GET", `/api/orders/${sale.body.orderId}`, { token: employee });
  return { orderId: sale.body.orderId, totalCents: order.body.totalCents };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe("the drawer, as an employee", () => {
  it("opens the drawer, sells to a walk-in paying cash, refunds an add-on in cash, closes with a $2 shortfall and sees it", async () => {
    await closeDrawer();
    const last = `Walkin${randomInt(1000, 9999)}`;
    await withPage(seed.employee, async (page) => {
      await page.goto("/storefront");
      await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Drawer" }).click();
      await page.getByRole("heading", { name: "The drawer at Regrip Highlands Ranch is closed" }).waitFor();
      const float = page.getByLabel("Starting cash in dollars");
      expect(await float.inputValue()).toBe("100.00");
      await checkAtBothWidths(page, "the closed drawer", { exclude, overflow: "page", shots });
      // A typing slip is refused under its field; then the float is opened.
      await float.fill("ten");
      await page.getByRole("button", { name: "Open the drawer" }).click();
      await page.getByText("Type the starting cash in dollars, e.g. 100.00").waitFor();
      await float.fill("100");
      await page.getByRole("button", { name: "Open the drawer" }).click();
      await page.getByRole("heading", { name: "The drawer at Regrip Highlands Ranch is open" }).waitFor();
      await page.getByText("No cash in or out yet.").waitFor();

      // The sale: a quick sale to a walk-in paying cash at once, no code asked; it lands on the order's payment dialog.
      await visit(page, "/quick-sale");
      await page.getByLabel("Find a customer").fill(`Wally ${last}`);
      await page.getByRole("button", { name: "Create New Customer" }).first().click();
      const made = page.getByRole("dialog", { name: "Create New Customer" });
      await made.getByLabel("Phone").fill(`303555${randomInt(1000, 9999)}`);
      await made.getByRole("button", { name: "Create Customer" }).click();
      await page.getByText("Customer Created").first().waitFor();
      await page.getByLabel("Nickname").fill("Till Rocket");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("checkbox", { name: /Standard Regrip/ }).check();
      await page.getByRole("checkbox", { name: /Overgrip/ }).check();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("radio", { name: /Take payment now/ }).waitFor();
      await page.getByRole("button", { name: "Create Order & Take Payment" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/queue/orders/"));
      const orderId = new URL(page.url()).pathname.split("/")[3]!;
      const totalCents = (await api("GET", `/api/orders/${orderId}`, { token: employee })).body.totalCents as number;
      const pay = page.getByRole("dialog", { name: /^Take payment: order R-\d{4,}$/ });
      await pay.getByRole("radio", { name: /^Cash/ }).check();
      await pay.getByRole("button", { name: `Record ${money(totalCents)}` }).click();
      await page.getByText("Paid · Cash at the counter").waitFor();
      expect(await page.getByRole("dialog", { name: "Phone Required for Booking" }).count()).toBe(0);

      // The overgrip given back in cash.
      await page.getByRole("button", { name: "Refund" }).click();
      const refund = page.getByRole("dialog", { name: "Refund" });
      await refund.getByRole("radio", { name: /amount/i }).check();
      await refund.getByLabel(/Amount/).fill("8.00");
      await refund.getByLabel(/Reason/).fill("Overgrip taken off");
      await refund.getByRole("button", { name: "Refund" }).click();
      await page.getByText(/\$8\.00 refunded/).first().waitFor();

      // The drawer holds the float, the sale less the refund.
      await visit(page, "/drawer");
      const expected = 10_000 + totalCents - 800;
      await page.getByText(money(expected)).first().waitFor();
      await page.getByRole("cell", { name: "Cash sale" }).waitFor();
      await page.getByRole("cell", { name: "Cash refund" }).waitFor();
      await checkAtBothWidths(page, "the open drawer", { exclude, overflow: "page", shots });

      // Paid out with a reason: a wrong amount first.
      await page.getByRole("button", { name: "Paid out" }).click();
      const out = page.getByRole("dialog", { name: "Paid out" });
      await out.getByLabel("Amount in dollars").fill("5");
      await out.getByRole("button", { name: "Record paid out" }).click();
      await out.getByText("Say why the cash goes in or out").waitFor();
      await out.getByLabel("Reason").fill("Stamps");
      await out.getByRole("button", { name: "Record paid out" }).click();
      await page.getByRole("cell", { name: "Stamps" }).waitFor();
      const afterOut = expected - 500;

      // Closed $2.00 short.
      await page.getByRole("button", { name: "Close the drawer" }).click();
      const close = page.getByRole("dialog", { name: "Close the drawer" });
      await close.getByLabel("Counted cash in dollars").fill(((afterOut - 200) / 100).toFixed(2));
      await close.getByRole("button", { name: "Close the drawer" }).click();
      await page.getByRole("heading", { name: "Drawer closed" }).waitFor();
      await page.getByText("Short $2.00").first().waitFor();
      await page.getByRole("heading", { name: "The drawer at Regrip Highlands Ranch is closed" }).waitFor();
      await checkAtBothWidths(page, "the close report", { exclude, overflow: "page", shots });
    });
  }, 180_000);

  it("opens a closed drawer from the payment dialog and takes the cash", async () => {
    await closeDrawer();
    const { orderId, totalCents } = await walkInSale();
    await withPage(
      seed.employee,
      async (page) => {
        await page.goto(`/queue/orders/${orderId}`);
        await page.getByRole("button", { name: "Take Payment" }).click();
        const pay = page.getByRole("dialog", { name: /^Take payment: order R-\d{4,}$/ });
        await pay.getByRole("radio", { name: /^Cash/ }).check();
        await pay.getByRole("button", { name: `Record ${money(totalCents)}` }).click();
        await pay.getByText("The cash drawer at Regrip Highlands Ranch is not open").waitFor();
        await checkAtBothWidths(page, "the payment dialog's closed drawer", { exclude, overflow: "page", shots });
        await pay.getByRole("button", { name: "Open the drawer and take the cash" }).click();
        await page.getByText("Paid · Cash at the counter").waitFor();
      },
      { width: 390, height: 844 },
    );
    const current = await api("GET", `/api/drawers/current?location=${SHOP}`, { token: employee });
    expect(current.body.session).toMatchObject({ startingCashCents: 10_000, cashSalesCents: totalCents });
  }, 120_000);
});

describe("the drawer, as an admin", () => {
  it("lists past drawers with their reports and reopens one", async () => {
    await withPage(seed.admin, async (page) => {
      await page.goto("/drawer");
      await page.getByRole("heading", { name: /^Past drawers/ }).waitFor();
      const closedRow = page.getByRole("row").filter({ hasText: "Short $2.00" }).first();
      await closedRow.getByRole("button", { name: /^View the report/ }).click();
      const report = page.getByRole("dialog", { name: /^Close report: Regrip Highlands Ranch/ });
      await report.getByText("Difference").first().waitFor();
      await checkAtBothWidths(page, "a past drawer's report", { exclude, overflow: "page", shots });
      await report.getByRole("button", { name: "Close" }).first().click();
      await checkAtBothWidths(page, "the admins' past drawers", { exclude, overflow: "page", shots });
      // The shop's drawer is open (the payment dialog opened it): a closed one cannot be reopened beside it.
      await closedRow.getByRole("button", { name: /^Reopen/ }).click();
      await page.getByRole("dialog", { name: "Reopen this drawer?" }).getByRole("button", { name: "Reopen" }).click();
      await page.getByText(/is open already/).first().waitFor();
    });
  }, 120_000);

  it("an employee sees no past drawers", async () => {
    await withPage(seed.employee, async (page) => {
      await page.goto("/drawer");
      await page.getByRole("heading", { name: /The drawer at Regrip Highlands Ranch is (open|closed)/ }).waitFor();
      expect(await page.getByRole("heading", { name: /^Past drawers/ }).count()).toBe(0);
    });
    expect((await api("GET", "/api/admin/drawers", { token: employee })).status).toBe(403);
    expect((await api("GET", "/api/admin/drawers", { token: admin })).status).toBe(200);
  }, 60_000);
});
