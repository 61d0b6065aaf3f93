/**
 * The staff console: the staff guard before any console code, the frame's navigation and Flashbar, the
 * queue's customer dialogs with the shared schema's messages and the server search, and axe on every console page.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { adminPanelPages, launchBrowser, signInStaff, signInThroughPage, withPage as openPage, shop } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const withPage = <T>(run: (page: Page) => Promise<T>) => openPage(browser, baseUrl, run);

describe("staff console", () => {
  it("turns a customer away from the console with 'Access Denied' before any console code loads", async () => {
    await withPage(async (page) => {
      const chunks: string[] = [];
      page.on("request", (request) => chunks.push(new URL(request.url()).pathname));
      await signInThroughPage(page, seed.customer);
      await page.goto("/queue");
      await page.getByText("You don't have permission to access this page.").waitFor();
      await page.waitForURL((url) => url.pathname === "/");
      expect(chunks.filter((path) => /ConsoleLayout|QueuePage/.test(path))).toEqual([]);
    });
  });

  it("lets an employee create a customer, checked with the shared schema's messages, then find them by search", async () => {
    await withPage(async (page) => {
      await signInStaff(page, seed.employee);
      await page.goto("/queue");
      const nav = page.getByRole("navigation", { name: "Console navigation" });
      await nav.getByRole("link", { name: "Service Queue" }).waitFor();
      expect(await nav.getByRole("link").allTextContents()).toEqual(expect.arrayContaining(["Service Queue", "Admin Orders", "Bags", "Scan a Bag"]));
      await page.getByText("Type at least 3 characters to search...").waitFor();

      await page.getByRole("button", { name: "Create New Customer" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Create Customer" }).click();
      await dialog.getByText("First name is required").waitFor();
      await dialog.getByText("Last name is required").waitFor();
      const last = `Queue${Date.now().toString(36)}`;
      await dialog.getByLabel("First name").fill("Robin");
      await dialog.getByLabel("Last name").fill(last);
      await dialog.getByLabel("Phone").fill("303555");
      await dialog.getByLabel("Email").fill("not-an-email");
      await dialog.getByRole("button", { name: "Create Customer" }).click();
      await dialog.getByText("Invalid phone number. Please enter a complete 10-digit phone number.").waitFor();
      await dialog.getByText("Invalid email").waitFor();
      await dialog.getByLabel("Phone").fill("3035550199");
      expect(await dialog.getByLabel("Phone").inputValue()).toBe("+1 (303) 555-0199");
      await dialog.getByLabel("Email").fill("");
      await dialog.getByRole("button", { name: "Create Customer" }).click();

      // The Flashbar shows the toast; the new customer is selected.
      await page.getByText("Customer Created").waitFor();
      await page.getByText(`Robin ${last}`).first().waitFor();
      await page.getByRole("button", { name: "Clear Filter" }).click();
      await page.getByRole("button", { name: "Clear Filter" }).waitFor({ state: "detached" });

      await page.getByLabel("Find a customer").fill(last.slice(0, 8));
      await page.getByRole("button", { name: `Select Robin ${last}` }).waitFor();
      await page.getByRole("button", { name: `Edit Robin ${last}` }).click();
      await page.getByRole("dialog").getByLabel("Last name").fill(`${last}x`);
      await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Customer Updated").waitFor();
      await page.getByText(`Robin ${last}x`).first().waitFor();
    });
  });

  it.each([
    ["an employee", seed.employee],
    ["an admin", seed.admin],
  ])("has no serious or critical accessibility violations on the console pages, as %s", async (_who, account) => {
    const problems: string[] = [];
    {
      await withPage(async (page) => {
        await signInStaff(page, account);
        for (const [path, heading] of [
          ["/queue", "Service Queue"],
          ["/admin/orders", "Admin Orders"],
          ["/bags", "Bags"],
          ["/bags/labels?codes=101,102", "Bag Labels"],
          ["/scan", "Scan a Bag"],
          ["/storefront", "Storefront"],
          // The Wizard titles the page with its step (Cloudscape: a wizard step title is the page heading).
          ["/quick-sale", "Customer"],
          ["/admin/nothing-here", "404 Page Not Found"],
          // Admin only, and each says so itself to an employee under the same heading ('Access denied - Admin only',
          // 'You don't have permission to access the admin panel.').
          ["/admin/communications", "Communications Log"],
          ...adminPanelPages,
        ] as const) {
          await page.goto(path);
          await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
          await page.waitForLoadState("networkidle");
          const { violations } = await new AxeBuilder({ page }).analyze();
          problems.push(
            ...violations
              .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
              .map((violation) => `${account.username} ${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
          );
        }
      });
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
