/**
 * Smaller console items, in Chromium against a real shop (`npm start`):
 *
 * 1. A customer made with a phone already on file: the dialog offers the customer on file ("Use this customer"
 *    chooses them as a pick from the search would) or a second customer with the phone once staff confirm it.
 * 2. Bag labels print three a row inside Letter's and A4's printable width (print emulation at each paper's
 *    width less the page's own margins, and the PDF Chromium prints at each size).
 * 3. On a phone (390x844) every action of the first row of the queue, Admin Orders and Promotions is in the
 *    viewport without scrolling sideways.
 */
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { callApi, fileBrowser, shop, visit, withSignedInPage, localToken } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();

const browser = fileBrowser();

const api = <T = any>(method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi<T>(baseUrl, method, path, options);
/** A page signed in as `account` from the start (a stored session), blank: the test opens its page. */
const withPage = <T>(account: { username: string; password: string }, run: (page: Page) => Promise<T>, viewport = { width: 1280, height: 900 }) =>
  withSignedInPage(browser(), baseUrl, account, run, { viewport });

async function tokenOf(account: { username: string; password: string }): Promise<string> {
  return localToken(baseUrl, account);
}

describe("a phone already on file", () => {
  it("offers the customer on file: 'Use this customer' selects them, 'Create another with this phone' makes a second", async () => {
    const employee = await tokenOf(seed.employee);
    const digits = `720${randomInt(2_000_000, 9_999_999)}`;
    const family = `Onfile${Date.now().toString(36)}`;
    const holder = await api("POST", "/api/admin/customers", { token: employee, body: { firstName: "Dana", lastName: family, phone: digits, email: "" } });
    expect(holder.status, JSON.stringify(holder.body)).toBe(201);

    await withPage(seed.employee, async (page) => {
      await page.goto("/queue");
      const create = async () => {
        await page.getByRole("button", { name: "Create New Customer" }).click();
        const dialog = page.getByRole("dialog", { name: "Create New Customer" });
        await dialog.getByLabel("First name").fill("Eli");
        await dialog.getByLabel("Last name").fill(family);
        await dialog.getByLabel("Phone").fill(digits);
        await dialog.getByRole("button", { name: "Create Customer" }).click();
        await dialog.getByText(`A customer with this phone is already on file: Dana ${family}`).waitFor();
        return dialog;
      };

      // The customer on file, chosen: the queue filters to Dana; nobody new was made.
      let dialog = await create();
      await dialog.getByRole("button", { name: "Use this customer" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Clear Filter" }).waitFor();
      await page.getByText(`Dana ${family}`).first().waitFor();
      let found = await api("GET", `/api/customers/search?q=${family}`, { token: employee });
      expect(found.body.items.map((c: { id: string }) => c.id)).toEqual([holder.body.id]);
      await page.getByRole("button", { name: "Clear Filter" }).click();

      // A second customer with the phone, once confirmed.
      dialog = await create();
      await dialog.getByRole("button", { name: "Create another with this phone" }).click();
      await page.getByText("Customer Created").waitFor();
      await dialog.waitFor({ state: "detached" });
      found = await api("GET", `/api/customers/search?q=${digits}`, { token: employee });
      expect(found.body.items.map((c: { firstName: string; phone: string }) => `${c.firstName} ${c.phone}`).sort()).toEqual([`Dana +1${digits}`, `Eli +1${digits}`]);
    });
  }, 90_000);
});

/** A CSS length (the @page margin) in CSS pixels: 96 to the inch. */
function cssPixels(length: string): number {
  const match = /^([\d.]+)(mm|cm|in|pt|px)$/.exec(length.trim());
  if (!match) throw new Error(`Cannot read the length ${length}`);
  const per = { mm: 96 / 25.4, cm: 96 / 2.54, in: 96, pt: 96 / 72, px: 1 }[match[2] as "mm"];
  return Number(match[1]) * per;
}

const PAPERS = [
  { format: "Letter", width: 8.5 * 96, height: 11 * 96 },
  { format: "A4", width: (210 * 96) / 25.4, height: (297 * 96) / 25.4 },
] as const;

describe("bag labels on paper", () => {
  it("print three a row inside the printable width of Letter and A4, and the PDF at each size holds every row", async () => {
    const admin = await tokenOf(seed.admin);
    const bags = await api<{ items: { code3: string }[] }>("GET", "/api/admin/bags?limit=30", { token: admin });
    const codes = bags.body.items.map((bag) => bag.code3).slice(0, 30);
    expect(codes.length).toBe(30);

    await withPage(seed.admin, async (page) => {
      await page.goto(`/bags/labels?codes=${codes.join(",")}`);
      await page.locator(".bag-label").nth(29).waitFor();
      await page.emulateMedia({ media: "print" });

      // The page's own margins, as print reads them; a printer's unprintable edge is about 0.25in, so no less.
      const margins = (await page.evaluate(`(() => {
        const found = [];
        const walk = (rules) => { for (const rule of Array.from(rules)) { if (rule instanceof CSSPageRule) found.push(rule.style.marginLeft, rule.style.marginRight); else if (rule.cssRules) walk(rule.cssRules); } };
        for (const sheet of Array.from(document.styleSheets)) { try { walk(sheet.cssRules); } catch {} }
        return found.filter(Boolean);
      })()`)) as string[];
      expect(margins.length).toBeGreaterThanOrEqual(2);
      const margin = Math.max(...margins.map(cssPixels));
      expect(margin).toBeGreaterThanOrEqual(0.25 * 96 - 0.5);

      for (const paper of PAPERS) {
        // Print lays the page out at the paper's width less its margins: the same width on screen, in print media.
        const printable = Math.floor(paper.width - 2 * margin);
        await page.setViewportSize({ width: printable, height: Math.floor(paper.height - 2 * margin) });
        const boxes = (await page.evaluate(
          `Array.from(document.querySelectorAll(".bag-label")).map((label) => { const box = label.getBoundingClientRect(); return { left: box.left, right: box.right, top: Math.round(box.top), height: box.height }; })`,
        )) as { left: number; right: number; top: number; height: number }[];
        expect(boxes).toHaveLength(30);
        const outside = boxes.filter((box) => box.left < 0 || box.right > printable + 0.5);
        expect(outside, `${paper.format}: labels past the ${printable} px printable width`).toEqual([]);
        const rows = [...new Set(boxes.map((box) => box.top))];
        expect(rows, `${paper.format}: three labels a row`).toHaveLength(10);

        // The PDF Chromium prints at this size has the pages this layout needs: a row that would be cut by a
        // page's end starts the next page (no label is printed across two).
        const pageHeight = paper.height - 2 * margin;
        const pitch = rows[1] - rows[0];
        let last = 0;
        for (let row = 0, y = rows[0]; row < rows.length; row++, y += pitch) {
          if (y + boxes[0].height > (last + 1) * pageHeight) y = ++last * pageHeight;
        }
        const pdf = await page.pdf({ format: paper.format });
        const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
        expect(pages, `${paper.format}: the PDF's pages`).toBe(last + 1);
      }
    });
  }, 90_000);
});

describe("on a phone (390x844)", () => {
  // Each page's first row: what names it (in sight), and its actions, each named as the page labels it.
  const pages = [
    // The queue on a phone: one cell per order, its bag, number and pickup day first ("Bag 104 · R-1042 · Wed, Dec 2"),
    // then its stage, customer, payment and actions (customer-page.test.ts checks those).
    { path: "/queue", heading: "Service Queue", names: /^(Bag [0-9A-Z]{3}|No bag) · (R-\d{4,}|[0-9A-Z]{6}) · (\w{3}, \w{3} \d{1,2}|—)\n/, actions: [/^Change Status of order /, /^Details of order /] },
    // The order's number (the id's end for an order made before numbers).
    { path: "/admin/orders", heading: "Admin Orders", names: /^(R-\d{4,}|[0-9A-Z]{6})$/, actions: [/^Open order /, /^Change Status of order /] },
    { path: "/admin/promotions", heading: "Promotions", names: /^\S{1,20}$/, actions: [/^Edit /, /^Delete /, / active$/] },
  ];

  it("every action of the first row of the queue, Admin Orders and Promotions is in the viewport without scrolling sideways", async () => {
    await withPage(seed.admin, async (page) => {
      // The first page loaded, the others moved to in the app.
      for (const [index, { path, heading, names, actions }] of pages.entries()) {
        if (index === 0) await page.goto(path);
        else await visit(page, path);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        // The table's rows (Cloudscape draws its sticky header as a table of its own, with no body).
        const row = page.locator("table tbody tr").first();
        await row.locator("button").first().waitFor();
        const found = (await page.evaluate(`(() => {
          const row = document.querySelector("table tbody tr");
          const width = document.documentElement.clientWidth;
          const cells = Array.from(row.querySelectorAll("td, th"));
          const first = cells[0].getBoundingClientRect();
          // The row's actions: its controls, but for the queue's MyGripNotes, an inline edit of a text column (not
          // an action: it stays in its place on a phone, after the row's bag and actions).
          const controls = Array.from(row.querySelectorAll("button, a[href], input, [role=button]"))
            .filter((control) => !control.closest("td")?.querySelector("[aria-label^='Edit MyGripNotes']"))
            .map((control) => {
              const box = control.getBoundingClientRect();
              return { name: control.getAttribute("aria-label") || control.textContent.trim(), left: box.left, right: box.right };
            });
          const named = { text: cells[0].innerText.trim(), left: first.left, right: first.right };
          let scrolled = window.scrollX;
          for (let up = row.parentElement; up; up = up.parentElement) scrolled += up.scrollLeft;
          return { width, controls, named, scrolled };
        })()`)) as { width: number; controls: { name: string; left: number; right: number }[]; named: { text: string; left: number; right: number }; scrolled: number };
        expect(found.width).toBe(390);
        expect(found.scrolled, `${path} is scrolled sideways`).toBe(0);
        // What names the row comes first, in sight.
        expect(found.named.text, `${path}: the row's first cell`).toMatch(names);
        expect(found.named.right, `${path}: the row's first cell`).toBeLessThanOrEqual(found.width);
        for (const action of actions) expect(found.controls.map((control) => control.name), `${path}: the first row's actions`).toContainEqual(expect.stringMatching(action));
        const outside = found.controls.filter((control) => control.left < 0 || control.right > found.width);
        expect(outside, `${path}: actions past the 390 px viewport`).toEqual([]);
      }
    }, { width: 390, height: 844 });
  }, 90_000);
});
