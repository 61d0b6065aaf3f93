/**
 * The admin's Partners and Schedule pages and the queue's location and pickup day, in Chromium against
 * `npm start`. The tests run in order and hand on what they made:
 *
 * 1. An admin adds a partner club on /admin/partners: the dialog's checks and the server's refusals (a bad email,
 *    a key another club has) sit under their fields; the club joins the table.
 * 2. The admin schedules an onsite gripping day there on /admin/schedule (the end time before the start is
 *    refused under End time); it is listed by date with its seats; an edit gives it one more seat.
 * 3. A customer of this test's own books a seat on it through the API; the club cannot be deleted now (the
 *    server's 409 in the dialog); the queue shows the order at the club with the day as its pickup day.
 * 4. The admin cancels the day on the Schedule page: the dialog says one booked customer will be texted; the
 *    event shows Canceled, the customer's order page says so (its locationNotice), the outbox has the text, and
 *    the queue shows the order back at the shop with its new pickup day.
 *
 * Every screen is checked with axe at 1280 and 390 px, and the page must not scroll sideways on the phone. Each test
 * starts signed in (a stored session) on the page it is about. SCHEDULE_SHOTS=<dir> keeps screenshots.
 */
import { addDays, formatDate, todayOf } from "@regrip/core/shared/calendar";
import {
  EVENT_CAPACITY_RANGE,
  EVENT_DATE_INVALID,
  EVENT_END_BEFORE_START,
  EVENT_PARTNER_REQUIRED,
  PARTNER_EMAIL_INVALID,
  PARTNER_HAS_EVENTS,
  PARTNER_KEY_REQUIRED,
  PARTNER_KEY_TAKEN,
  PARTNER_NAME_REQUIRED,
} from "@regrip/core/shared/schedule";
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, fileBrowser, localToken, newVerifiedCustomer, shop, textsTo, visit, waitFor, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const dataDir = shop.dataDir;
const { seed } = loadSettings();
const shots = process.env.SCHEDULE_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const browser = fileBrowser();
const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
// Reduced motion: axe reads a Flashbar's colours as they are, not halfway through its fade-in.
const withPage = <T>(account: { username: string; password: string }, run: (page: Page) => Promise<T>) =>
  withSignedInPage(browser(), baseUrl, account, run, { reducedMotion: "reduce" });

const tokenOf = (account: { username: string; password: string }) => localToken(baseUrl, account);

/** axe (the console's mobile toolbar left out, as members.test.ts does) and no sideways page scroll, at 1280 and 390 px. */
const checkScreen = (page: Page, what: string) => checkAtBothWidths(page, what, { exclude: '[class*="awsui_mobile-toolbar-nav"]', overflow: "page", shots });

/** A customer of this file's own: a login in the shop's pool, a verified phone (the code read from the outbox), a paddle. */
async function newCustomer() {
  const customer = await newVerifiedCustomer(browser(), { firstName: "Olive", lastNamePrefix: "Onsite", nicknames: ["Olive's Paddle"] });
  return { ...customer, paddleId: customer.paddleIds[0]! };
}

/** The queue's row of the customer's order, found by the customer's name: the queue opened, or moved to in the app. */
async function queueRow(page: Page, lastName: string) {
  if (page.url() === "about:blank") await page.goto("/queue");
  else await visit(page, "/queue");
  await page.getByLabel("Search orders").fill(lastName);
  const row = page.getByRole("row").filter({ hasText: lastName });
  await row.first().waitFor();
  return row.first();
}

describe("the admin's partners and schedule, and an onsite day canceled", { timeout: 180_000 }, () => {
  const key = `club-${randomInt(100_000, 999_999)}`;
  const club = `Foothills Paddle Club ${key.slice(5)}`;
  const today = todayOf(new Date());
  const day = addDays(today, 7);
  const thisYear = Number(today.slice(0, 4));
  let eventId = "";
  let customer: Awaited<ReturnType<typeof newCustomer>>;
  let orderId = "";

  it("an admin adds a partner club, with the dialog's and the server's messages under their fields", async () => {
    await withPage(seed.admin, async (page) => {
      // Where staff land after signing in, and on to Partners by the console's navigation.
      await page.goto("/storefront");
      await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Partners" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/partners");
      await page.getByRole("heading", { name: "Partners", level: 1 }).waitFor();

      await page.getByRole("button", { name: "Add Partner" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add Partner" });
      await dialog.getByRole("button", { name: "Add Partner" }).click();
      await dialog.getByText(PARTNER_NAME_REQUIRED).waitFor();
      await dialog.getByText(PARTNER_KEY_REQUIRED).waitFor();
      await checkScreen(page, "partners-dialog-errors");

      await dialog.getByLabel("Club name").fill(club);
      await dialog.getByLabel("Location key").fill(key.toUpperCase());
      expect(await dialog.getByLabel("Location key").inputValue()).toBe(key);
      await dialog.getByLabel("Address").fill("4800 Court Ave, Golden, CO 80401");
      await dialog.getByLabel("Phone").fill("303-555-0142");
      await dialog.getByLabel("Contact person").fill("Pat Baseline");
      await dialog.getByLabel("Email").fill("pat-at-foothills");
      await dialog.getByRole("button", { name: "Add Partner" }).click();
      await dialog.getByText(PARTNER_EMAIL_INVALID).waitFor();
      await dialog.getByLabel("Email").fill("pat@foothills.example");
      await dialog.getByRole("button", { name: "Add Partner" }).click();
      await dialog.waitFor({ state: "detached" });
      const row = page.getByRole("row").filter({ hasText: club });
      await row.waitFor();
      expect(await row.innerText()).toContain(key);
      expect(await row.innerText()).toContain("Pat Baseline");
      await checkScreen(page, "partners-table");

      // The same key again: the server's 409, under the key.
      await page.getByRole("button", { name: "Add Partner" }).first().click();
      const again = page.getByRole("dialog", { name: "Add Partner" });
      await again.getByLabel("Club name").fill(`${club} again`);
      await again.getByLabel("Location key").fill(key);
      await again.getByRole("button", { name: "Add Partner" }).click();
      await again.getByText(PARTNER_KEY_TAKEN).first().waitFor();
      await again.getByRole("button", { name: "Cancel" }).click();
    });
  });

  it("the admin schedules an onsite gripping day at the club, listed by date with its seats", async () => {
    await withPage(seed.admin, async (page) => {
      await page.goto("/storefront");
      await page.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Schedule" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/schedule");
      await page.getByRole("heading", { name: "Schedule", level: 1 }).waitFor();

      await page.getByRole("button", { name: "Schedule Event" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Schedule Event" });
      await dialog.getByRole("button", { name: "Schedule Event" }).click();
      await dialog.getByText(EVENT_PARTNER_REQUIRED).waitFor();
      await dialog.getByText(EVENT_DATE_INVALID).waitFor();

      await dialog.getByRole("button", { name: /^Partner club/ }).click();
      await dialog.getByRole("option", { name: new RegExp(club) }).click();
      await dialog.getByLabel("Date", { exact: true }).click();
      await dialog.getByLabel("Date", { exact: true }).pressSequentially(day.replaceAll("-", ""));
      await dialog.getByLabel("Start time").pressSequentially("0900");
      await dialog.getByLabel("End time (optional)").pressSequentially("0800");
      await dialog.getByLabel("Capacity").fill("5");
      await dialog.getByLabel("Notes (optional)").fill("Court 3, by the pro shop");
      await dialog.getByRole("button", { name: "Schedule Event" }).click();
      await dialog.getByText(EVENT_END_BEFORE_START).waitFor();
      await checkScreen(page, "schedule-dialog-errors");
      await dialog.getByLabel("End time (optional)").fill("");
      await dialog.getByLabel("End time (optional)").pressSequentially("1300");
      const created = page.waitForResponse((response) => response.url().endsWith("/api/admin/schedule") && response.request().method() === "POST");
      await dialog.getByRole("button", { name: "Schedule Event" }).click();
      const answer = await created;
      expect(answer.status(), await answer.text()).toBe(201);
      eventId = (await answer.json()).id;
      await dialog.waitFor({ state: "detached" });

      const row = page.getByRole("row").filter({ hasText: club });
      await row.waitFor();
      const text = await row.innerText();
      expect(text).toContain(formatDate(day, thisYear));
      expect(text).toContain("9 am to 1 pm");
      expect(text).toContain("0 of 5 booked");
      expect(text).toContain("Scheduled");

      // Edit: one more seat.
      await row.getByRole("button", { name: /^Edit / }).click();
      const edit = page.getByRole("dialog", { name: "Edit Event" });
      await edit.getByLabel("Capacity").fill("0");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await edit.getByText(EVENT_CAPACITY_RANGE).waitFor();
      await edit.getByLabel("Capacity").fill("6");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await edit.waitFor({ state: "detached" });
      await row.getByText("0 of 6 booked").waitFor();

      // The type filter: a delivery-run view leaves the onsite day out.
      await page.getByRole("button", { name: /^Type/ }).click();
      await page.getByRole("option", { name: "Delivery run" }).click();
      await row.waitFor({ state: "detached" });
      await page.getByRole("button", { name: /^Type/ }).click();
      await page.getByRole("option", { name: "All types" }).click();
      await row.waitFor();
      await checkScreen(page, "schedule-table");
    });
  });

  it("a customer books a seat through the API: the club cannot be deleted, and the queue shows the order at the club", async () => {
    expect(eventId).not.toBe("");
    customer = await newCustomer();
    const employee = await tokenOf(seed.employee);
    const bags = await api("POST", "/api/admin/bags/create", { token: employee, body: { count: 1 } });
    expect(bags.status, JSON.stringify(bags.body)).toBe(201);
    const booked = await api("POST", "/api/book-service", {
      token: customer.token,
      body: { paddleId: customer.paddleId, bagNumber: bags.body[0].code3, scheduleEventId: eventId, service: "sku-strip-and-grip-black-tacky" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    orderId = booked.body.id;
    expect(booked.body.pickupDate).toBe(day);

    await withPage(seed.admin, async (page) => {
      await page.goto("/admin/partners");
      const row = page.getByRole("row").filter({ hasText: club });
      await row.waitFor();
      await row.getByRole("button", { name: `Delete ${club}` }).click();
      const dialog = page.getByRole("dialog", { name: "Delete Partner" });
      await dialog.getByRole("button", { name: "Delete" }).click();
      await dialog.getByText(PARTNER_HAS_EVENTS).waitFor();
      await dialog.getByRole("button", { name: "Deactivate Instead" }).waitFor();
      await checkScreen(page, "partners-delete-refused");
      await dialog.getByRole("button", { name: "Cancel" }).click();

      const order = await queueRow(page, customer.lastName);
      expect(await order.innerText()).toContain(`${club}, on-site`);
      expect(await order.innerText()).toContain(`Pickup ${formatDate(day, thisYear)}`);
      await checkScreen(page, "queue-onsite-order");
    });
  });

  it("the admin cancels the day on the Schedule page: the customer's order page and outbox say so, and the queue shows the shop", async () => {
    expect(orderId).not.toBe("");
    await withPage(seed.admin, async (page) => {
      await page.goto("/admin/schedule");
      const row = page.getByRole("row").filter({ hasText: club });
      await row.waitFor();
      expect(await row.innerText()).toContain("1 of 6 booked");
      await row.getByRole("button", { name: /^Cancel / }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel Event" });
      await dialog.getByText("1 booked customer will be texted, and their order becomes a drop-off at Regrip Highlands Ranch.").waitFor();
      await checkScreen(page, "schedule-cancel-dialog");
      await dialog.getByRole("button", { name: "Cancel Event" }).click();
      await dialog.waitFor({ state: "detached" });
      await row.getByText("Canceled", { exact: true }).waitFor();
      await row.getByText("1 booked when canceled").waitFor();
      expect(await row.getByRole("button", { name: /^Cancel / }).count()).toBe(0);
      await checkScreen(page, "schedule-canceled");
    });

    const order = await waitFor("the order moved", async () => {
      const answer = await api("GET", `/api/orders/${orderId}`, { token: customer.token });
      return answer.body.locationNotice ? answer.body : undefined;
    });
    expect(order).toMatchObject({ isOnsite: false, dropoffLocation: "HIGHLANDS_RANCH", partner: null });
    expect(order.locationNotice).toContain(club);
    // The customer's texts that name the club: the booking's confirmation, then the cancel's notice.
    const text = await waitFor("the cancel text", () => textsTo(dataDir, customer.phone).filter((body) => body.includes(club)).find((body) => /was canceled/.test(body)));
    expect(text).toContain(`The on-site gripping day at ${club}`);
    expect(text).toContain("Please drop your paddle off at Regrip Highlands Ranch instead");

    await withPage(customer, async (page) => {
      await page.goto(`/orders/${orderId}`);
      await page.getByText(order.locationNotice).waitFor();
    });

    await withPage(seed.employee, async (page) => {
      const row = await queueRow(page, customer.lastName);
      expect(await row.innerText()).toContain("Regrip Highlands Ranch");
      expect(await row.innerText()).toContain(`Pickup ${formatDate(order.pickupDate, thisYear)}`);
      await checkScreen(page, "queue-moved-order");
    });
  });
});
