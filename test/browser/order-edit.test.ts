/**
 * A build-up asked for at drop-off: the employee opens a booking's staff order view, Edit Lines, picks Handle
 * Build-Up, reads the new bill the server priced before saving (a quantity of 0 refused under its field first),
 * saves, and the order's bill shows the new total; the dialog checked with axe at 1280 and 390 px. Then Print
 * Ticket: the work ticket with the customer, paddle, services with color and feel, notes, promised day, bag and the
 * bag's QR, in print emulation, printed to PDF on Letter and on a 4x6 label (one page of that size each).
 */
import { randomInt } from "node:crypto";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { EDIT_QUANTITY_RANGE } from "../../packages/core/src/shared/order-edit";
import { callApi, checkAtBothWidths, expectAccessible, fileBrowser, localToken, readQr, readyBooking, shop, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const browser = fileBrowser();
const screenshots = process.env.SCREENSHOT_DIR;
/** Cloudscape's own phone toolbar, which axe faults at 390 px on every console page (counter.test.ts leaves it out too). */
const frame = '[class*="awsui_mobile-toolbar-nav"]';

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
/** A page signed in as `account` at 1280x900 (`bypassCSP`: the QR reader adds jsQR to the page). */
const withPage = <T>(account: { username: string; password: string }, run: (page: Page) => Promise<T>) => withSignedInPage(browser(), baseUrl, account, run, { bypassCSP: true });

/** The page size and count of a PDF Chromium printed (its pages' MediaBox, in points). */
function pdfPages(pdf: Buffer): { count: number; size: string[] } {
  const text = pdf.toString("latin1");
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((match) => `${Math.round(Number(match[1]))}x${Math.round(Number(match[2]))}`);
  return { count: (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length, size: [...new Set(boxes)] };
}

describe("editing an order at drop-off, and its work ticket", () => {
  it("adds a build-up with the new bill shown before saving, then prints the bench's ticket on Letter and a 4x6 label", async () => {
    const [customer, admin, employee] = await Promise.all([localToken(baseUrl, seed.customer), localToken(baseUrl, seed.admin), localToken(baseUrl, seed.employee)]);
    const nickname = `Build Me ${randomInt(1000, 9999)}`;
    const paddle = await api("POST", "/api/paddles", { token: customer, body: { brand: "Selkirk", model: "Vanguard", nickname } });
    expect(paddle.status, JSON.stringify(paddle.body)).toBe(201);
    const bags = await api("POST", "/api/admin/bags/create", { token: admin, body: { count: 1 } });
    const bag = bags.body[0] as { code3: string; qrSlug: string };
    const booked = await api("POST", "/api/book-service", {
      token: customer,
      body: { paddleId: paddle.body.id, bagNumber: bag.code3, dropoffLocation: "LITTLETON", service: "sku-strip-and-grip-black-tacky", customerNotes: "Handle feels thin" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const orderId: string = booked.body.id;
    expect((await api("PUT", `/api/orders/${orderId}/notes`, { token: employee, body: { myGripNotes: "Two wraps of build-up" } })).status).toBe(200);
    const before = (await api("GET", `/api/orders/${orderId}`, { token: employee })).body;

    await withPage(seed.employee, async (page) => {
      await page.goto(`/queue/orders/${orderId}`);
      await page.getByRole("button", { name: "Edit Lines" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("table", { name: "Lines on the order" }).waitFor();

      // A quantity of 0 is refused under its field, before anything is asked of the server.
      await dialog.getByRole("button", { name: "Choose a product" }).click();
      await page.getByRole("option", { name: /Handle Build-Up/ }).first().click();
      await dialog.getByLabel("Quantity").fill("0");
      await dialog.getByRole("button", { name: "Add", exact: true }).click();
      await dialog.getByText(EDIT_QUANTITY_RANGE).waitFor();
      await dialog.getByLabel("Quantity").fill("1");
      await dialog.getByRole("button", { name: "Add", exact: true }).click();
      await dialog.getByText("1 x Handle Build-Up").waitFor();

      // The new bill, priced by the server, before saving.
      const newBill = dialog.getByRole("table", { name: "New bill" });
      await newBill.waitFor();
      const previewTotal = await newBill.getByTestId("bill-total").innerText();
      expect(previewTotal).not.toBe(await page.getByTestId("bill-total").first().innerText());
      await checkAtBothWidths(page, "edit-lines", { selector: "[role=dialog]", overflow: "page", shots: screenshots });

      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await dialog.waitFor({ state: "hidden" });
      await expect.poll(() => page.getByTestId("bill-total").first().innerText()).toBe(previewTotal);
      await page.getByRole("table", { name: "Bill" }).getByText("Handle Build-Up").waitFor();

      // The bench's ticket.
      await page.getByRole("button", { name: "Print Ticket" }).click();
      await page.waitForURL((url) => url.pathname === `/queue/orders/${orderId}/ticket`);
      const ticket = page.getByTestId("work-ticket");
      await ticket.waitFor();
      const words = await ticket.innerText();
      for (const expected of [before.number, bag.code3, "Casey Dink", nickname, "Selkirk Vanguard", "Strip and Grip", "Black · Tacky", "Handle Build-Up", "Handle feels thin", "Two wraps of build-up"]) {
        expect(words, expected).toContain(expected);
      }
      expect(words).toMatch(/Promised\s+\w+day, \w+ \d+/);
      await ticket.locator("svg.wt-qr").waitFor();
      expect(await readQr(page, "[data-testid=work-ticket] svg.wt-qr")).toBe(`${new URL(baseUrl).origin}/b/${bag.qrSlug}`);
      await checkAtBothWidths(page, "work-ticket", { overflow: "page", exclude: frame, shots: screenshots });

      // On paper: the ticket alone (its copy at the top of the page), on the size chosen; the toast of the save not.
      const printed = page.getByTestId("work-ticket-print");
      expect(await printed.isVisible()).toBe(false);
      await page.emulateMedia({ media: "print" });
      expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
      expect(await page.getByRole("heading", { name: "Work ticket", level: 1 }).isVisible()).toBe(false);
      expect(await page.getByText("Order Updated").isVisible()).toBe(false);
      expect(await printed.isVisible()).toBe(true);
      expect(await printed.innerText()).toContain(words.split("\nPrinted")[0]!);
      expect((await printed.boundingBox())?.y).toBe(0);
      if (screenshots) await page.screenshot({ path: join(screenshots, "work-ticket-print-letter.png"), fullPage: true });
      expect(pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }))).toEqual({ count: 1, size: ["612x792"] });

      await page.emulateMedia({ media: "screen" });
      await page.getByRole("radio", { name: "4x6 label" }).or(page.getByRole("button", { name: "4x6 label" })).first().click();
      await page.waitForURL((url) => url.searchParams.get("size") === "label");
      await expectAccessible(page, "the 4x6 ticket", undefined, { exclude: frame });
      await page.emulateMedia({ media: "print" });
      await page.setViewportSize({ width: 384, height: 576 });
      if (screenshots) await page.screenshot({ path: join(screenshots, "work-ticket-print-label.png"), fullPage: true });
      expect(pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }))).toEqual({ count: 1, size: ["288x432"] });
    });

    // Saved as the dialog showed it, with the stock it took.
    const after = (await api("GET", `/api/orders/${orderId}`, { token: employee })).body;
    expect(after.lineItems.map((line: { name: string }) => line.name)).toEqual(["Strip and Grip", "Handle Build-Up"]);
    expect(after.bill.totalCents).toBeGreaterThan(before.bill.totalCents);
    // Two screens at two widths, a QR decoded and two PDFs: about 45 s alone, past the file default of 60 s on a loaded machine.
  }, 120_000);

  it("after payment, Add to This Order makes a new balance of its own: the pickup waits for it, then the paddle leaves", async () => {
    const [customer, admin, employee] = await Promise.all([localToken(baseUrl, seed.customer), localToken(baseUrl, seed.admin), localToken(baseUrl, seed.employee)]);
    // Paid on the local payment page, then made Ready: the paddle waits at the counter.
    const { id: orderId, number: reference } = await readyBooking(baseUrl, { customer, admin, employee });


    await withPage(seed.employee, async (page) => {
      await page.goto(`/queue/orders/${orderId}`);
      // Paid: its lines no longer change; more is added as a new balance.
      await page.getByRole("button", { name: "Add to This Order" }).waitFor();
      expect(await page.getByRole("button", { name: "Edit Lines" }).count()).toBe(0);
      await page.getByRole("button", { name: "Add to This Order" }).click();
      const dialog = page.getByRole("dialog", { name: `Add to ${reference}` });
      await dialog.getByText(`${reference} is paid. What you add here is a new balance to pay`).waitFor();
      // Nothing chosen: refused in the form, nothing asked of the server.
      await dialog.getByRole("button", { name: "Add & Take Payment" }).click();
      await dialog.getByText("Choose a product to add first").waitFor();
      await dialog.getByRole("button", { name: "Choose a product" }).click();
      await page.getByRole("option", { name: /Handle Build-Up/ }).first().click();
      await dialog.getByRole("button", { name: "Add", exact: true }).click();
      await dialog.getByText("1 x Handle Build-Up").waitFor();
      await checkAtBothWidths(page, "add-to-paid", { selector: "[role=dialog]", overflow: "page", shots: screenshots });
      await dialog.getByRole("button", { name: "Add & Take Payment" }).click();

      // On the added order, its payment dialog open; put off for now.
      await page.waitForURL((url) => url.pathname.startsWith("/queue/orders/") && !url.pathname.endsWith(orderId));
      const addedId = new URL(page.url()).pathname.split("/")[3]!;
      const pay = page.getByRole("dialog", { name: /^Take payment: order R-\d{4,}$/ });
      await pay.waitFor();
      await pay.getByRole("button", { name: "Cancel" }).click();
      await page.getByText(`Added to ${reference} after payment`).first().waitFor();
      await checkAtBothWidths(page, "added-order", { overflow: "page", exclude: frame, shots: screenshots });

      // The paddle does not leave owing: Mark Picked Up on the paid order is refused, naming what to collect.
      await page.getByRole("link", { name: reference }).click();
      await page.waitForURL((url) => url.pathname.endsWith(orderId));
      await page.getByText("Added after payment: to collect before pickup").waitFor();
      await page.getByRole("button", { name: "Mark Picked Up" }).click();
      await page.getByText(/Collect what was added to this order first/).first().waitFor();
      expect((await api("GET", `/api/orders/${orderId}`, { token: employee })).body.status).toBe("READY");

      // Collected on the counter's terminal: the added order is done, and the paddle leaves.
      await page.getByText("Added after payment: to collect before pickup").locator("..").locator("..").getByRole("link").first().click();
      await page.waitForURL((url) => url.pathname.endsWith(addedId));
      await page.getByRole("button", { name: "Take Payment" }).click();
      await pay.getByRole("radio", { name: /^Card on the counter/ }).check();
      await pay.getByRole("button", { name: /^Record \$/ }).click();
      await page.getByText("Paid · Card at the counter").waitFor();
      await page.getByRole("link", { name: reference }).click();
      await page.waitForURL((url) => url.pathname.endsWith(orderId));
      await page.getByRole("button", { name: "Mark Picked Up" }).click();
      await expect.poll(async () => (await api("GET", `/api/orders/${orderId}`, { token: employee })).body.status).toBe("PICKED_UP");
      const added = (await api("GET", `/api/orders/${addedId}`, { token: employee })).body;
      expect(added).toMatchObject({ status: "PICKED_UP", paymentStatus: "paid", addedTo: { id: orderId, reference }, lineItems: [expect.objectContaining({ name: "Handle Build-Up" })] });
    });

    // The customer reads both: what was added to their order, and what it was added to.
    await withPage(seed.customer, async (page) => {
      await page.goto(`/orders/${orderId}`);
      const added = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Added to this order" }) });
      await added.getByText(/: \$\d+\.\d\d · Paid$/).waitFor();
      await checkAtBothWidths(page, "customer-order-with-added", { overflow: "page", shots: screenshots });
      await added.getByRole("link").click();
      await page.getByRole("heading", { name: `Added to order ${reference}` }).waitFor();
      await checkAtBothWidths(page, "customer-added-order", { overflow: "page", shots: screenshots });
    });
  }, 120_000);
});
