/**
 * Every customer page at 1280 px and at 390 px, in Chromium against the demo shop:
 * signed out (landing, sign-in, sign-up, terms, privacy) and as Casey, the seeded customer with orders (booking,
 * My Grips, an order, profile, each Shop Tools tab). On each: nothing reaches past the viewport's right edge (no
 * control cut off or scrolled out of sight) and no serious or critical axe violation. Each page is loaded (or moved
 * to in the app) once and checked at both widths by resizing. A screenshot of each is kept when SCREENSHOT_DIR is set.
 */
import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, doneLoading, expectNoOverflow, fileBrowser, shop, visit, withPage, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const shots = process.env.SCREENSHOT_DIR;
if (shots) mkdirSync(shots, { recursive: true });
const phone = { width: 390, height: 844 };

const browser = fileBrowser();
let orderId = "";

beforeAll(async () => {
  const signedIn = await callApi(baseUrl, "POST", "/api/auth/local", { body: { username: seed.customer.username, password: seed.customer.password } });
  expect(signedIn.status).toBe(200);
  const orders = await callApi(baseUrl, "GET", "/api/orders?limit=20", { token: signedIn.body.idToken });
  expect(orders.status).toBe(200);
  // The seeded orders of bags 121 to 124: one is enough to see the order page with a bag, notes and a status.
  orderId = orders.body.orders[0].id;
});

/**
 * The page shown (`ready` in sight, nothing loading), then at 1280 and 390 px: nothing past the right edge and axe
 * (the page is at 1280 px when called, and left there).
 */
async function check(page: Page, name: string, ready: Locator) {
  await ready.waitFor();
  await doneLoading(page);
  await expectNoOverflow(page, `${name} at 1280 px`);
  await checkAtBothWidths(page, `customer ${name}`, { shots });
}

/** Opens each page of `pages` in turn: the first by a load, the others by in-app moves (as a link does). */
async function eachPage(page: Page, pages: readonly (readonly [name: string, path: string, ready: (page: Page) => Locator])[]) {
  for (const [index, [name, path, ready]] of pages.entries()) {
    if (index === 0) await page.goto(path);
    else await visit(page, path);
    await check(page, name, ready(page));
  }
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { level: 1, name });

describe("customer pages at 1280 and 390 px", () => {
  it("signed out: landing, sign-in, sign-up, terms and privacy", async () => {
    await withPage(browser(), baseUrl, (page) =>
      eachPage(page, [
        ["landing", "/", heading("Better Grip. Better Game.")],
        ["login", "/login", heading("Sign in to Regrip")],
        ["terms", "/terms", heading("Terms of Service")],
        // Reached from another page: the sign-in page reads ?signup=1 when it opens.
        ["sign-up", "/login?signup=1", (page) => page.locator("#customer-signup")],
        ["privacy", "/privacy", heading("Privacy Policy, SMS Terms and Terms of Use")],
      ]),
    );
  });

  it("as a customer: booking, My Grips, an order, profile and every Shop Tools tab", async () => {
    await withSignedInPage(browser(), baseUrl, seed.customer, async (page) => {
      await eachPage(page, [
        ["booking", "/booking", heading("Book a Service")],
        ["my-grips", "/my-grips", heading("My Grips")],
        ["order", `/orders/${orderId}`, heading(/^Order R-\d{4,}/)],
        ["profile", "/profile", (page) => page.locator(".profile-page h1")],
        ["shop-tools", "/shop-tools", heading("Shop Tools")],
      ]);
      // Each tab in sight and each panel checked (at 390 px the tabs wrap rather than scroll).
      const tabs = page.getByRole("tablist", { name: "Shop tools" }).getByRole("tab");
      const names = await tabs.allInnerTexts();
      expect(names).toEqual(["Profile", "Grip Prefs", "Orders", "Subscription", "Packs", "Points", "Notifications"]);
      for (const tab of names) {
        await page.getByRole("tab", { name: tab }).click();
        await check(page, `shop-tools-${tab.toLowerCase().replace(/\W+/g, "-")}`, page.getByRole("tabpanel"));
      }
      // The user menu open: the email wraps between its parts, inside the screen, at each width.
      for (const size of [{ width: 1280, height: 900 }, phone]) {
        await page.setViewportSize(size);
        await page.locator(".user-menu-button").click();
        await page.locator(".user-menu-email").waitFor();
        await expectNoOverflow(page, `the user menu at ${size.width} px`);
        await page.keyboard.press("Escape");
        await page.locator(".user-menu-email").waitFor({ state: "hidden" });
      }
    });
  });
});

describe("long text on a phone", () => {
  it("My Grips' order cards at 390 px keep a note with a long email inside the card, and Shop Tools lists them the same", async () => {
    await withSignedInPage(
      browser(),
      baseUrl,
      seed.customer,
      async (page) => {
        // Casey's own orders, each with a note holding one long unbroken token, as a customer may type.
        const note = "Call me at someone.with.a.very.long.address@subdomain.example-pickleball-club.test before noon.";
        await page.route((url) => url.pathname === "/api/orders", async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as { orders: { customerNotes: string | null }[] };
          for (const order of body.orders) order.customerNotes = note;
          await route.fulfill({ response: answer, json: body });
        });
        for (const [name, open] of [
          ["My Grips", async () => page.goto("/my-grips")],
          [
            "Shop Tools' Orders",
            async () => {
              await visit(page, "/shop-tools");
              await page.getByRole("tab", { name: "Orders" }).click();
            },
          ],
        ] as const) {
          await open();
          await page.locator(".orders-table .notes-cell").first().waitFor();
          await doneLoading(page);
          // On a phone the table is a stack of cards: its scroll box must not scroll (it clipped the note), and
          // every value stays inside its card.
          const found = (await page.evaluate(`(() => {
            const box = document.querySelector(".table-scroll");
            const sticking = [];
            for (const row of document.querySelectorAll(".orders-table tbody tr")) {
              const edge = row.getBoundingClientRect().right;
              for (const cell of row.querySelectorAll("td")) {
                if (cell.getBoundingClientRect().right > edge + 1 || cell.scrollWidth > cell.clientWidth + 1) sticking.push(cell.dataset.label);
              }
            }
            return { scrolls: box.scrollWidth - box.clientWidth, sticking };
          })()`)) as { scrolls: number; sticking: string[] };
          expect(found.sticking, `${name}: cells wider than their card`).toEqual([]);
          expect(found.scrolls, `${name}: the orders scroll sideways`).toBeLessThanOrEqual(0);
          expect(await page.locator(".orders-table .notes-cell").first().innerText()).toBe(note);
        }
        // A read still under way (Shop Tools asks for more orders than My Grips) is let finish before the page closes.
        await page.unrouteAll({ behavior: "wait" });
      },
      { viewport: phone },
    );
  });

  it("a paddle named with 60-character words stays on a 390 px screen: its card, the booking choice and summary, Paddle Story", async () => {
    await withSignedInPage(
      browser(),
      baseUrl,
      seed.customer,
      async (page) => {
        const nickname = "Z".repeat(60);
        // Casey's first paddle as the server answers, with a nickname, brand and model at their 60-character limit.
        await page.route(
          (url) => url.pathname === "/api/paddles",
          async (route) => {
            if (route.request().method() !== "GET") return route.continue();
            const answer = await route.fetch();
            const paddles = (await answer.json()) as Record<string, unknown>[];
            // Out of the shop (Casey's seeded paddles are all in open orders, which the booking page will not offer).
            paddles[0] = { ...paddles[0], nickname, brand: "B".repeat(60), model: "M".repeat(60), openOrderId: null };
            await route.fulfill({ response: answer, json: paddles });
          },
        );
        await page.goto("/booking");
        await page.getByRole("radio", { name: new RegExp(nickname) }).check();
        await expectNoOverflow(page, "the booking page with the paddle chosen");
        await visit(page, "/my-grips");
        const card = page.getByRole("article", { name: nickname });
        await card.waitFor();
        await expectNoOverflow(page, "My Grips' paddle card");
        await card.getByRole("button", { name: /More actions/ }).click();
        await card.getByRole("menuitem", { name: "Paddle Story" }).click();
        const story = page.getByRole("dialog", { name: `${nickname}'s Story` });
        await story.waitFor();
        await expectNoOverflow(page, "Paddle Story");
        // The dialog scrolls only up and down: nothing of it is hidden past its right edge.
        expect(await story.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)).toBeLessThanOrEqual(0);
      },
      { viewport: phone },
    );
  });

  it("a 50-character name of one word and a long email stay on a 390 px screen: profile, Shop Tools and the user menu", async () => {
    await withSignedInPage(
      browser(),
      baseUrl,
      seed.customer,
      async (page) => {
        // Casey as the server answers, with names at their 50-character limit and an email longer than the line.
        await page.route(
          (url) => url.pathname === "/api/auth/user",
          async (route) => {
            if (route.request().method() !== "GET") return route.continue();
            const answer = await route.fetch();
            const user = await answer.json();
            await route.fulfill({
              response: answer,
              json: {
                ...user,
                firstName: "Maximiliana-Alexandrina-Konstantinopolous",
                lastName: "Wolfeschlegelsteinhausenbergerdorffwelchevoralt",
                email: "maximiliana.alexandrina@wolfeschlegelsteinhausenbergerdorff-family.example",
              },
            });
          },
        );
        await page.goto("/profile");
        await page.getByRole("heading", { level: 1, name: /Wolfeschlegel/ }).waitFor();
        await expectNoOverflow(page, "the profile's header");
        await visit(page, "/shop-tools");
        await page.getByRole("heading", { level: 2, name: /Wolfeschlegel/ }).waitFor();
        await expectNoOverflow(page, "Shop Tools' Profile tab");
        await page.locator(".user-menu-button").click();
        await page.locator(".user-menu-email").waitFor();
        await expectNoOverflow(page, "the user menu");
      },
      { viewport: phone },
    );
  });
});
