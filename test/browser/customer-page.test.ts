/**
 * The customer page and the queue on a phone, in Chromium against a real shop (`npm start`):
 *
 * 1. An admin finds a customer with the queue's search and opens their page (/customers/{id}): contact, orders with
 *    their balances, paddles, points, membership and texts; at 1280 and 390 px with axe, nothing sideways. Adjust
 *    points with a reason (an empty form says why under each field; a customer with no membership), Edit, and
 *    staff's notes.
 * 2. The queue at 390 px: each order's stage, customer and balance in sight without scrolling sideways; the unread
 *    texts' count on the closed menu button.
 * 3. A refused move (409: the order moved meanwhile, behind the screen) reads the order again: the screen shows the
 *    real stage, with the server's message.
 *
 * CUSTOMER_SHOTS=<dir> keeps screenshots.
 */
import { conversationIdOf } from "@regrip/core/shared/inbox";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { inboundTextPost } from "../../infra/local/sms-reply";
import { localTwilioAuthToken, smsWebhookPath } from "../../infra/local/webhooks";
import { callApi, checkAtBothWidths, expectNoOverflow, fileBrowser, localToken, newVerifiedCustomer, settled, shop, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const shots = process.env.CUSTOMER_SHOTS;
if (shots) mkdirSync(shots, { recursive: true });

const browser = fileBrowser();
const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
const PHONE = { width: 390, height: 844 };
const withPage = <T>(account: { username: string; password: string }, run: (page: Page) => Promise<T>, viewport = { width: 1280, height: 900 }) =>
  withSignedInPage(browser(), baseUrl, account, run, { viewport });

/** A customer texts the shop, as Twilio posts it to the SMS webhook. */
async function text(from: string, body: string) {
  const url = `${baseUrl}${smsWebhookPath}`;
  const signed = inboundTextPost(url, process.env.TWILIO_AUTH_TOKEN || localTwilioAuthToken, from, body);
  const answer = await fetch(url, { method: "POST", headers: signed.headers, body: signed.body });
  expect(answer.status, await answer.text()).toBe(200);
}

/** A customer of this file's own with one booking in a bag of its own (unpaid: a balance due). */
async function bookedCustomer(prefix: string) {
  const customer = await newVerifiedCustomer(browser(), { firstName: "Rory", lastNamePrefix: prefix, nicknames: ["Rory's Paddle"] });
  const bags = await api("POST", "/api/admin/bags/create", { token: await localToken(baseUrl, seed.employee), body: { count: 1 } });
  expect(bags.status, JSON.stringify(bags.body)).toBe(201);
  const booked = await api("POST", "/api/book-service", {
    token: customer.token,
    body: { paddleId: customer.paddleIds[0], bagNumber: bags.body[0].code3, dropoffLocation: "LITTLETON", service: "sku-basic-overgrip-blue-tacky" },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const me = await api("GET", "/api/auth/user", { token: customer.token });
  return { ...customer, id: me.body.id as string, name: `Rory ${customer.lastName}`, orderId: booked.body.id as string, reference: booked.body.number as string };
}

describe("the customer page", { timeout: 180_000 }, () => {
  let rory: Awaited<ReturnType<typeof bookedCustomer>>;
  beforeAll(async () => {
    rory = await bookedCustomer("Page");
  }, 120_000);

  it("is reached from the queue's search and shows the customer whole, at 1280 and 390 px with axe; Adjust points, Edit and notes", async () => {
    const question = `Is my paddle ready? ${Date.now()}`;
    await text(rory.phone, question);
    await withPage(seed.admin, async (page) => {
      await page.goto("/queue");
      await page.getByRole("heading", { name: "Service Queue", level: 1 }).waitFor();
      await page.getByRole("searchbox", { name: "Find a customer" }).fill(rory.lastName);
      await page.getByRole("link", { name: `Customer page of ${rory.name}` }).click();
      await page.waitForURL((url) => url.pathname === `/customers/${rory.id}`);
      await page.getByRole("heading", { name: rory.name, level: 1 }).waitFor();

      // The parts: contact (verified phone), the order with its balance and a link to it, paddles, points, texts.
      await page.getByText("Verified", { exact: true }).waitFor();
      const orders = page.getByRole("table", { name: "Orders" });
      await orders.getByRole("link", { name: `Order ${rory.reference}` }).waitFor();
      await expect.poll(() => orders.locator("tbody tr").first().innerText()).toMatch(/\$\d+\.\d\d/);
      await page.getByRole("table", { name: "Paddles" }).getByText("Rory's Paddle (Selkirk Vanguard)").waitFor();
      await page.getByText("Balance: 0 points").waitFor();
      await page.getByText("No membership.").waitFor();
      await page.getByText(question).waitFor();
      const reply = page.getByRole("link", { name: "Reply in Messages" });
      expect(await reply.getAttribute("href")).toBe(`/messages/${conversationIdOf(rory.phone)}`);
      await checkAtBothWidths(page, "the customer page", { overflow: "page", exclude: '[class*="awsui_mobile-toolbar-nav"]', shots });
      await page.setViewportSize(PHONE);
      await settled(page);
      await expectNoOverflow(page, "the customer page at 390 px");
      await page.setViewportSize({ width: 1280, height: 900 });
      await settled(page);

      // Adjust points: an empty form says why under each field; then 40 points with a reason, for a non-member.
      await page.getByRole("button", { name: "Adjust points" }).click();
      const dialog = page.getByRole("dialog", { name: `Adjust points: ${rory.name}` });
      await dialog.getByRole("button", { name: "Adjust Points" }).click();
      await dialog.getByText("Points must be a whole number other than 0").waitFor();
      await dialog.getByText("Give a reason for the adjustment").waitFor();
      await dialog.getByLabel("Points", { exact: true }).fill("40");
      await dialog.getByLabel("Reason").fill("Sorry about the wait");
      await dialog.getByRole("button", { name: "Adjust Points" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByText("Balance: 40 points").waitFor();
      await page.getByRole("table", { name: "Points history" }).getByText("Adjusted by the shop: Sorry about the wait").waitFor();
      const admin = await localToken(baseUrl, seed.admin);
      const summary = await api("GET", `/api/customers/${rory.id}/summary`, { token: admin });
      expect(summary.body.points.balance).toBe(40);
      expect(summary.body.points.entries).toHaveLength(1);

      // Edit: the customer's dialog, the page read again.
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      const edit = page.getByRole("dialog", { name: "Edit Customer" });
      await edit.getByLabel("First name").fill("Roran");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await edit.waitFor({ state: "detached" });
      await page.getByRole("heading", { name: `Roran ${rory.lastName}`, level: 1 }).waitFor();

      // Notes for staff: too long is said under the field; then kept, with their line breaks.
      await page.getByRole("button", { name: "Edit notes" }).click();
      const notes = page.getByRole("dialog", { name: `Notes: Roran ${rory.lastName}` });
      await notes.getByLabel("Notes", { exact: true }).fill("x".repeat(2001));
      await notes.getByRole("button", { name: "Save Notes" }).click();
      await notes.getByText("Notes must be 2,000 characters or less").waitFor();
      await notes.getByLabel("Notes", { exact: true }).fill("Likes a thin overgrip.\nCall before noon.");
      await notes.getByRole("button", { name: "Save Notes" }).click();
      await notes.waitFor({ state: "detached" });
      await page.getByText("Call before noon.").waitFor();

      // Read, so the shop-wide unread count other files see is as it was.
      expect((await api("POST", `/api/admin/conversations/${conversationIdOf(rory.phone)}/read`, { token: admin })).status).toBe(200);
    });
  });

  it("an employee sees the page without Adjust points; an unknown customer says so", async () => {
    await withPage(seed.employee, async (page) => {
      await page.goto(`/customers/${rory.id}`);
      await page.getByRole("heading", { name: new RegExp(rory.lastName), level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Points" }).waitFor();
      expect(await page.getByRole("button", { name: "Adjust points" }).count()).toBe(0);
      await page.goto("/customers/00000000-0000-4000-8000-000000000000");
      await page.getByText("Customer not found").waitFor();
    });
  });
});

describe("the queue on a phone", { timeout: 180_000 }, () => {
  let sky: Awaited<ReturnType<typeof bookedCustomer>>;
  beforeAll(async () => {
    sky = await bookedCustomer("Queue");
  }, 120_000);

  it("shows each order's stage, customer and balance without sideways scrolling, and the unread count on the closed menu button", async () => {
    await text(sky.phone, `Hello from the queue test ${Date.now()}`);
    await withPage(
      seed.employee,
      async (page) => {
        await page.goto("/queue");
        await page.getByRole("heading", { name: "Service Queue", level: 1 }).waitFor();
        await page.getByRole("searchbox", { name: "Search orders" }).fill(sky.lastName);
        const row = page.locator("table tbody tr").filter({ hasText: sky.reference });
        await row.waitFor();
        const cell = await row.innerText();
        expect(cell).toContain("Waiting Payment");
        expect(cell).toContain(sky.name);
        expect(cell).toMatch(/Unpaid · \$\d+\.\d\d due/);
        // Everything in the row in sight: its box inside the 390 px screen, and the page not scrolled sideways.
        const box = await row.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
        for (const control of await row.locator("button, a[href]").all()) {
          const at = await control.boundingBox();
          expect(at!.x + at!.width, await control.innerText()).toBeLessThanOrEqual(390);
        }
        await expectNoOverflow(page, "the queue at 390 px");
        // The customer's name opens their page.
        await row.getByRole("link", { name: sky.name }).waitFor();

        // The closed menu button carries the unread count, in its name and drawn beside it.
        const menu = page.getByRole("button", { name: /^Open navigation, \d+ unread conversations?$/ });
        await menu.waitFor({ timeout: 20_000 });
        const drawn = (await page.evaluate(`getComputedStyle(document.querySelector('[aria-label^="Open navigation,"]'), "::after").content`)) as string;
        expect(drawn).toMatch(/^"\d+\+?"$/);
        const employee = await localToken(baseUrl, seed.employee);
        expect((await api("POST", `/api/admin/conversations/${conversationIdOf(sky.phone)}/read`, { token: employee })).status).toBe(200);
      },
      PHONE,
    );
  });

  it("a refused move (409) reads the order again: the real stage shows, with the server's message", async () => {
    const employee = await localToken(baseUrl, seed.employee);
    // Into the queue, so Change Status offers Start Service.
    expect((await api("POST", `/api/orders/${sky.orderId}/status`, { token: employee, body: { status: "SERVICE_QUEUE" } })).status).toBe(200);
    await withPage(seed.employee, async (page) => {
      await page.goto("/queue");
      await page.getByRole("heading", { name: "Service Queue", level: 1 }).waitFor();
      // The search's own answer (the queue asks once the typing pauses), so nothing reads the order after the moves below.
      const searched = page.waitForResponse((answer) => answer.url().includes("/api/admin/orders?") && answer.url().includes(`q=${sky.lastName}`));
      await page.getByRole("searchbox", { name: "Search orders" }).fill(sky.lastName);
      await searched;
      const row = page.locator("table tbody tr").filter({ hasText: sky.reference });
      await row.getByText("Service Queue", { exact: true }).waitFor();
      // Meanwhile, at the bench, someone else takes it into service and makes it ready.
      for (const status of ["IN_SERVICE", "READY"]) {
        const moved = await api("POST", `/api/orders/${sky.orderId}/status`, { token: employee, body: { status } });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
      // The screen still says Service Queue; the move it offers is refused, and the row reads the order again.
      await row.getByRole("button", { name: `Change Status of order ${sky.reference}` }).click();
      await page.getByRole("menuitem", { name: "Start Service" }).click();
      await page.getByText("Failed to update order status.").waitFor();
      await row.getByText("Complete", { exact: true }).waitFor();
      expect(await row.getByText("Service Queue", { exact: true }).count()).toBe(0);
    });
  });
});
