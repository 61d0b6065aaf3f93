/**
 * Staff accounts and the audit trail in Chromium against a real shop (`npm start`):
 *
 * 1. The owner (the demo admin) invites an employee on /admin/staff: the dialog's checks under their fields, the
 *    server's refusal of an email that has an account, then the new row, Invited. The user pool's email with the
 *    temporary password reaches the local email outbox; the employee signs in with it, chooses a password, sets up
 *    their authenticator app and lands in the shop. The owner switches them off (behind a confirmation): the
 *    employee's next page finds them signed out, and their sign-in is refused.
 * 2. The audit trail shows the invitation and the switch-off in words, filtered to that person's record, with links.
 * Both pages at 1280 and 390 px with axe; the owner's own row and the last admin's actions are disabled with the reason.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode } from "../../infra/local/authenticator";
import { INVITATION_SUBJECT } from "../../infra/local/cognito-stand-in";
import { loadSettings, repoRoot } from "../../infra/local/settings";
import { callApi, checkAtBothWidths, fileBrowser, localToken, shop, waitFor, withPage, withSignedInPage } from "./browser";

const baseUrl = shop.baseUrl;
const { seed } = loadSettings();
const browser = fileBrowser();
const shots = join(repoRoot, ".local", "screenshots", "staff");

/** The temporary password of the invitation the pool emailed to `email` (the shop's email outbox). */
function invitationPassword(email: string): string | undefined {
  const file = join(shop.dataDir, "email-outbox.jsonl");
  if (!existsSync(file)) return undefined;
  const mail = readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { to: string; subject: string; body: string })
    .find((entry) => entry.to === email && entry.subject === INVITATION_SUBJECT);
  return mail ? /temporary password is (\S+)\./.exec(mail.body)?.[1] : undefined;
}

/** Cloudscape's own phone toolbar (outside the page's content) carries an attribute axe refuses, on every console page. */
const toolbar = '[class*="awsui_mobile-toolbar-nav"]';

const adminPage = <T>(run: (page: Page) => Promise<T>) => withSignedInPage(browser(), baseUrl, seed.admin, run);

describe("staff accounts", () => {
  const email = `jo-${randomInt(100_000, 999_999)}@shop.test`;
  let employeeId = "";

  it("the owner invites an employee, who signs in with the emailed password, and is then switched off", async () => {
    mkdirSync(shots, { recursive: true });
    await adminPage(async (admin) => {
      await admin.goto("/storefront");
      await admin.getByRole("navigation", { name: "Console navigation" }).getByRole("link", { name: "Staff", exact: true }).click();
      await admin.waitForURL((url) => url.pathname === "/admin/staff");
      await admin.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
      // Nobody changes their own account here: the reason stands beside the disabled buttons.
      const own = admin.getByRole("row").filter({ hasText: "This is you: another admin changes your account." });
      await own.waitFor();
      expect(await own.getByRole("button", { name: /Switch off/ }).isDisabled()).toBe(true);
      await checkAtBothWidths(admin, "staff", { overflow: "page", exclude: toolbar, shots });

      await admin.getByRole("button", { name: "Invite Staff Member" }).click();
      const dialog = admin.getByRole("dialog", { name: "Invite a staff member" });
      await dialog.getByRole("button", { name: "Send Invitation" }).click();
      await dialog.getByText("Invalid email").waitFor();
      await dialog.getByText("First name is required").waitFor();
      await dialog.getByText("Last name is required").waitFor();
      // The demo customer's email has an account: the server's refusal under the email.
      await dialog.getByLabel("Email").fill(seed.customer.username);
      await dialog.getByLabel("First name").fill("Jo");
      await dialog.getByLabel("Last name").fill("Court");
      await dialog.getByRole("button", { name: "Send Invitation" }).click();
      await dialog.getByText("That email already has an account").waitFor();
      await checkAtBothWidths(admin, "staff invite", { selector: "[role=dialog]", overflow: "page", shots });
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByRole("button", { name: "Send Invitation" }).click();
      await dialog.waitFor({ state: "detached" });
      const row = admin.getByRole("row").filter({ hasText: email });
      await row.getByText("Invited").waitFor();
      expect(await row.innerText()).toContain("Employee");
    });

    const temporary = await waitFor("the invitation in the email outbox", () => invitationPassword(email));
    let key = "";
    await withPage(browser(), baseUrl, async (employee) => {
      await employee.goto("/login");
      const signIn = employee.getByRole("form", { name: "Admin sign-in" });
      await signIn.getByLabel("Username").fill(email);
      await signIn.getByLabel("Password").fill(temporary);
      await signIn.getByRole("button", { name: "Sign In" }).click();
      const form = employee.getByRole("form", { name: "Choose a new password" });
      await form.getByLabel("New password", { exact: true }).fill("JosOwnPass42");
      await form.getByLabel("Repeat the new password").fill("JosOwnPass42");
      await form.getByRole("button", { name: "Set Password and Sign In" }).click();
      const setup = employee.getByRole("form", { name: "Set up two-step sign-in" });
      await setup.waitFor();
      key = (await setup.getByLabel("Key to enter by hand").textContent())!.replace(/\s+/g, "");
      await setup.getByLabel("6-digit code").fill(totpCode(key));
      await setup.getByRole("button", { name: "Turn On and Continue" }).click();
      await employee.waitForURL((url) => url.pathname === "/storefront");
      await employee.goto("/queue");
      await employee.getByRole("heading", { name: "Service Queue", level: 1 }).waitFor();

      // The owner switches them off, behind a confirmation.
      await adminPage(async (admin) => {
        await admin.goto("/admin/staff");
        const row = admin.getByRole("row").filter({ hasText: email });
        await row.getByText("Active").waitFor();
        expect(await row.innerText()).toContain("Set up");
        await row.getByRole("button", { name: /Switch off/ }).click();
        const confirm = admin.getByRole("dialog", { name: "Switch off" });
        await confirm.getByText("is signed out everywhere at once").waitFor();
        await confirm.getByRole("button", { name: "Switch Off" }).click();
        await confirm.waitFor({ state: "detached" });
        await row.getByText("Switched off").waitFor();
      });

      // The employee's next page: their token is refused at once, and the app finds them signed out.
      await employee.goto("/queue");
      await employee.waitForURL((url) => url.pathname === "/login");
      const again = employee.getByRole("form", { name: "Admin sign-in" });
      await again.getByLabel("Username").fill(email);
      await again.getByLabel("Password").fill("JosOwnPass42");
      await again.getByRole("button", { name: "Sign In" }).click();
      await again.getByRole("alert").waitFor();
      expect(await employee.getByRole("form", { name: "Two-step sign-in" }).count()).toBe(0);
    });
    const token = await localToken(baseUrl, seed.admin);
    const staff = await callApi<{ items: { id: string; email: string; status: string }[] }>(baseUrl, "GET", "/api/admin/staff", { token });
    const person = staff.body.items.find((item) => item.email === email)!;
    expect(person.status).toBe("off");
    employeeId = person.id;
    const signIn = await callApi(baseUrl, "POST", "/api/auth/local", { body: { username: email, password: "JosOwnPass42", code: totpCode(key) } });
    expect(signIn.status).toBe(401);
  });

  it("the audit trail shows the invitation and the switch-off in words, filtered to that person, with links", async () => {
    expect(employeeId).not.toBe("");
    await adminPage(async (admin) => {
      await admin.goto("/admin");
      await admin.getByRole("link", { name: "Full audit trail" }).click();
      await admin.waitForURL((url) => url.pathname === "/admin/audit");
      await admin.getByRole("heading", { name: "Audit trail", level: 1 }).waitFor();
      await admin.getByRole("row").filter({ hasText: "Staff member switched off" }).first().waitFor();
      await checkAtBothWidths(admin, "audit trail", { overflow: "page", exclude: toolbar, shots });

      // That person's record, from its entry's history link.
      await admin.getByRole("link", { name: `History of Staff member ${email}` }).first().click();
      await admin.waitForURL((url) => url.searchParams.get("target") === `user:${employeeId}`);
      const rows = admin.getByRole("row").filter({ hasText: "Staff member" });
      await admin.getByRole("row").filter({ hasText: "Staff member invited" }).waitFor();
      await waitFor("two entries", async () => ((await rows.count()) === 2 ? true : undefined));
      expect(await admin.getByRole("row").filter({ hasText: "Staff member switched off" }).count()).toBe(1);

      // The filter by action narrows it to the switch-off; the entry's link opens the Staff page.
      await admin.getByRole("button", { name: "Filter by what" }).click();
      await admin.getByRole("option", { name: "Staff member switched off", exact: true }).click();
      await admin.waitForURL((url) => url.searchParams.get("action") === "staff.switched_off");
      await waitFor("one entry", async () => ((await rows.count()) === 1 ? true : undefined));
      await checkAtBothWidths(admin, "audit trail filtered", { overflow: "page", exclude: toolbar, shots });
      await admin.getByRole("row").filter({ hasText: "Staff member switched off" }).getByRole("link", { name: "Staff member" }).first().click();
      await admin.waitForURL((url) => url.pathname === "/admin/staff");
    });
  });

  it("an employee is not shown either page", async () => {
    await withSignedInPage(browser(), baseUrl, seed.employee, async (page) => {
      for (const [path, heading] of [
        ["/admin/staff", "Staff"],
        ["/admin/audit", "Audit trail"],
      ] as const) {
        await page.goto(path);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        await page.getByText("You don't have permission to access the admin panel.").waitFor();
      }
    });
  });
});
