/**
 * Between booking and drop-off, in Chromium at 1280 and 390 px wide, as a customer of the journey's own:
 *
 * 1. A paid booking a few weeks ahead; the reminders job run the day before its drop-off (`npm run reminders` at that
 *    time) texts the reminder; its link opens the order page with Change your drop-off open; the customer moves
 *    it to the next open day, and the page shows the new drop-off and pickup day; Add to Calendar saves its `.ics`.
 * 2. Opened from the confirmation email's Add to calendar link (`?calendar=1`), the page saves the `.ics`; once within 24
 *    hours of drop-off (the order's time moved there in the shop's table), Cancel Order gives way to
 *    the rule's words and the shop to contact.
 *
 * Each new screen and state is checked with axe and for overflow at both widths (SCREENSHOT_DIR keeps screenshots).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { addDays, formatDate, hoursOn, instantOf, localOf, type LocalDate } from "../../packages/core/src/shared/calendar";
import { shopLocation } from "../../packages/core/src/shared/locations";
import { CANCEL_AFTER_REFUND_WINDOW } from "../../packages/core/src/shared/order-cancel";
import { callApi, checkAtBothWidths, fileBrowser, localToken, newVerifiedCustomer, shop, textsTo, waitFor, withSignedInPage, type NewCustomer } from "./browser";

const baseUrl = shop.baseUrl;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { seed } = loadSettings();
const browser = fileBrowser();
const shots = process.env.SCREENSHOT_DIR;
if (shots) mkdirSync(shots, { recursive: true });
const littleton = shopLocation("LITTLETON")!;

let adminToken = "";
let customer: NewCustomer;

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);

/** The first day from `from` on which the shop is open. */
function openDayFrom(from: LocalDate): LocalDate {
  for (let date = from; ; date = addDays(date, 1)) if (hoursOn(littleton, date)) return date;
}

/** `npm run reminders -- <at>` against this shop: the daily job as its Cron runs it. */
function runReminders(at: Date): string {
  const run = spawnSync("npm", ["run", "--silent", "reminders", "--", at.toISOString()], {
    cwd: repoRoot,
    env: { ...process.env, PORT: new URL(baseUrl).port, DYNAMODB_PORT: String(shop.dynamoPort), COGNITO_PORT: String(shop.cognitoPort), REGRIP_DATA_DIR: shop.dataDir },
    encoding: "utf8",
    timeout: 90_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** A paid booking of the customer's paddle, dropped off at Regrip Littleton at `dropoff` (paid in cash at the counter). */
async function paidBooking(dropoff: Date, paddle = 0): Promise<string> {
  const booked = await api("POST", "/api/book-service", {
    token: customer.token,
    body: { paddleId: customer.paddleIds[paddle], needsBag: true, dropoffLocation: "LITTLETON", dropoffDateTime: dropoff.toISOString(), service: "sku-basic-overgrip-blue-tacky" },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const order = (await api("GET", `/api/orders/${booked.body.id}`, { token: customer.token })).body;
  const paid = await api("POST", `/api/orders/${order.id}/payments`, { token: adminToken, body: { method: "POS_CASH", amountCents: order.bill.balanceCents } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return order.id;
}

function asCustomer<T>(run: (page: Page) => Promise<T>) {
  return withSignedInPage(browser(), baseUrl, customer, run, { viewport: { width: 1280, height: 900 } });
}

beforeAll(async () => {
  [adminToken, customer] = await Promise.all([localToken(baseUrl, seed.admin), newVerifiedCustomer(browser(), { firstName: "Remy", lastNamePrefix: "Dropoff", nicknames: ["Tuesday Paddle", "Late Paddle"] })]);
});

describe("between booking and drop-off", () => {
  it("reschedules from the reminder's link", async () => {
    // Far enough ahead that no other journey's drop-off shares the job's day.
    const day = openDayFrom(addDays(localOf(new Date()).date, 26));
    const orderId = await paidBooking(instantOf(day, "11:00"));

    const report = runReminders(instantOf(addDays(day, -1), "09:00"));
    expect(report).toContain("dropoffReminder");
    const reminder = await waitFor("the drop-off reminder", () => textsTo(shop.dataDir, customer.phone).find((body) => body.startsWith("Regrip: see you tomorrow!")));
    expect(reminder).toContain(`on ${formatDate(day)} at 11 am`);
    const link = /(\S+\?change=dropoff)/.exec(reminder)?.[1];
    expect(link).toBeDefined();
    const path = new URL(link!, baseUrl).pathname + "?change=dropoff";
    expect(path).toBe(`/orders/${orderId}?change=dropoff`);

    const next = openDayFrom(addDays(day, 1));
    await asCustomer(async (page) => {
      await page.goto(path);
      const dialog = page.getByRole("dialog", { name: "Change your drop-off" });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(`Now: ${formatDate(day)} at 11 am`);
      await dialog.getByLabel("New drop-off day").selectOption(next);
      await dialog.getByLabel("New drop-off time").selectOption("14:00");
      await dialog.getByTestId("new-promise").waitFor();
      await checkAtBothWidths(page, "the drop-off change", { selector: ".dialog", shots });
      await dialog.getByRole("button", { name: "Change Drop-off" }).click();
      await page.locator(".toast-title", { hasText: "Drop-off Changed" }).waitFor();
      await page.getByText(`${formatDate(next)} at 2 pm`).waitFor();
      await page.getByRole("heading", { name: "Your Drop-off" }).waitFor();
      await checkAtBothWidths(page, "the order with its drop-off actions", { shots });
      // Add to Calendar saves the drop-off's .ics, at its new time.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Add to Calendar" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^regrip-R-\d+\.ics$/);
      const { readFileSync } = await import("node:fs");
      expect(readFileSync((await download.path())!, "utf8")).toContain(`DTSTART:${instantOf(next, "14:00").toISOString().replace(/[-:]/g, "").replace(".000", "")}`);
    });
    const moved = (await api("GET", `/api/orders/${orderId}`, { token: customer.token })).body;
    expect(moved).toMatchObject({ dropoffDateTime: instantOf(next, "14:00").toISOString(), status: "SCHEDULED", paymentStatus: "paid" });
  }, 180_000);

  it("shows the shop to contact once a paid order is past its online cancel", async () => {
    const day = openDayFrom(addDays(localOf(new Date()).date, 3));
    const orderId = await paidBooking(instantOf(day, "11:00"), 1);
    // Booked two days ago for a drop-off in 20 hours: past both edges of the window.
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${shop.dynamoPort}`,
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "regriplocal",
      AWS_SECRET_ACCESS_KEY: "regriplocal",
      TABLE_NAME: "regrip-local",
    });
    const { db } = await import("../../packages/core/src/db");
    const now = Date.now();
    // Written whole again: `createdAt` is read-only to an update.
    const { data: stored } = await db().entities.serviceOrder.get({ id: orderId }).go({ consistent: true });
    await db()
      .entities.serviceOrder.put({ ...stored!, createdAt: new Date(now - 48 * 3600_000).toISOString(), dropoffDateTime: new Date(now + 20 * 3600_000).toISOString() })
      .go();
    await asCustomer(async (page) => {
      // The confirmation email's Add to calendar link saves the .ics as the page opens.
      const [download] = await Promise.all([page.waitForEvent("download"), page.goto(`/orders/${orderId}?cancel=1&calendar=1`)]);
      expect(download.suggestedFilename()).toMatch(/^regrip-R-\d+\.ics$/);
      await page.getByText(CANCEL_AFTER_REFUND_WINDOW).waitFor();
      expect(await page.getByRole("button", { name: "Cancel Order" }).count()).toBe(0);
      expect(await page.getByTestId("shop-contact").innerText()).toContain(`Contact the shop: Regrip Littleton, ${littleton.address.join(", ")}`);
      // With the shop's phone and email as the admin set them (the Shop details settings).
      await page.getByTestId("shop-contact").getByRole("link", { name: /^\(\d{3}\) \d{3}-\d{4}$/ }).waitFor();
      await page.getByTestId("shop-contact").getByRole("link", { name: /@/ }).waitFor();
      await checkAtBothWidths(page, "the order past its online cancel", { shots });
    });
  }, 120_000);
});
