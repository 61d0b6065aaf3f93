/**
 * Walk-ins get a receipt (issue: "A walk-in who pays by the texted link lands on 'Sign in to Regrip', with no
 * receipt"): an employee sends a storefront invoice to a walk-in made at the counter; the walk-in, signed out on a
 * phone, opens the texted link from the shop's SMS outbox, pays on the local checkout and lands on the receipt with
 * the order's lines and "Paid"; the receipt is then texted too, and its link opens the same receipt (at 1280 px),
 * printable without the site's frame. A link with a wrong token shows no receipt.
 */
import { randomInt } from "node:crypto";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, expectAccessible, fileBrowser, textsTo as outboxTexts, shop, visit, withPage, withSignedInPage, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const screenshots = process.env.SCREENSHOT_DIR;

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
const textsTo = (phone: string) => outboxTexts(shop.dataDir, phone);
/** A phone number no other test uses (the outbox is shared by the whole run). */
const newPhone = () => `+1720${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

async function tokenOf(account: { username: string; password: string }): Promise<string> {
  return localToken(baseUrl, account);
}

/** Waits until the outbox holds a text to `phone` that `matches`, and answers it. */
async function textMatching(phone: string, matches: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = textsTo(phone).find((text) => matches.test(text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no text to ${phone} matching ${matches}: ${JSON.stringify(textsTo(phone))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** No element reaches past the viewport's right edge. */
const overflowing = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll("body *")]
    .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map((element) => element.tagName.toLowerCase() + "." + element.className)`) as Promise<string[]>;

describe("a walk-in's receipt", () => {
  it("a walk-in pays the texted link and sees the receipt", async () => {
    const employee = await tokenOf(seed.employee);
    const walkIn = { first: "Riley", last: `Walkin${Date.now().toString(36)}`, phone: newPhone() };
    const made = await api("POST", "/api/admin/customers", {
      token: employee,
      body: { firstName: walkIn.first, lastName: walkIn.last, phone: walkIn.phone, email: "" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const bags = await api<{ code3: string }[]>("POST", "/api/admin/bags/create", { token: employee, body: { count: 1 } });
    expect(bags.status, JSON.stringify(bags.body)).toBe(201);
    const bagCode = bags.body[0]!.code3;

    // Staff at the counter (signed in by a stored session, on the storefront where they land): a storefront invoice
    // of two edge tapes and an edge guard, texted.
    await withSignedInPage(browser(), baseUrl, seed.employee, async (page) => {
      await page.goto("/storefront");
      await page.getByLabel("Find a customer").fill(walkIn.last.slice(0, 9));
      await page.getByRole("button", { name: `Select ${walkIn.first} ${walkIn.last}` }).click();
      await page.waitForURL((url) => url.pathname === `/storefrontbooking/${made.body.id}`);
      const tape = page.getByRole("button", { name: /^Add Edge Tape$/ });
      await tape.click();
      await tape.click();
      await page.getByRole("button", { name: /^Add Premium Edge Guard \(Black/ }).click();
      const summary = page.locator(".storefront-summary");
      await summary.getByText("$25.00").first().waitFor(); // 2 x $5 + $15
      await page.getByPlaceholder("Big Red").fill("Walk-in Red");
      await summary.getByLabel("Bag number").fill(bagCode);
      await summary.getByText(`Bag ${bagCode} is free`).waitFor();
      await summary.getByRole("button", { name: "Review Order" }).click();
      // Texted to the number the employee confirmed with the walk-in (never verified by a code).
      const review = page.getByRole("dialog", { name: "Review Order" });
      await review.getByRole("radio", { name: /Text the payment link/ }).check();
      await review.getByRole("checkbox", { name: "I confirmed this number with the customer" }).check();
      await review.getByRole("button", { name: "Create Order & Text Payment Link" }).click();
      // The sale lands on its order, whose bill is the server's: the lines, the total, what is due.
      await page.waitForURL((url) => url.pathname.startsWith("/queue/orders/"));
      await page.getByText("Unpaid · $25.00 due").waitFor();
      for (const line of ["Edge Tape", "Premium Edge Guard"]) await page.getByText(line).first().waitFor();
      await checkAtBothWidths(page, "the storefront sale's order", { overflow: "page", exclude: '[class*="awsui_mobile-toolbar-nav"]' });
    });
    const linkText = await textMatching(walkIn.phone, /\/local-pay\//);
    const payLink = /(https?:\/\/\S+\/local-pay\/\S+)/.exec(linkText)![1]!;

    // The walk-in, on a phone, never signed in: the texted link, Pay, and the receipt.
    let receiptPath = "";
    await withPage(
      browser(),
      baseUrl,
      async (page) => {
        await page.goto(payLink);
        // The payment page shows the order's bill: its lines, the total and what is due.
        const payRows = await page.getByRole("table", { name: "Order summary" }).locator("tr").allInnerTexts();
        expect(payRows.map((row) => row.replace(/\s+/g, " ").trim())).toEqual([
          "Edge Tape × 2 $10.00",
          "Premium Edge Guard Black $15.00",
          "Subtotal $25.00",
          "Total $25.00",
          "Balance due $25.00",
        ]);
        await checkAtBothWidths(page, "the payment page's bill");
        await page.getByRole("button", { name: "Pay $25.00" }).click();
        await page.waitForURL((url) => url.pathname.startsWith("/receipt/"));
        await page.getByRole("heading", { name: "Payment received" }).waitFor();
        expect(await page.getByText("Sign in to Regrip").count()).toBe(0);
        const receipt = page.locator("article.receipt");
        await receipt.getByRole("heading", { name: "Receipt", level: 1 }).waitFor();
        // The order by its number, its bag beside it.
        expect(await receipt.getByText(new RegExp(`^R-\\d{4,} · Bag ${bagCode}$`)).count()).toBe(1);
        // The order's bill: its lines, the total, the card payment and nothing left to pay.
        const bill = receipt.getByTestId("bill");
        const rows = await bill.locator("li").allInnerTexts();
        expect(rows.map((row) => row.replace(/\s+/g, " ").trim())).toEqual(["Edge Tape × 2 $10.00", "Premium Edge Guard Black $15.00"]);
        expect(await page.getByTestId("receipt-total").innerText()).toBe("$25.00");
        expect((await bill.locator("dl div").filter({ hasText: "Card online" }).innerText()).replace(/\s+/g, " ")).toMatch(/^Card online .+ at .+ \$25\.00$/);
        expect(await bill.getByTestId("bill-balance").innerText()).toBe("$0.00");
        expect(await page.getByTestId("receipt-payment-status").innerText()).toBe("Paid");
        await receipt.getByText("Visa ending 4242").waitFor();
        // Nothing of the walk-in's own or the staff's: no name, no phone.
        const words = await receipt.innerText();
        expect(words).not.toContain(walkIn.last);
        expect(words).not.toContain(walkIn.phone.slice(2));
        // The return's `paid=1` is taken off: the address is the receipt's own link.
        const url = new URL(page.url());
        expect(url.searchParams.get("paid")).toBeNull();
        expect(url.searchParams.get("t")).toMatch(/^[A-Za-z0-9_-]{22}$/);
        receiptPath = url.pathname + url.search;
        expect(await overflowing(page)).toEqual([]);
        await expectAccessible(page, "the receipt at 390 px");
        if (screenshots) await page.screenshot({ path: join(screenshots, "receipt-390.png"), fullPage: true });
      },
      { viewport: { width: 390, height: 844 }, isMobile: true },
    );

    // The receipt is texted too, once, with the total paid and the same link.
    const receiptText = await textMatching(walkIn.phone, /Your receipt:/);
    expect(receiptText).toContain("$25.00");
    expect(receiptText).toContain(`${baseUrl}${receiptPath}`);
    expect(textsTo(walkIn.phone).filter((text) => text.includes("Your receipt:"))).toHaveLength(1);

    // Its link, opened later on a computer: the same receipt, and on paper without the site's frame.
    await withPage(browser(), baseUrl, async (page) => {
      await page.goto(/(https?:\/\/\S+\/receipt\/\S+)/.exec(receiptText)![1]!);
      await page.getByRole("heading", { name: "Receipt", level: 1 }).waitFor();
      expect(await page.getByTestId("receipt-payment-status").innerText()).toBe("Paid");
      expect(await page.getByRole("heading", { name: "Payment received" }).count()).toBe(0);
      expect(await overflowing(page)).toEqual([]);
      if (screenshots) await page.screenshot({ path: join(screenshots, "receipt-1280.png"), fullPage: true });
      await page.emulateMedia({ media: "print" });
      expect(await page.locator(".site-header").isVisible()).toBe(false);
      expect(await page.getByRole("button", { name: "Print receipt" }).isVisible()).toBe(false);
      expect(await page.locator("article.receipt").isVisible()).toBe(true);
      if (screenshots) await page.screenshot({ path: join(screenshots, "receipt-print.png"), fullPage: true });
      await page.emulateMedia({ media: "screen" });

      // One character off: no receipt (the receipt page, moved to in the app, asks the server for it again).
      const wrong = receiptPath.replace(/t=(.)/, (_, first: string) => `t=${first === "A" ? "B" : "A"}`);
      await visit(page, wrong);
      await page.getByRole("heading", { name: "Receipt Not Found" }).waitFor();
      expect(await page.getByText("$25.00").count()).toBe(0);
    });
  }, 180_000);
});
