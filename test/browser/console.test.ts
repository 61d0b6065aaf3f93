/**
 * The staff console: the staff guard before any console code, the frame's navigation and Flashbar, the
 * queue's customer dialogs with the shared schema's messages and the server search, and axe on every console page.
 */
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { adminPanelPages, doneLoading, expectAccessible, fileBrowser, settled, shop, visit, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const browser = fileBrowser();

describe("staff console", () => {
  it("turns a customer away from the console with 'Access Denied' before any console code loads", async () => {
    // Signed in from the start (a stored session): the console's address is the first page loaded, as a guard
    // before any console code is the point.
    await withSignedInPage(browser(), baseUrl, seed.customer, async (page) => {
      const chunks: string[] = [];
      page.on("request", (request) => chunks.push(new URL(request.url()).pathname));
      await page.goto("/queue");
      await page.getByText("You don't have permission to access this page.").waitFor();
      await page.waitForURL((url) => url.pathname === "/");
      expect(chunks.filter((path) => /ConsoleLayout|QueuePage/.test(path))).toEqual([]);
    });
  });

  it("lets an employee create a customer, checked with the shared schema's messages, then find them by search", async () => {
    await withSignedInPage(browser(), baseUrl, seed.employee, async (page) => {
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
    await withSignedInPage(browser(), baseUrl, account, async (page) => {
      // One load of the console, then in-app moves from page to page (axe is put into the page once).
      let loaded = false;
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
        if (loaded) await visit(page, path);
        else await page.goto(path);
        loaded = true;
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await doneLoading(page);
        // An alert fading in is read by axe once it has (its colours halfway are neither before nor after).
        await settled(page);
        await expectAccessible(page, `${account.username} ${path}`);
      }
    });
  }, 180_000);
});
