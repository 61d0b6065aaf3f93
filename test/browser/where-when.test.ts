/**
 * Where and when, in Chromium against `npm start`:
 * (a) a customer books a seat on an onsite day an admin scheduled at a partner club, from the public /onsite page;
 * (b) a customer books a shop drop-off on a Friday evening and is promised the Monday;
 * (c) a first-time customer, on a phone (390 px), books with "I don't have a bag yet" and is told the bag's number;
 * (d) a paddle in an open order is shown as in the shop, with its order, and cannot be booked again.
 * Each new screen is checked with axe at 1280 and 390 px, and for sideways overflow on the phone. Each journey has a
 * customer of its own (the shop is shared by every browser test file), signed in by a stored session, not through
 * /login. WHERE_SHOTS=<dir> keeps screenshots.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, formatDate, hoursOn, todayOf, weekdayOf } from "../../packages/core/src/shared/calendar";
import { SHOP_LOCATIONS } from "../../packages/core/src/shared/locations";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, choosePremiumRegrip, fileBrowser, localToken, newVerifiedCustomer, shop, visit, waitFor, withPage, withSignedInPage, type NewCustomer } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const shots = process.env.WHERE_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);

const tokenOf = (account: { username: string; password: string }) => localToken(baseUrl, account);

type Customer = NewCustomer & { paddleId: string };

/** A new customer of this test's own: a login in the shop's pool, a verified phone and a paddle. */
async function newCustomer(firstName: string): Promise<Customer> {
  const customer = await newVerifiedCustomer(browser(), { firstName, lastNamePrefix: "Where", nicknames: [`${firstName}'s Paddle`] });
  return { ...customer, paddleId: customer.paddleIds[0]! };
}

/** A bag of the shop's own for a booking. */
async function newBag(): Promise<string> {
  const bags = await api<{ code3: string }[]>("POST", "/api/admin/bags/create", { token: await tokenOf(seed.employee), body: { count: 1 } });
  expect(bags.status, JSON.stringify(bags.body)).toBe(201);
  return bags.body[0]!.code3;
}

/** axe and no sideways scroll at 1280 and 390 px, with a screenshot of each when WHERE_SHOTS is set. */
const checkScreen = (page: Page, what: string, selector?: string) => checkAtBothWidths(page, what, { selector, shots });

/** The Book button in view: the summary's at 1280 px, the bottom bar's on a phone (the other one is not displayed). */
const bookButton = (page: Page) => page.getByRole("button", { name: "Book Service" });

/** From the confirm dialog through the local payment page to the order's page: the order's id. */
async function confirmAndPay(page: Page): Promise<string> {
  await page.getByRole("dialog", { name: "Confirm Your Booking" }).getByRole("button", { name: "Confirm and Pay" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/local-pay/"));
  const paid = await page.getByTestId("total").innerText();
  await page.getByRole("button", { name: `Pay ${paid}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

/** The order page's Location and Timing card. */
const locationCard = (page: Page) => page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Location and Timing" }) });

/**
 * A Friday at least a week ahead (and within the 30 days the picker offers) whose Saturday, Sunday and Monday are not
 * closed dates, with the Monday open: a drop-off there after the 3 pm cutoff is promised that Monday.
 */
function fridayAhead(): { friday: string; monday: string } {
  const shop = SHOP_LOCATIONS.find((s) => s.value === "HIGHLANDS_RANCH")!;
  for (let day = addDays(todayOf(new Date()), 7); ; day = addDays(day, 1)) {
    if (weekdayOf(day) !== 5) continue;
    const [saturday, monday] = [addDays(day, 1), addDays(day, 3)];
    if (hoursOn(shop, day) && hoursOn(shop, saturday) && hoursOn(shop, monday) && !shop.closedDates.includes(addDays(day, 2))) return { friday: day, monday };
  }
}

describe("where and when", { timeout: 180_000 }, () => {
  it("(a) books a seat on an onsite day an admin scheduled at a partner club, from the public /onsite page", async () => {
    const admin = await tokenOf(seed.admin);
    const key = `club-${randomUUID().slice(0, 8)}`;
    const name = `Aspen Courts ${key.slice(5)}`;
    const partner = await api("POST", "/api/admin/partners", {
      token: admin,
      body: { locationKey: key, name, address: "77 Aspen Way, Denver, CO 80210", mapsUrl: "https://maps.example/aspen" },
    });
    expect(partner.status, JSON.stringify(partner.body)).toBe(201);
    const date = addDays(todayOf(new Date()), 9);
    const event = await api("POST", "/api/admin/schedule", {
      token: admin,
      body: { eventType: "ONSITE_GRIPPING", partnerKey: key, eventDate: date, startTime: "09:00", endTime: "12:00", maxCapacity: 4 },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    const customer = await newCustomer("Olive");
    const bag = await newBag();

    await withPage(browser(), baseUrl, async (page) => {
      // The landing page links the public schedule.
      await page.goto("/");
      await page.getByRole("link", { name: "see the on-site gripping days" }).click();
      await page.waitForURL((url) => url.pathname === "/onsite");
      const card = page.getByRole("listitem").filter({ hasText: name });
      await card.waitFor();
      expect(await card.innerText()).toContain(formatDate(date));
      expect(await card.innerText()).toContain("9 am to 12 pm");
      expect(await card.innerText()).toContain("77 Aspen Way, Denver, CO 80210");
      expect(await card.innerText()).toContain("4 seats left");
      expect(await card.getByRole("link", { name: /Map of/ }).getAttribute("href")).toBe("https://maps.example/aspen");
      await checkScreen(page, "onsite-page");
    });

    // Signed in, the customer opens the schedule again and books from it.
    await withSignedInPage(browser(), baseUrl, customer, async (page) => {
      await page.goto("/onsite");
      const card = page.getByRole("listitem").filter({ hasText: name });
      await card.getByRole("link", { name: /^Book/ }).click();
      await page.waitForURL((url) => url.pathname === "/booking");
      // The day is chosen from the link.
      const seat = page.getByLabel(`${formatDate(date)} at ${name}`);
      await expect.poll(() => seat.isChecked()).toBe(true);
      await choosePremiumRegrip(page);
      await page.getByLabel(/Bag number/).fill(bag);
      await page.getByText(`Bag ${bag} is yours to use.`).waitFor();
      await checkScreen(page, "booking-onsite-day");
      await bookButton(page).click();
      const confirm = page.getByRole("dialog", { name: "Confirm Your Booking" });
      expect(await confirm.innerText()).toContain(`${name}, ${formatDate(date)}, 9 am to 12 pm`);
      const orderId = await confirmAndPay(page);

      const where = locationCard(page);
      await where.getByText(name).first().waitFor();
      expect(await where.innerText()).toContain("77 Aspen Way, Denver, CO 80210");
      expect(await where.getByTestId("pickup-day").innerText()).toBe(`${formatDate(date)}, the same day`);
      expect(await where.getByRole("link", { name: /Open in maps/ }).first().getAttribute("href")).toBe("https://maps.example/aspen");
      await checkScreen(page, "order-onsite");

      const order = await api("GET", `/api/orders/${orderId}`, { token: customer.token });
      expect(order.body).toMatchObject({ isOnsite: true, scheduleEventId: event.body.id, pickupDate: date, partner: { locationKey: key } });
      const schedule = await api<{ items: { id: string; seatsLeft: number }[] }>("GET", "/api/schedule");
      expect(schedule.body.items.find((item) => item.id === event.body.id)?.seatsLeft).toBe(3);
    });
  });

  it("(b) books a shop drop-off on a Friday evening and is promised the Monday", async () => {
    const customer = await newCustomer("Frida");
    const bag = await newBag();
    const { friday, monday } = fridayAhead();
    await withSignedInPage(browser(), baseUrl, customer, async (page) => {
      await page.goto("/booking");
      await choosePremiumRegrip(page);
      await page.getByRole("radio", { name: /^Regrip Highlands Ranch/ }).check();
      await page.getByLabel("Drop-off day *").selectOption(friday);
      await page.getByLabel("Drop-off time *").selectOption("18:00");
      const promise = page.getByTestId("promise");
      await expect.poll(() => promise.innerText()).toBe(`Ready ${formatDate(monday)} at Regrip Highlands Ranch`);
      // Before the cutoff, the next business day: Saturday.
      await page.getByLabel("Drop-off time *").selectOption("14:00");
      await expect.poll(() => promise.innerText()).toBe(`Ready ${formatDate(addDays(friday, 1))} at Regrip Highlands Ranch`);
      await page.getByLabel("Drop-off time *").selectOption("18:00");
      await page.getByLabel(/Bag number/).fill(bag);
      await checkScreen(page, "booking-friday-evening");
      await bookButton(page).click();
      const confirm = page.getByRole("dialog", { name: "Confirm Your Booking" });
      expect(await confirm.innerText()).toContain(`Regrip Highlands Ranch, ${formatDate(friday)} at 6 pm`);
      expect(await confirm.innerText()).toContain(`Ready ${formatDate(monday)} at Regrip Highlands Ranch`);
      const orderId = await confirmAndPay(page);

      const where = locationCard(page);
      await where.getByText("9300 S Colorado Blvd, Highlands Ranch, CO 80126").first().waitFor();
      expect(await where.innerText()).toContain(`${formatDate(friday)} at 6 pm`);
      expect(await where.getByTestId("pickup-day").innerText()).toBe(`Ready ${formatDate(monday)}`);
      await checkScreen(page, "order-friday-evening");
      const order = await api("GET", `/api/orders/${orderId}`, { token: customer.token });
      expect(order.body).toMatchObject({ dropoffLocation: "HIGHLANDS_RANCH", isOnsite: false, pickupDate: monday });
    });
  });

  it("(c) a first-time customer books on a phone with \"I don't have a bag yet\" and is told the bag's number", async () => {
    const customer = await newCustomer("Nova");
    await withSignedInPage(
      browser(),
      baseUrl,
      customer,
      async (page) => {
        await page.goto("/booking");
        await choosePremiumRegrip(page);
        // The total and Book stay at the bottom of the phone's screen.
        const bar = page.getByRole("region", { name: "Total and Book" });
        const box = await bar.boundingBox();
        expect(box && box.y + box.height).toBeGreaterThan(844 - 2);
        expect(await bar.innerText()).toContain("$55.00");
        await page.getByLabel("I don't have a bag yet").check();
        expect(await page.getByLabel(/Bag number/).isDisabled()).toBe(true);
        await checkScreen(page, "booking-no-bag");
        await bar.getByRole("button", { name: "Book Service" }).click();
        const confirm = page.getByRole("dialog", { name: "Confirm Your Booking" });
        expect(await confirm.innerText()).toContain("The shop gives you a bag at drop-off");
        const orderId = await confirmAndPay(page);

        const order = await waitFor("the order with its bag", async () => {
          const answer = await api("GET", `/api/orders/${orderId}`, { token: customer.token });
          return answer.body.bagNumber ? answer.body : undefined;
        });
        expect(order.bagNumber).toMatch(/^\d{3}$/);
        // Told on the way back from paying, and on the order's page for as long as the bag is still to be handed over.
        const paid = page.locator("section.payment-outcome");
        await paid.getByText(`Your bag is number ${order.bagNumber}. The shop hands it to you when you drop off your paddle.`).waitFor();
        const paddleCard = page.locator("section.card").filter({ has: page.getByRole("heading", { name: "Paddle" }) });
        await paddleCard.getByText(order.bagNumber, { exact: false }).waitFor();
        await paddleCard.getByText("The shop hands you this bag when you drop off your paddle.").waitFor();
        await checkScreen(page, "order-no-bag");
      },
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    );
  });

  it("(d) shows a paddle in an open order as in the shop, with its order, and never books it again", async () => {
    const customer = await newCustomer("Piper");
    const bag = await newBag();
    await withSignedInPage(browser(), baseUrl, customer, async (page) => {
      await page.goto("/booking");
      await choosePremiumRegrip(page);
      await page.getByLabel(/Bag number/).fill(bag);
      await bookButton(page).click();
      const orderId = await confirmAndPay(page);

      // Back to booking in the app (it was loaded anew on the way back from paying, so it reads the paddle now).
      await visit(page, "/booking");
      const paddle = page.getByLabel("Piper's Paddle");
      await page.getByText("In the shop", { exact: true }).waitFor();
      expect(await paddle.isDisabled()).toBe(true);
      expect(await paddle.isChecked()).toBe(false);
      const link = page.getByRole("link", { name: "See its order" });
      expect(await link.getAttribute("href")).toBe(`/orders/${orderId}`);
      // The bag that order holds is refused as it is typed, under the field.
      await page.getByLabel(/Bag number/).fill(bag);
      const bagField = page.locator(".field").filter({ has: page.getByLabel(/Bag number/) });
      await bagField.getByText(`Bag ${bag} is in use by another open order`).waitFor();
      await checkScreen(page, "booking-paddle-in-shop");

      // The server says the same to a booking that names it anyway.
      const again = await api("POST", "/api/book-service", {
        token: customer.token,
        headers: { "Idempotency-Key": randomUUID() },
        body: { paddleId: customer.paddleId, bagNumber: "", needsBag: true, service: (await api("GET", `/api/orders/${orderId}`, { token: customer.token })).body.lineItems[0].skuId },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/Piper's Paddle is already in the shop on order/);

      await link.click();
      await page.waitForURL((url) => url.pathname === `/orders/${orderId}`);
    });
  });
});
