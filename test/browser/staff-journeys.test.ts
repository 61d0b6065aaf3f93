/**
 * The staff console's journeys, in Chromium against a real shop (`npm start`: DynamoDB Local,
 * cognito-local, the SMS outbox), each as staff do it at the counter:
 *
 * 1. An admin makes a bag and prints its label; the label's QR (the bag's status page, `/b/{slug}`) is read back
 *    from the page's pixels with a QR decoder (jsQR), as a phone's camera would.
 * 2. An employee finds a customer, builds a storefront cart with a promo and a new paddle, sends the invoice with
 *    the payment link texted to the number confirmed with the customer, and lands on the order: the outbox holds the text.
 * 3. The employee moves that order through the queue to ready: the outbox holds the ready text.
 * 4. The printed label, scanned, opens the staff order view of the order in its bag; so does its code typed on the
 *    scanner page; Mark Picked Up asks for the unpaid balance, cash is taken and the paddle handed over.
 * 5. A quick sale to a walk-in paying cash: no verification code, the payment taken in the order page's dialog.
 * 6. A bag used twice (a booking canceled, the paddle booked again in the same bag): two orders with two numbers, on
 *    the customer's My Grips and order page, and in the queue and Admin Orders, where the number finds its one order.
 *
 * The tests of this file run in order and hand on what they made (the bag, the order). Each starts signed in (a
 * stored session, not /login) on the page it is about.
 */
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, fileBrowser, newVerifiedCustomer, readQr, textsTo as outboxTexts, shop, visit, withSignedInPage, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);

async function tokenOf(account: { username: string; password: string }): Promise<string> {
  return localToken(baseUrl, account);
}

/** A page signed in as `account` from the start (a stored session); the test opens the page it is about. */
const withPage = <T>(
  account: { username: string; password: string },
  run: (page: Page) => Promise<T>,
  viewport = { width: 1280, height: 900 },
  options: { bypassCSP?: boolean } = {},
) => withSignedInPage(browser(), baseUrl, account, run, { viewport, ...options });
const textsTo = (phone: string) => outboxTexts(shop.dataDir, phone);

/** A phone number no other test uses (the outbox is shared by the whole run). */
const newPhone = () => `+1720${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
const typedPhone = (e164: string) => e164.slice(2);

const visibility = (page: Page, selector: string) => page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).visibility`);

describe("staff journeys", () => {
  let bagCode = "";
  let labelUrl = "";
  let orderId = "";
  const customer = { first: "Jordan", last: `Counter${Date.now().toString(36)}`, phone: newPhone() };

  it("an admin makes a bag on the Bags page and prints its label, whose QR reads as that bag's status page", async () => {
    await withPage(seed.admin, async (page) => {
      await page.goto("/bags");
      const form = page.getByRole("form", { name: "Create bags" });
      await form.getByLabel("Number of bags").fill("1");
      await form.getByRole("button", { name: "Create Bags" }).click();
      const made = page.getByText(/^1 new bag: /);
      await made.waitFor();
      bagCode = (await made.innerText()).replace("1 new bag: ", "").trim();
      expect(bagCode).toMatch(/^[0-9A-Z]{3}$/);

      await page.getByRole("link", { name: "Print their labels" }).click();
      await page.waitForURL((url) => url.pathname === "/bags/labels");
      await page.getByRole("img", { name: `QR code for bag ${bagCode}` }).waitFor();
      expect(await page.locator(".bag-label-code").innerText()).toBe(bagCode);
      // On paper: only the labels.
      await page.emulateMedia({ media: "print" });
      expect(await visibility(page, ".site-header")).toBe("hidden");
      expect(await visibility(page, ".bag-label")).toBe("visible");
      await page.emulateMedia({ media: "screen" });

      labelUrl = (await readQr(page, ".bag-label-qr")) ?? "";
      // The bag's public status page, which sends staff on to the order.
      const read = new URL(labelUrl);
      expect(read.origin).toBe(new URL(baseUrl).origin);
      expect(read.pathname).toMatch(/^\/b\/[a-z0-9]+$/);
      // The slug is the bag's, and unguessable: not its code.
      const slug = read.pathname.slice("/b/".length);
      expect(slug.length).toBeGreaterThanOrEqual(20);
      const bag = await api("GET", `/api/bags/${encodeURIComponent(slug)}`, { token: await tokenOf(seed.admin) });
      expect(bag.body.bag.code3).toBe(bagCode);
      // The test's own decoder is a script the shop's Content-Security-Policy would (rightly) refuse.
    }, undefined, { bypassCSP: true });
  }, 120_000);

  it("an employee finds a customer, builds a storefront cart with a promo and sends the invoice: the text with the payment link is in the outbox", async () => {
    const employee = await tokenOf(seed.employee);
    const made = await api("POST", "/api/admin/customers", {
      token: employee,
      body: { firstName: customer.first, lastName: customer.last, phone: customer.phone, email: "" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    await withPage(seed.employee, async (page) => {
      await page.goto("/storefront");
      await page.getByLabel("Find a customer").fill(customer.last.slice(0, 9));
      await page.getByRole("button", { name: `Select ${customer.first} ${customer.last}` }).click();
      await page.waitForURL((url) => url.pathname === `/storefrontbooking/${made.body.id}`);
      await page.getByRole("heading", { name: `${customer.first} ${customer.last}`, level: 1 }).waitFor();

      // Two of a grip (Add twice adds 1 each time) and an edge guard, each chosen on its product's one card.
      const stripAndGrip = page.getByRole("group", { name: "Strip and Grip" });
      await stripAndGrip.getByRole("button", { name: /Feel/ }).click();
      await page.getByRole("option", { name: /^Tacky/ }).click();
      const grip = stripAndGrip.getByRole("button", { name: "Add Strip and Grip (Black, Tacky)" });
      await grip.click();
      await grip.click();
      await page.getByRole("button", { name: "Add Premium Edge Guard (Black)" }).click();
      expect(await grip.innerText()).toContain("Add (2 in cart)");
      const summary = page.locator(".storefront-summary");
      await summary.getByText("$105.00").first().waitFor(); // 2 x $45 + $15

      // The paddle: a new one, its nickname required before Review.
      await summary.getByRole("button", { name: "Review Order" }).click();
      await page.getByText("Nickname is required").first().waitFor();
      await page.getByPlaceholder("Big Red").fill("Journey Blue");
      // Review refuses a bag number that is not a bag's code, under the field.
      await summary.getByLabel("Bag number").fill("12");
      await summary.getByRole("button", { name: "Review Order" }).click();
      await summary.getByText("Please enter a 3-digit bag number").waitFor();

      await summary.getByLabel("Promo code").fill("welcome10");
      await summary.getByRole("button", { name: "Apply" }).click();
      await page.getByText("Promo Applied").waitFor();
      await summary.getByText("-$10.50").waitFor();
      await summary.getByLabel("Bag number").fill(bagCode);
      await summary.getByText(`Bag ${bagCode} is free`).waitFor();
      await summary.getByRole("button", { name: "Review Order" }).click();
      const review = page.getByRole("dialog", { name: "Review Order" });
      await review.getByText("$94.50").waitFor();
      // The link goes only to a number the employee confirmed with the customer (they never verified it by a code).
      await review.getByRole("radio", { name: /Text the payment link/ }).check();
      await review.getByRole("button", { name: "Create Order & Text Payment Link" }).click();
      await review.getByText(/confirm the number with the customer/).waitFor();
      await review.getByRole("checkbox", { name: "I confirmed this number with the customer" }).check();
      await review.getByRole("button", { name: "Create Order & Text Payment Link" }).click();

      // The sale lands on its order.
      await page.waitForURL((url) => url.pathname.startsWith("/queue/orders/"));
      orderId = new URL(page.url()).pathname.split("/").pop()!;
      await page.getByText(/Payment link texted to/).first().waitFor();
      await page.getByText("Unpaid · $94.50 due").waitFor();
      await page.getByText("Journey Blue").first().waitFor();

      const texts = textsTo(customer.phone);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain("/local-pay/");

      // The server priced it: 2 x $45 + $15, 10% off, half a cent up.
      const order = await api("GET", `/api/orders/${orderId}`, { token: employee });
      expect(order.status).toBe(200);
      expect(order.body).toMatchObject({ bagNumber: bagCode, status: "WAITING_ON_PAYMENT" });
      expect(order.body.totalCents).toBe(9450);
    });
  }, 120_000);

  it("the employee moves that order through the queue to ready, found by its bag code: the customer is texted", async () => {
    expect(orderId).not.toBe("");
    await withPage(seed.employee, async (page) => {
      await page.goto("/queue");
      await page.getByLabel("Search orders").fill(bagCode);
      const row = page.getByRole("row").filter({ hasText: customer.last });
      await row.waitFor();
      for (const [action, status] of [
        ["Move to Queue", "Service Queue"],
        ["Start Service", "Being Serviced"],
        ["Mark Complete", "Complete"],
      ] as const) {
        await row.getByRole("button", { name: /Change Status/ }).click();
        await page.getByRole("menuitem", { name: action }).click();
        await page.getByText("Status Updated").first().waitFor();
        await row.getByText(status, { exact: true }).waitFor();
      }
    });
    const order = await api("GET", `/api/orders/${orderId}`, { token: await tokenOf(seed.employee) });
    expect(order.body.status).toBe("READY");
    // A counter sale is picked up where it was made: the text names our counter, never "Regrip the counter".
    await expect.poll(() => textsTo(customer.phone).filter((text) => text.includes("ready for pickup at our counter!")).length, { timeout: 10_000 }).toBe(1);
  }, 120_000);

  it("the queue shows what changed elsewhere when the employee comes back to it, not the list of the first visit", async () => {
    expect(orderId).not.toBe("");
    await withPage(seed.employee, async (page) => {
      // Where staff land after signing in.
      await page.goto("/storefront");
      const nav = page.getByRole("navigation", { name: "Console navigation" });
      const find = async () => {
        const searched = page.waitForResponse((response) => response.url().includes(`/api/admin/orders?q=${bagCode}`));
        await page.getByLabel("Search orders").fill(bagCode);
        await searched;
        const row = page.getByRole("row").filter({ hasText: customer.last });
        await row.waitFor();
        return row;
      };
      await nav.getByRole("link", { name: "Service Queue" }).click();
      // The search's answer is held now: coming back, it must be asked again, not shown as it was.
      expect(await (await find()).innerText()).not.toContain("Left tape");
      // Another member of staff writes a note on it while this one is at the storefront.
      await nav.getByRole("link", { name: "Storefront" }).click();
      await page.waitForURL((url) => url.pathname === "/storefront");
      const note = `Left tape on the handle ${randomInt(1000, 9999)}`;
      const written = await api("PUT", `/api/orders/${orderId}/notes`, { token: await tokenOf(seed.admin), body: { myGripNotes: note } });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      await nav.getByRole("link", { name: "Service Queue" }).click();
      await (await find()).getByText(note).waitFor();
    });
  }, 120_000);

  it("the printed label, scanned, opens the staff order view; its code typed on the scanner does too, and the unpaid paddle is handed over with cash taken", async () => {
    expect(labelUrl).not.toBe("");
    await withPage(seed.employee, async (page) => {
      // A phone's camera app opens the label's URL (a load of its own): the staff order view, with who it is for and
      // what it owes.
      await page.goto(labelUrl);
      await page.waitForURL((url) => url.pathname === `/queue/orders/${orderId}`);
      await page.getByRole("heading", { name: new RegExp(`^Order R-\\d{4,} · Bag ${bagCode}$`), level: 1 }).waitFor();
      await page.getByText(`${customer.first} ${customer.last}`).first().waitFor();
      await page.getByText("Unpaid · $94.50 due").waitFor();

      await visit(page, "/scan");
      await page.getByLabel("Bag code").fill(bagCode.toLowerCase());
      await page.getByRole("button", { name: "Open Order" }).click();
      await page.waitForURL((url) => url.pathname === `/queue/orders/${orderId}`);

      // Mark Picked Up asks for the balance first: cash taken, then handed over, in one step.
      await page.getByRole("button", { name: "Mark Picked Up" }).click();
      const dialog = page.getByRole("dialog", { name: /^Payment before pickup: order R-\d{4,}$/ });
      await dialog.getByText("This order has a balance of $94.50 due.").waitFor();
      await dialog.getByRole("radio", { name: /^Cash/ }).check();
      await dialog.getByRole("button", { name: "Record $94.50 and Hand Over" }).click();
      await page.getByText("Picked Up", { exact: true }).first().waitFor();
      await page.getByText(/^Order R-\d{4,}: \$94\.50 in cash, handed over\.$/).waitFor();
      await page.getByText("Paid · Cash at the counter").waitFor();

      // Back goes to the queue.
      await page.getByRole("button", { name: "Service Queue" }).click();
      await page.waitForURL((url) => url.pathname === "/queue");
    }, { width: 390, height: 844 });
    const order = await api("GET", `/api/orders/${orderId}`, { token: await tokenOf(seed.employee) });
    expect(order.body).toMatchObject({ status: "PICKED_UP", paymentStatus: "paid", paymentMethod: "POS_CASH" });
  }, 120_000);

  it("a quick sale to a walk-in paying cash, on a phone-sized screen: four steps, no verification code, the cash taken on the order it lands on", async () => {
    const phone = newPhone();
    const last = `Quick${Date.now().toString(36)}`;
    await withPage(seed.employee, async (page) => {
      await page.goto("/quick-sale");
      await page.getByLabel("Find a customer").fill(`Riley ${last}`);
      await page.getByRole("button", { name: "Create New Customer" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Create New Customer" });
      expect(await dialog.getByLabel("First name").inputValue()).toBe("Riley");
      await dialog.getByLabel("Phone").fill(typedPhone(phone));
      await dialog.getByRole("button", { name: "Create Customer" }).click();
      await page.getByText("Customer Created").first().waitFor();

      // Step 2: the paddle's nickname is required.
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Nickname is required").waitFor();
      await page.getByLabel("Nickname").fill("Counter Rocket");
      await page.getByRole("button", { name: "Next" }).click();

      // Step 3: at least one service; a discount in dollars, never below 0.
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Please select at least one service").waitFor();
      await page.getByRole("checkbox", { name: /Standard Regrip/ }).check();
      await page.getByRole("checkbox", { name: /Overgrip/ }).check();
      await page.getByLabel("Discount amount ($)").fill("3");
      await page.getByText("Total: $50.00").waitFor();
      await page.getByRole("button", { name: "Next" }).click();

      // Step 4: taken now at the counter, the walk-in needs no code: the order page opens on the payment dialog.
      await page.getByRole("radio", { name: /Take payment now/ }).waitFor();
      await page.getByRole("button", { name: "Create Order & Take Payment" }).click();
      await page.waitForURL((url) => url.pathname.startsWith("/queue/orders/"));
      const pay = page.getByRole("dialog", { name: /^Take payment: order R-\d{4,}$/ });
      await pay.getByText("Balance due: $50.00.").waitFor();
      await pay.getByRole("radio", { name: /^Cash/ }).check();
      await pay.getByRole("button", { name: "Record $50.00" }).click();
      await page.getByText("Paid · Cash at the counter").waitFor();
      expect(await page.getByRole("dialog", { name: "Phone Required for Booking" }).count()).toBe(0);
    }, { width: 390, height: 844 });

    // The order: the customer's, $53 less the $3 staff discount, priced on the server; the payment link texted.
    const employee = await tokenOf(seed.employee);
    const found = await api("GET", `/api/admin/customers/search?q=${encodeURIComponent(last)}`, { token: employee });
    const customerId = found.body.items[0].id;
    const orders = await api("GET", `/api/admin/orders?q=${encodeURIComponent(last)}`, { token: employee });
    expect(orders.status).toBe(200);
    const order = orders.body.items.find((item: { userId: string }) => item.userId === customerId);
    expect(order, JSON.stringify(orders.body)).toBeTruthy();
    expect(order.totalCents).toBe(5000);
    expect(order.bagNumber).toMatch(/^[0-9A-Z]{3}$/);
    expect(order.paymentStatus).toBe("paid");
    // No code was asked and no payment link texted (the walk-in's welcome may be there).
    expect(textsTo(phone).filter((text) => text.includes("/local-pay/") || /\b\d{6}\b/.test(text))).toEqual([]);
  }, 180_000);
});

describe("a bag used twice", () => {
  it("gives two orders with two numbers, each named by its number with the bag beside it on every page", async () => {
    const admin = await tokenOf(seed.admin);
    const made = await api<{ code3: string }[]>("POST", "/api/admin/bags/create", { token: admin, body: { count: 1 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const bag = made.body[0]!.code3;
    const customer = await newVerifiedCustomer(browser(), { firstName: "Robin", lastNamePrefix: "Twicebag", nicknames: ["Twice Blue"] });
    const book = async () => {
      const answer = await api("POST", "/api/book-service", {
        token: customer.token,
        body: { paddleId: customer.paddleIds[0], bagNumber: bag, dropoffLocation: "LITTLETON", service: "sku-basic-overgrip-black-dry" },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body as { id: string; number: string };
    };
    const first = await book();
    const canceled = await api("POST", `/api/orders/${first.id}/status`, { token: customer.token, body: { status: "CANCELED" } });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const second = await book();
    expect(first.number).toMatch(/^R-\d{4,}$/);
    expect(second.number).toMatch(/^R-\d{4,}$/);
    expect(second.number).not.toBe(first.number);

    await withPage(customer, async (page) => {
      await page.goto("/my-grips");
      // Each row names its order by its number, the one bag beside both.
      for (const order of [first, second]) {
        const link = page.getByRole("link", { name: `Order ${order.number} · Bag ${bag}`, exact: true });
        await link.waitFor();
        expect(await link.innerText()).toBe(`${order.number} · Bag ${bag}`);
      }
      await page.getByRole("link", { name: `Order ${second.number} · Bag ${bag}`, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: `Order ${second.number} · Bag ${bag}`, exact: true }).waitFor();
      await visit(page, `/orders/${first.id}`);
      await page.getByRole("heading", { level: 1, name: `Order ${first.number} · Bag ${bag}`, exact: true }).waitFor();
    });

    await withPage(seed.employee, async (page) => {
      await page.goto("/queue");
      // The number finds its one order, whatever its case.
      const searched = page.waitForResponse((response) => response.url().includes(`/api/admin/orders?q=${second.number.toLowerCase()}`));
      await page.getByLabel("Search orders").fill(second.number.toLowerCase());
      await searched;
      const row = page.getByRole("row").filter({ hasText: customer.lastName });
      // The list shown before the answer may still be on the screen for a moment: the answer's list has the one row.
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.innerText()).toContain(second.number);
      await row.getByRole("link", { name: `Details of order ${second.number}` }).click();
      await page.getByRole("heading", { level: 1, name: `Order ${second.number} · Bag ${bag}`, exact: true }).waitFor();
    });

    await withPage(seed.admin, async (page) => {
      await page.goto("/admin/orders");
      const search = async (q: string) => {
        const answered = page.waitForResponse((response) => response.url().includes(`/api/admin/orders?q=${encodeURIComponent(q)}`));
        await page.getByLabel("Search orders").fill(q);
        await answered;
      };
      // The bag finds both of its orders, each by its own number.
      await search(bag);
      for (const order of [first, second]) await page.getByRole("link", { name: `Open order ${order.number}`, exact: true }).waitFor();
      // The number finds its one order.
      await search(first.number);
      await page.getByRole("link", { name: `Open order ${second.number}`, exact: true }).waitFor({ state: "detached" });
      expect(await page.getByRole("link", { name: /^Open order / }).allInnerTexts()).toEqual([first.number]);
    });
  }, 120_000);
});
