/**
 * The shop's text inbox in Chromium against a real shop (`npm start`), the texts played through the
 * real SMS webhook, form-encoded and signed as Twilio signs (what `npm run sms:reply` does):
 *
 * 1. A customer with an order in a bag texts "status?": the automatic answer naming the bag and its stage reaches
 *    the outbox, and the conversation on /messages shows it as the STATUS rule's automatic answer.
 * 2. The customer texts a question: an employee signs in, sees the unread badge on Messages in the side
 *    navigation, opens Messages and the conversation (marked Needs reply; opening it reads it), and replies: the
 *    reply is in the thread with its sender and delivery status, and in the outbox.
 *
 * Each screen at 1280 and 390 px with axe; on the phone the list and the thread are two views, with a way back,
 * and nothing scrolls sideways. Screenshots go to .local/screenshots (messages-*.png).
 */
import AxeBuilder from "@axe-core/playwright";
import { conversationIdOf } from "@regrip/core/shared/inbox";
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { inboundTextPost } from "../../infra/local/sms-reply";
import { localTwilioAuthToken, smsWebhookPath } from "../../infra/local/webhooks";
import { callApi, expectNoOverflow, fileBrowser, localToken, signInStaff, textsTo, waitFor, withPage as withPageOf, newVerifiedCustomer, shop } from "./browser";

const baseUrl = shop.baseUrl;
const dataDir = shop.dataDir;
const { seed } = loadSettings();
const shots = join(process.cwd(), ".local", "screenshots");
mkdirSync(shots, { recursive: true });

const browser = fileBrowser();
const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
const PHONE = { width: 390, height: 844 };
const withPage = <T>(run: (page: Page) => Promise<T>, viewport = { width: 1280, height: 900 }) => withPageOf(browser(), baseUrl, run, { viewport });

/** A customer texts the shop, as Twilio posts it to the SMS webhook. */
async function text(from: string, body: string) {
  const url = `${baseUrl}${smsWebhookPath}`;
  const signed = inboundTextPost(url, process.env.TWILIO_AUTH_TOKEN || localTwilioAuthToken, from, body);
  const answer = await fetch(url, { method: "POST", headers: signed.headers, body: signed.body });
  expect(answer.status, await answer.text()).toBe(200);
}

/** Serious and critical axe findings, the console frame's mobile toolbar left out (as the other console journeys do). */
async function axeProblems(page: Page, what: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('[class*="awsui_mobile-toolbar-nav"]').analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${what} ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `messages-${name}.png`), fullPage: true });
}

/** A customer of this file's own: a login, a verified phone (the code read from the outbox), a paddle booked in a new bag. */
async function newCustomer() {
  const { token, lastName, phone, paddleIds } = await newVerifiedCustomer(browser(), { firstName: "Wren", lastNamePrefix: "Inbox", nicknames: ["Wren's Paddle"] });
  const paddle = { body: { id: paddleIds[0] } };
  const bags = await api("POST", "/api/admin/bags/create", { token: await localToken(baseUrl, seed.employee), body: { count: 1 } });
  expect(bags.status, JSON.stringify(bags.body)).toBe(201);
  const bag: string = bags.body[0].code3;
  const booked = await api("POST", "/api/book-service", {
    token,
    body: { paddleId: paddle.body.id, bagNumber: bag, dropoffLocation: "LITTLETON", service: "sku-basic-overgrip-blue-tacky" },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { name: `Wren ${lastName}`, phone, bag, orderId: booked.body.id as string };
}

/** The conversation's row in the inbox list. */
const row = (page: Page, name: string) => page.getByRole("list", { name: "Conversations" }).getByRole("link", { name: new RegExp(name) });
/** The open thread's messages. */
const thread = (page: Page, name: string) => page.getByRole("region", { name: `Messages with ${name}` });

describe("the text inbox", { timeout: 180_000 }, () => {
  let wren: Awaited<ReturnType<typeof newCustomer>>;

  beforeAll(async () => {
    wren = await newCustomer();
  }, 120_000);

  it('a customer texts "status?": the answer naming their bag reaches the outbox and shows in the thread as automatic', async () => {
    const before = textsTo(dataDir, wren.phone).length;
    await text(wren.phone, "status?");
    const answer = await waitFor("the STATUS answer", () => textsTo(dataDir, wren.phone).slice(before).find((body) => body.includes(`Bag ${wren.bag}`)));
    expect(answer).toMatch(/^Regrip: your open orders:/);

    const problems: string[] = [];
    await withPage(async (page) => {
      await signInStaff(page, seed.employee);
      await page.goto(`/messages/${conversationIdOf(wren.phone)}`);
      const messages = thread(page, wren.name);
      await messages.getByText("status?").waitFor();
      const automatic = messages.getByRole("listitem").filter({ hasText: "Automatic answer (STATUS)" });
      await automatic.waitFor();
      expect(await automatic.innerText()).toContain(`Bag ${wren.bag}`);
      // Beside the thread: the customer and the order, a link to the staff order view.
      const order = page.getByRole("link", { name: new RegExp(`^Order `) }).first();
      expect(await order.getAttribute("href")).toBe(`/queue/orders/${wren.orderId}`);
      await page.waitForLoadState("networkidle");
      await shot(page, "status-1280");
      problems.push(...(await axeProblems(page, "status 1280")));
    });
    await withPage(async (page) => {
      await signInStaff(page, seed.employee);
      await page.goto(`/messages/${conversationIdOf(wren.phone)}`);
      await thread(page, wren.name).getByRole("listitem").filter({ hasText: "Automatic answer (STATUS)" }).waitFor();
      await page.waitForLoadState("networkidle");
      await expectNoOverflow(page, "the STATUS thread on a phone");
      await shot(page, "status-390");
      problems.push(...(await axeProblems(page, "status 390")));
    }, PHONE);
    expect(problems).toEqual([]);
  });

  it("a customer texts a question; an employee sees the badge, opens the conversation and replies: the reply is in the thread with its status and in the outbox", async () => {
    const question = `Do you have teal grips in stock? ${randomInt(100, 999)}`;
    await text(wren.phone, question);
    const reply = `Yes, teal tacky grips are in stock, Wren. ${randomInt(100, 999)}`;
    const problems: string[] = [];

    await withPage(async (page) => {
      await signInStaff(page, seed.employee);
      const nav = page.getByRole("navigation", { name: "Console navigation" });
      // The badge beside Messages, read out as what it counts.
      await nav.getByText(/^\d+ unread conversations?$/).waitFor();
      await nav.getByRole("link", { name: "Messages" }).click();
      await page.waitForURL((url) => url.pathname === "/messages");
      await page.getByRole("heading", { name: "Messages", level: 1 }).waitFor();
      const mine = row(page, wren.name);
      await mine.getByText("Needs reply").waitFor();
      await mine.getByText(/^\d+ unread$/).waitFor();
      expect(await mine.innerText()).toContain(question);
      await page.waitForLoadState("networkidle");
      await shot(page, "list-1280");
      problems.push(...(await axeProblems(page, "list 1280")));

      await mine.click();
      await page.waitForURL((url) => url.pathname === `/messages/${conversationIdOf(wren.phone)}`);
      await thread(page, wren.name).getByText(question).waitFor();
      // Opening it read it: the row's unread count goes.
      await expect.poll(() => mine.getByText(/^\d+ unread$/).count(), { timeout: 10_000 }).toBe(0);

      const form = page.getByRole("form", { name: "Reply" });
      await form.getByRole("button", { name: "Send" }).click();
      await form.getByText("Please enter a reply").waitFor();
      await form.getByRole("textbox").fill(reply);
      await form.getByText(`${reply.length}/1600 characters`).waitFor();
      await form.getByRole("button", { name: "Send" }).click();
      const sent = thread(page, wren.name).getByRole("listitem").filter({ hasText: reply });
      await sent.waitFor();
      // Who sent it: the employee's first name, from their profile.
      await sent.getByText(`Reply by ${seed.employee.firstName}`).waitFor();
      await sent.getByText(/^(Sent|Delivered)$/).waitFor();
      expect(textsTo(dataDir, wren.phone).filter((body) => body === reply)).toHaveLength(1);
      await expect.poll(() => mine.getByText("Needs reply").count(), { timeout: 10_000 }).toBe(0);
      await page.waitForLoadState("networkidle");
      await shot(page, "reply-1280");
      problems.push(...(await axeProblems(page, "reply 1280")));
    });

    // At the counter on a phone: the list, then the conversation alone, and back.
    await withPage(async (page) => {
      await signInStaff(page, seed.employee);
      await page.goto("/messages");
      const mine = row(page, wren.name);
      await mine.waitFor();
      expect(await thread(page, wren.name).count()).toBe(0);
      await page.waitForLoadState("networkidle");
      await expectNoOverflow(page, "the inbox on a phone");
      await shot(page, "list-390");
      problems.push(...(await axeProblems(page, "list 390")));

      await mine.click();
      await thread(page, wren.name).getByText(reply).waitFor();
      expect(await page.getByRole("list", { name: "Conversations" }).count()).toBe(0);
      await page.getByRole("form", { name: "Reply" }).waitFor();
      await page.waitForLoadState("networkidle");
      await expectNoOverflow(page, "a conversation on a phone");
      await shot(page, "thread-390");
      problems.push(...(await axeProblems(page, "thread 390")));

      await page.getByRole("link", { name: "All conversations" }).click();
      await page.waitForURL((url) => url.pathname === "/messages");
      await row(page, wren.name).waitFor();
    }, PHONE);
    expect(problems).toEqual([]);
  });
});
