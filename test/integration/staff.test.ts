/**
 * Staff accounts (GET/POST /api/admin/staff, PATCH /api/admin/staff/{id}; docs/api-admin.md) through the route table
 * against DynamoDB Local and cognito-local: an invite makes the account and the pool's email with its temporary
 * password reaches the outbox; a role changes; a switched-off employee's token is refused at once and their sign-in
 * too; the last admin is never demoted nor switched off, also when the last two demote each other at once.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "../../infra/env";
import { INVITATION_SUBJECT } from "../../infra/local/cognito-stand-in";
import { readOutbox } from "../../infra/local/outbox-page";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { EMAIL_HAS_ACCOUNT, LAST_ADMIN, NOT_YOURSELF, NOTHING_TO_CHANGE, ROLE_REQUIRED, type StaffView } from "../../packages/core/src/shared/staff";
import { INVALID_EMAIL } from "../../packages/core/src/shared/customers";
import { Staff } from "../../packages/core/src/staff";
import { SWITCHED_OFF } from "../../packages/core/src/staff/switched-off";
import { staffTokens } from "./payment-support";
import { call, newCustomer, signIn } from "./support";

let admin: string;
let employee: string;

beforeAll(async () => {
  ({ admin, employee } = await staffTokens());
});

const patch = (id: string, body: unknown, token = admin) => call<StaffView & { message?: string }>("PATCH", `/api/admin/staff/${id}`, { token, body });
const staffList = async (token = admin) => {
  const answer = await call<{ items: StaffView[] }>("GET", "/api/admin/staff", { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items;
};

/** Two admins of their own, as the only admins the roster knows (the user pool is shared with every other file). */
async function twoAdmins() {
  // One after the other: cognito-local rewrites its data file in place, and two accounts made at once can leave it
  // unreadable a while for the authenticator codes the sign-ins read from it (infra/local/authenticator.ts).
  const a = await newCustomer(["ADMIN", "MFA"]);
  const b = await newCustomer(["ADMIN", "MFA"]);
  await db().entities.staffRoster.put({ name: "roster", admins: [a.sub, b.sub], adminCount: 2 }).go();
  return { a, b };
}

describe("inviting staff", () => {
  it("makes the account in its role's group, the pool's email with the temporary password in the outbox, and an audit entry", async () => {
    const email = `new-staff-${randomUUID().slice(0, 8)}@regrip.test`;
    const answer = await call<StaffView>("POST", "/api/admin/staff", { token: admin, body: { email: ` ${email.toUpperCase()} `, firstName: "Jo", lastName: "Court", role: "EMPLOYEE" } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ email, firstName: "Jo", lastName: "Court", role: "EMPLOYEE", status: "invited", lockedReason: null });

    const mail = readOutbox<{ to: string; subject: string; body: string }>(process.env[env.emailOutboxFile]).filter((entry) => entry.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(INVITATION_SUBJECT);
    const temporary = /temporary password is (\S+)\./.exec(mail[0]!.body)?.[1];
    expect(temporary).toBeTruthy();
    // The temporary password works, and asks for a new one (the sign-in page's step).
    const first = await call("POST", "/api/auth/local", { body: { username: email, password: temporary } });
    expect(first.status).toBe(401);
    expect(first.body.message).toContain("NEW_PASSWORD_REQUIRED");

    const listed = (await staffList()).find((person) => person.id === answer.body.id);
    expect(listed).toMatchObject({ email, role: "EMPLOYEE", status: "invited", authenticator: false });
    expect((await Audit.forTarget("user", answer.body.id)).map((entry) => [entry.action, entry.diff])).toEqual([["staff.invited", { email, role: "EMPLOYEE" }]]);
    // The user item is there before they sign in: the shop's lists know them.
    expect((await db().entities.user.get({ userId: answer.body.id }).go()).data).toMatchObject({ email, firstName: "Jo", roles: ["CUSTOMER", "EMPLOYEE"] });

    // The same email again (a double click, a second admin): 409, nothing more sent.
    const again = await call("POST", "/api/admin/staff", { token: admin, body: { email, firstName: "Jo", lastName: "Court", role: "ADMIN" } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(EMAIL_HAS_ACCOUNT);
  });

  it("refuses an email a customer holds, a bad role, a bad email, missing names, and anyone but an admin", async () => {
    const customer = await newCustomer();
    const body = (over: Record<string, unknown>) => ({ email: `x-${randomUUID().slice(0, 8)}@regrip.test`, firstName: "A", lastName: "B", role: "EMPLOYEE", ...over });
    const taken = await call("POST", "/api/admin/staff", { token: admin, body: body({ email: customer.email }) });
    expect([taken.status, taken.body.message]).toEqual([409, EMAIL_HAS_ACCOUNT]);
    for (const [over, message] of [
      [{ role: "OWNER" }, ROLE_REQUIRED],
      [{ role: "CUSTOMER" }, ROLE_REQUIRED],
      [{ email: "not-an-email" }, INVALID_EMAIL],
      [{ firstName: " " }, "First name is required"],
      [{ lastName: undefined }, "Last name is required"],
    ] as const) {
      const refused = await call("POST", "/api/admin/staff", { token: admin, body: body(over) });
      expect([refused.status, refused.body.message], JSON.stringify(over)).toEqual([400, message]);
    }
    expect((await call("POST", "/api/admin/staff", { token: employee, body: body({}) })).status).toBe(403);
    expect((await call("POST", "/api/admin/staff", { token: customer.token, body: body({}) })).status).toBe(403);
    expect((await call("GET", "/api/admin/staff", { token: employee })).status).toBe(403);
    expect((await call("GET", "/api/admin/staff", { token: customer.token })).status).toBe(403);
    expect((await call("PATCH", `/api/admin/staff/${customer.sub}`, { token: employee, body: { active: false } })).status).toBe(403);
  });
});

describe("changing staff", () => {
  it("switches an employee off: their token is refused at once, their sign-in too; switched on, they work again", async () => {
    const person = await newCustomer(["EMPLOYEE", "MFA"]);
    expect((await call("GET", "/api/admin/orders", { token: person.token })).status).toBe(200);

    const off = await patch(person.sub, { active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ id: person.sub, role: "EMPLOYEE", status: "off" });
    // The token they hold is still valid for the pool, and refused by the shop on every signed-in route.
    for (const url of ["/api/admin/orders", "/api/auth/user", "/api/paddles"]) {
      const refused = await call("GET", url, { token: person.token });
      expect([refused.status, refused.body.message], url).toEqual([401, SWITCHED_OFF]);
    }
    const signInAgain = await call("POST", "/api/auth/local", { body: { username: person.username, password: "TestPass123" } });
    expect([signInAgain.status, signInAgain.body.message]).toEqual([401, "Incorrect username or password."]);
    expect((await staffList()).find((p) => p.id === person.sub)?.status).toBe("off");
    // Again: nothing more written.
    expect((await patch(person.sub, { active: false })).status).toBe(200);

    const on = await patch(person.sub, { active: true });
    expect(on.body).toMatchObject({ status: "active" });
    expect((await call("GET", "/api/admin/orders", { token: person.token })).status).toBe(200);
    expect(await signIn(person.username, "TestPass123")).toBeTruthy();
    expect((await Audit.forTarget("user", person.sub)).map((entry) => entry.action).sort()).toEqual(["staff.switched_off", "staff.switched_on"]);
  });

  it("makes an employee an admin and back, each change audited with its from and to", async () => {
    const person = await newCustomer(["EMPLOYEE", "MFA"]);
    const up = await patch(person.sub, { role: "ADMIN" });
    expect(up.body).toMatchObject({ role: "ADMIN", status: "active" });
    const asAdmin = await signIn(person.username, "TestPass123");
    expect((await call("GET", "/api/admin/staff", { token: asAdmin })).status).toBe(200);
    const down = await patch(person.sub, { role: "EMPLOYEE" });
    expect(down.body).toMatchObject({ role: "EMPLOYEE" });
    // The admin token they still hold is an employee's at once: admin routes refused, staff routes open.
    expect((await call("GET", "/api/admin/staff", { token: asAdmin })).status).toBe(403);
    expect((await call("GET", "/api/admin/orders", { token: asAdmin })).status).toBe(200);
    const asEmployee = await signIn(person.username, "TestPass123");
    expect((await call("GET", "/api/admin/staff", { token: asEmployee })).status).toBe(403);
    const entries = await Audit.forTarget("user", person.sub);
    expect(entries.map((entry) => entry.diff).reverse()).toEqual([
      { email: person.email, role: { from: "EMPLOYEE", to: "ADMIN" } },
      { email: person.email, role: { from: "ADMIN", to: "EMPLOYEE" } },
    ]);
  });

  it("refuses an empty change, a bad role, one's own account, and someone who is not staff", async () => {
    const customer = await newCustomer();
    const person = await newCustomer(["EMPLOYEE", "MFA"]);
    expect([(await patch(person.sub, {})).status, (await patch(person.sub, {})).body.message]).toEqual([400, NOTHING_TO_CHANGE]);
    expect((await patch(person.sub, { role: "OWNER" })).body.message).toBe(ROLE_REQUIRED);
    expect((await patch(person.sub, { active: "no" })).status).toBe(400);
    expect((await patch(customer.sub, { role: "ADMIN" })).status).toBe(404);
    expect((await patch(randomUUID(), { role: "ADMIN" })).status).toBe(404);
    const self = await newCustomer(["ADMIN", "MFA"]);
    const own = await patch(self.sub, { active: false }, self.token);
    expect([own.status, own.body.message]).toEqual([409, NOT_YOURSELF]);
  });
});

describe("the last admin", () => {
  it("two admins demoting each other at once leave one, who can be neither demoted nor switched off", async () => {
    const { a, b } = await twoAdmins();
    const answers = await Promise.all([patch(b.sub, { role: "EMPLOYEE" }, a.token), patch(a.sub, { role: "EMPLOYEE" }, b.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.message).toBe(LAST_ADMIN);
    const last = answers[0]!.status === 200 ? a : b;
    const roster = (await db().entities.staffRoster.get({ name: "roster" }).go({ consistent: true })).data!;
    expect([...(roster.admins ?? [])]).toEqual([last.sub]);
    expect(roster.adminCount).toBe(1);

    // Another admin's token (the seed's, which this roster does not count) still cannot take the last one away.
    for (const change of [{ role: "EMPLOYEE" }, { active: false }, { role: "EMPLOYEE", active: false }]) {
      const answer = await patch(last.sub, change);
      expect([answer.status, answer.body.message], JSON.stringify(change)).toEqual([409, LAST_ADMIN]);
    }
    const listed = (await staffList()).find((person) => person.id === last.sub);
    expect(listed?.lockedReason).toBe(LAST_ADMIN);
    expect((await call("GET", "/api/admin/staff", { token: last.token })).status).toBe(200);
  });

  it("two admins switching each other off at once leave one", async () => {
    const { a, b } = await twoAdmins();
    const answers = await Promise.all([patch(b.sub, { active: false }, a.token), patch(a.sub, { active: false }, b.token)]);
    // The loser is refused as the last admin (409), or, when the winner's write came first, as switched off (401).
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.map((answer) => answer.body.message).filter(Boolean)).toEqual([expect.stringMatching(/last admin|switched off/)]);
    const switchedOff = answers[0]!.status === 200 ? b : a;
    expect((await call("GET", "/api/admin/staff", { token: switchedOff.token })).body.message).toBe(SWITCHED_OFF);
  });

  it("a switched-off or demoted admin is texted no more (the admins' alert phone leaves their user item)", async () => {
    const { a, b } = await twoAdmins();
    await call("GET", "/api/auth/user", { token: b.token });
    await db().entities.user.patch({ userId: b.sub }).set({ phone: "+17205550777", phoneVerified: true, adminPhone: "+17205550777", alertRole: "ADMIN" }).go();
    expect((await patch(b.sub, { active: false }, a.token)).status).toBe(200);
    const off = (await db().entities.user.get({ userId: b.sub }).go()).data!;
    expect([off.adminPhone, off.alertRole]).toEqual([undefined, undefined]);
    expect((await patch(b.sub, { active: true }, a.token)).status).toBe(200);
    expect((await db().entities.user.get({ userId: b.sub }).go()).data!.adminPhone).toBe("+17205550777");
    expect((await patch(b.sub, { role: "EMPLOYEE" }, a.token)).status).toBe(200);
    const demoted = (await db().entities.user.get({ userId: b.sub }).go()).data!;
    expect([demoted.adminPhone, [...demoted.roles].sort()]).toEqual([undefined, ["CUSTOMER", "EMPLOYEE"]]);
  });

  it("a second admin made (or switched on) lets the first be demoted", async () => {
    const { a, b } = await twoAdmins();
    expect((await patch(b.sub, { active: false }, a.token)).status).toBe(200);
    expect((await patch(a.sub, { role: "EMPLOYEE" })).status).toBe(409);
    expect((await patch(b.sub, { active: true })).status).toBe(200);
    expect((await patch(a.sub, { role: "EMPLOYEE" })).status).toBe(200);
  });

  it("an admin made by stage:setup is counted once, so the first can then be demoted", async () => {
    const { a, b } = await twoAdmins();
    expect((await patch(b.sub, { role: "EMPLOYEE" }, a.token)).status).toBe(200);
    const extra = await newCustomer(["ADMIN", "MFA"]);
    await Staff.countAdmin(extra.sub);
    await Staff.countAdmin(extra.sub);
    const roster = (await db().entities.staffRoster.get({ name: "roster" }).go({ consistent: true })).data!;
    expect([roster.adminCount, [...(roster.admins ?? [])].sort()]).toEqual([2, [a.sub, extra.sub].sort()]);
    expect((await patch(a.sub, { role: "EMPLOYEE" }, extra.token)).status).toBe(200);
  });
});
