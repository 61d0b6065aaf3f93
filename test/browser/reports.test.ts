/**
 * The Reports page in Chromium against a real shop (`npm start`): a customer's order is paid in cash at the counter,
 * the owner opens Reports from the console's navigation, breaks the month down by item, and downloads it as CSV:
 * the file's Total net income is the dashboard's Monthly Revenue (both from the figures the writes keep), and its
 * rows are the page's. A range the server would refuse is refused under its field before any call. At 1280 and
 * 390 px, checked with axe; an employee reads that the page is the admin's.
 *
 * Browser test files run one at a time against one shop, so the dashboard and the report read the same money.
 */
import { readFile } from "node:fs/promises";
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import type { AdminAnalytics } from "../../packages/core/src/shared/analytics";
import type { SalesReport } from "../../packages/core/src/shared/reports";
import { callApi, checkAtBothWidths, fileBrowser, localToken, shop, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
const withPage = <T>(account: { username: string; password: string }, run: (page: Page) => Promise<T>) => withSignedInPage(browser(), baseUrl, account, run);
const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The CSV's lines as fields (RFC 4180: a quoted field may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") fields.push(field), (field = "");
    else if (c === "\r" && text[i + 1] === "\n") {
      fields.push(field);
      lines.push(fields);
      fields = [];
      field = "";
      i++;
    } else field += c;
  }
  return lines;
}

describe("the Reports page", () => {
  // A journey of two accounts, two breakdowns checked at two widths and a download: more than the default minute on a loaded machine.
  it("the owner downloads the month's sales by item as CSV, and its total is the dashboard's revenue", { timeout: 150_000 }, async () => {
    const [customer, admin] = await Promise.all([localToken(baseUrl, seed.customer), localToken(baseUrl, seed.admin)]);
    // Money this month: a booking paid in cash at the counter.
    const paddle = await api("POST", "/api/paddles", { token: customer, body: { brand: "Joola", nickname: `Report ${randomInt(1000, 9999)}` } });
    const bags = await api("POST", "/api/admin/bags/create", { token: admin, body: { count: 1 } });
    const booked = await api("POST", "/api/book-service", {
      token: customer,
      body: { paddleId: paddle.body.id, bagNumber: bags.body[0].code3, dropoffLocation: "LITTLETON", service: "sku-basic-overgrip-blue-tacky" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const order = (await api("GET", `/api/orders/${booked.body.id}`, { token: admin })).body;
    const paid = await api("POST", `/api/orders/${booked.body.id}/payments`, { token: admin, body: { method: "POS_CASH", amountCents: order.totalCents } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const dashboard = (await api<AdminAnalytics>("GET", "/api/admin/analytics", { token: admin })).body;
    const month = { from: dashboard.month.from, to: dashboard.month.to };

    await withPage(seed.admin, async (page) => {
      await page.goto("/admin");
      await page.getByRole("group", { name: "Monthly Revenue" }).getByText(money(dashboard.monthlyRevenue), { exact: true }).waitFor();
      await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Reports" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/reports");
      await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
      // The month to date by day: the page's net income is the dashboard's revenue.
      expect(await page.getByTestId("report-net").innerText()).toBe(money(dashboard.monthlyRevenue));
      await page.getByRole("heading", { name: /^By day/ }).waitFor();
      await checkAtBothWidths(page, "reports by day", { selector: '[data-testid="reports"]', overflow: "page", shots: "test-results" });

      // By item.
      await page.getByRole("button", { name: /Break down by/ }).click();
      await page.getByRole("option", { name: "Item", exact: true }).click();
      await page.getByRole("heading", { name: /^By item/ }).waitFor();
      const byItem = (await api<SalesReport>("GET", `/api/admin/reports/sales?from=${month.from}&to=${month.to}&by=item`, { token: admin })).body;
      const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Units" }) });
      for (const row of byItem.rows.slice(0, 5)) await table.getByRole("row").filter({ hasText: row.label }).first().waitFor();
      expect(await page.getByTestId("report-net").innerText()).toBe(money(dashboard.monthlyRevenue));

      await checkAtBothWidths(page, "reports by item", { selector: '[data-testid="reports"]', overflow: "page", shots: "test-results" });

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
      expect(download.suggestedFilename()).toBe(`regrip-sales-by-item-${month.from}-to-${month.to}.csv`);
      const csv = parseCsv(await readFile((await download.path())!, "utf8"));
      const header = csv[0]!;
      const total = csv.at(-1)!;
      expect(total[1]).toBe("Total");
      expect(total[header.indexOf("Net income")]).toBe((dashboard.monthlyRevenue / 100).toFixed(2));
      // Its rows are the page's (and the API's), by key.
      expect(csv.slice(1, -1).map((line) => line[0])).toEqual(byItem.rows.map((row) => row.key));

      // A range the server refuses is refused under its field, before any call.
      await page.getByRole("button", { name: /Choose the first date/ }).waitFor();
      await page.locator('input[placeholder="YYYY/MM/DD"]').first().fill("2020/01/01");
      await page.getByText("A report covers at most 366 days").waitFor();
      expect(await page.getByRole("button", { name: "Download CSV" }).isDisabled()).toBe(true);
    });

    // An employee reads that the page is the admin's.
    await withPage(seed.employee, async (page) => {
      await page.goto("/admin/reports");
      await page.getByText("You don't have permission to access the admin panel.").waitFor();
    });
  });
});
