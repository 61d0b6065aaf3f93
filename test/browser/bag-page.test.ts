/**
 * The bag status page and Book again, in Chromium against `npm start`:
 * (a) a bag's printed label, its QR decoded from the page's pixels (jsQR), opens the public page signed out: the
 *     bag, the stage, the pickup day and the place, and nothing personal (in the page and in the HTML served); a
 *     bag that holds no order and an unknown slug show the plain "no order in this bag" page; signed in as an
 *     employee, the same label opens the staff order view;
 * (b) a picked-up order is booked again: the customer opens the order, Book again, the booking page has the paddle
 *     and the services chosen, books and pays on the local payment page; My Grips offers it too, and a paddle that
 *     is in the shop again is not chosen.
 * Each new screen is checked with axe at 1280 and 390 px, and for sideways overflow on the phone. BAG_SHOTS=<dir>
 * keeps screenshots.
 */
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../packages/core/src/shared/calendar";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, fileBrowser, localToken, newVerifiedCustomer, readQr, shop, visit, withPage, withSignedInPage, type NewCustomer } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const shots = process.env.BAG_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const browser = fileBrowser();
const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
const tokenOf = (account: { username: string; password: string }) => localToken(baseUrl, account);

type Customer = NewCustomer;

/** A new customer of this file's own: a login, a name, a verified phone and two paddles. */
const newCustomer = (firstName: string) =>
  newVerifiedCustomer(browser(), { firstName, lastNamePrefix: "Bagpage", nicknames: [`${firstName}'s Blaster`, `${firstName}'s Spare`] });

/** A new bag of the shop's: its code and QR slug. */
async function newBag(): Promise<{ code3: string; qrSlug: string }> {
  const bags = await api("POST", "/api/admin/bags/create", { token: await tokenOf(seed.employee), body: { count: 1 } });
  expect(bags.status, JSON.stringify(bags.body)).toBe(201);
  return bags.body[0];
}

/** A booking made through the API, as the booking page sends it. */
async function book(customer: Customer, paddleId: string, bagNumber: string, addOns: string[] = [], customerNotes?: string) {
  const booked = await api("POST", "/api/book-service", {
    token: customer.token,
    body: { paddleId, bagNumber, dropoffLocation: "LITTLETON", service: "sku-strip-and-grip-black-tacky", addOns, ...(customerNotes ? { customerNotes } : {}) },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body as { id: string; pickupDate: string; totalCents: number };
}

/** Through the shop to picked up, its balance paid at the counter, as staff do. */
async function pickUp(orderId: string) {
  const staff = await tokenOf(seed.employee);
  for (const status of ["IN_QUEUE", "IN_SERVICE", "READY", "PICKED_UP"]) {
    if (status === "PICKED_UP") {
      const { totalCents } = (await api("GET", `/api/orders/${orderId}`, { token: staff })).body;
      expect((await api("POST", `/api/orders/${orderId}/payments`, { token: staff, body: { method: "POS_CASH", amountCents: totalCents } })).status).toBe(200);
    }
    const moved = await api("POST", `/api/orders/${orderId}/status`, { token: staff, body: { status } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
}

/** axe at 1280 and 390 px and no sideways scroll on the phone, on the page as it is (resized, not loaded again), with a screenshot of each when BAG_SHOTS is set. */
const checkScreen = (page: Parameters<typeof checkAtBothWidths>[0], what: string) => checkAtBothWidths(page, what, { shots });

describe("the bag status page and Book again", { timeout: 240_000 }, () => {
  it("(a) the label's QR opens the bag's status signed out, with nothing personal, and the staff order view signed in", async () => {
    const customer = await newCustomer("Quinn");
    const bag = await newBag();
    const notes = `Keep my lucky tape ${randomInt(1000, 9999)}`;
    const order = await book(customer, customer.paddleIds[0]!, bag.code3, [], notes);

    // The printed label, read as a phone's camera would.
    const labelUrl = await withSignedInPage(
      browser(),
      baseUrl,
      seed.employee,
      async (page) => {
        await page.goto(`/bags/labels?codes=${bag.code3}`);
        await page.getByRole("img", { name: `QR code for bag ${bag.code3}` }).waitFor();
        return (await readQr(page, ".bag-label-qr")) ?? "";
      },
      { bypassCSP: true },
    );
    expect(labelUrl).toBe(`${new URL(baseUrl).origin}/b/${bag.qrSlug}`);

    const personal = [customer.firstName, customer.lastName, customer.username, customer.phone, customer.phone.slice(2), notes, order.id, "$"];
    // The HTML served for the address is the prerendered shell: nothing of the order in it at all.
    const html = await (await fetch(labelUrl)).text();
    expect(html).toContain("Looking up this bag...");
    for (const text of personal.filter((text) => text !== "$")) expect(html, text).not.toContain(text);

    await withPage(browser(), baseUrl, async (page) => {
      await page.goto(labelUrl);
      await page.getByRole("heading", { name: `Bag ${bag.code3}`, level: 1 }).waitFor();
      const main = page.locator(".bag-page");
      expect(await main.locator(".bag-stage").innerText()).toBe("Awaiting Payment");
      expect(await main.innerText()).toContain(formatDate(order.pickupDate));
      expect(await main.innerText()).toContain("Regrip Littleton");
      const shown = await page.locator("body").innerText();
      for (const text of personal) expect(shown, text).not.toContain(text);
      await checkScreen(page, "bag-status");

      // A bag that holds no order, and a slug no bag has: the plain page, in the server's words.
      const empty = await newBag();
      await visit(page, `/b/${empty.qrSlug}`);
      await page.getByRole("heading", { name: "No order in this bag", level: 1 }).waitFor();
      await visit(page, `/b/${"q".repeat(26)}`);
      await page.getByRole("heading", { name: "No order in this bag", level: 1 }).waitFor();
      await checkScreen(page, "bag-empty");
    });

    // Staff signed in: the same label opens the order, as scanning it always did.
    await withSignedInPage(browser(), baseUrl, seed.employee, async (page) => {
      await page.goto(labelUrl);
      await page.waitForURL((url) => url.pathname === `/queue/orders/${order.id}`);
      await page.getByText(`${customer.firstName} ${customer.lastName}`).first().waitFor();
    });

    // Picked up: the bag is free, and its page says so.
    await pickUp(order.id);
    await withPage(browser(), baseUrl, async (page) => {
      await page.goto(labelUrl);
      await page.getByRole("heading", { name: "No order in this bag", level: 1 }).waitFor();
    });
  });

  it("(b) a picked-up order is booked again: the paddle and services chosen, priced anew, paid on the local payment page", async () => {
    const customer = await newCustomer("Reese");
    const paddleId = customer.paddleIds[1]!;
    const addOns = ["sku-extra-overgrip", "sku-premium-edge-guard-black"];
    const first = await book(customer, paddleId, (await newBag()).code3, addOns, "Old notes, not carried over");
    await pickUp(first.id);
    const bag = await newBag();

    await withSignedInPage(browser(), baseUrl, customer, async (page) => {
      // My Grips offers it on the picked-up order's row.
      await page.goto("/my-grips");
      const fromList = page.getByRole("link", { name: /^Book again order/ });
      await fromList.first().waitFor();
      expect(await fromList.first().getAttribute("href")).toBe(`/booking?again=${first.id}`);

      await visit(page, `/orders/${first.id}`);
      await page.getByRole("link", { name: "Book again" }).click();
      await page.waitForURL((url) => url.pathname === "/booking");
      const note = page.locator(".again-note");
      await note.waitFor();
      expect(await note.innerText()).toContain(`Reese's Spare, with the same services.`);
      // The second of two paddles is chosen, and the three services; nothing else of the old order.
      await expect.poll(() => page.getByRole("radio", { name: /Reese's Spare/ }).isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: /Reese's Blaster/ }).isChecked()).toBe(false);
      const summary = page.locator(".booking-summary");
      for (const name of ["Strip and Grip", "Extra Overgrip", "Premium Edge Guard"]) await summary.getByText(name).first().waitFor();
      expect(await page.getByLabel("Special instructions").inputValue()).toBe("");
      await page.getByLabel(/Bag number/).fill(bag.code3);
      await page.getByText(`Bag ${bag.code3} is yours to use.`).waitFor();
      await checkScreen(page, "booking-again");

      await page.getByRole("button", { name: "Book Service" }).first().click();
      await page.getByRole("dialog", { name: "Confirm Your Booking" }).getByRole("button", { name: "Confirm and Pay" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
      const paid = await page.getByTestId("total").innerText();
      await page.getByRole("button", { name: `Pay ${paid}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
      const againId = new URL(page.url()).pathname.split("/").at(-1)!;
      expect(againId).not.toBe(first.id);

      const again = (await api("GET", `/api/orders/${againId}`, { token: customer.token })).body;
      expect(again.paddleId).toBe(paddleId);
      expect(again.lineItems.map((line: { skuId: string }) => line.skuId).sort()).toEqual(["sku-strip-and-grip-black-tacky", ...addOns].sort());
      expect(again.customerNotes).toBeNull();
      // Priced by the server from today's catalogue: the lines' prices add up to its subtotal.
      expect(again.subtotalCents).toBe(again.lineItems.reduce((sum: number, line: { price: number; quantity: number }) => sum + line.price * line.quantity, 0));

      // The paddle is in the shop again: booking the old order again chooses no paddle, and says why.
      await visit(page, `/booking?again=${first.id}`);
      await note.waitFor();
      expect(await note.innerText()).toContain("Reese's Spare is in the shop now: you can book it again after you pick it up.");
      const inShop = page.getByRole("radio", { name: /Reese's Spare/ });
      expect(await inShop.isDisabled()).toBe(true);
      expect(await inShop.isChecked()).toBe(false);
    });
  });
});
