/**
 * Staff customer calls (docs/api-staff.md, Customers) through the route table
 * against DynamoDB Local: create, replace, get, patch with every refusal,
 * search by the index items, and the phone verified at the counter. Who may
 * call them is the authorization matrix's job (authorization.test.ts).
 */
import { randomInt } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { useSmsProvider } from "../../packages/core/src/sms";
import { Users } from "../../packages/core/src/users";
import { call, newCustomer, seed, signIn } from "./support";

let staff: string;
let admin: string;

beforeAll(async () => {
  staff = await signIn(seed.employee.username, seed.employee.password);
  admin = await signIn(seed.admin.username, seed.admin.password);
});

/** Letters no other test uses, so searches in the shared table see only this test's customers. */
function tag(length = 8): string {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join("");
}
const cap = (word: string) => word[0].toUpperCase() + word.slice(1);

/** A 720 number no other test uses: as typed, its digits, and its stored form. */
function freshNumber() {
  const digits = `720${randomInt(2_000_000, 9_999_999)}`;
  return { typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, digits, stored: `+1${digits}` };
}

async function create(body: Record<string, unknown>, token = staff) {
  return call("POST", "/api/admin/customers", { token, body });
}

async function made(body: Record<string, unknown>) {
  const answer = await create(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; firstName: string; lastName: string; email: string | null; phone: string | null };
}

async function search(q: string, path = "/api/customers/search") {
  const answer = await call("GET", `${path}?q=${encodeURIComponent(q)}`, { token: staff });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.items as { id: string; firstName: string; lastName: string }[]).map((item) => item.id);
}

const refused = (answer: { status: number; body: any }, status: number, message: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toEqual({ message });
};

describe("POST /api/admin/customers", () => {
  it("makes a walk-in with no account, the phone in E.164 and the email in lower case, audited", async () => {
    const name = cap(tag());
    const number = freshNumber();
    const answer = await create({ firstName: ` ${name} `, lastName: "Walker", phone: number.typed, email: ` ${name}@Example.COM ` });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      firstName: name,
      lastName: "Walker",
      email: `${name.toLowerCase()}@example.com`,
      phone: number.stored,
      phoneVerified: false,
      hasAccount: false,
    });
    const audit = await Audit.forTarget("user", answer.body.id);
    expect(audit.map((entry) => entry.action)).toEqual(["customer.created"]);
    expect(audit[0].actorName).toBeTruthy();
    // The change: the fields given, by name (no copy of the details).
    expect(audit[0].diff).toEqual({ fields: ["firstName", "lastName", "email", "phone"] });
  });

  it("takes phone and email as optional: left out, null or empty", async () => {
    for (const extra of [{}, { phone: null, email: null }, { phone: "", email: "  " }]) {
      const answer = await create({ firstName: "Pat", lastName: tag(), ...extra });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ phone: null, email: null });
    }
  });

  it.each([
    [{ lastName: "Lee" }, "First name is required"],
    [{ firstName: "   ", lastName: "Lee" }, "First name is required"],
    [{ firstName: "Ann" }, "Last name is required"],
    [{ firstName: "Ann", lastName: "" }, "Last name is required"],
    // The profile's own name rule: a customer made here must be able to save their profile unchanged.
    [{ firstName: "A".repeat(51), lastName: "Lee" }, "First name must be at most 50 characters"],
    [{ firstName: "Ann", lastName: "Lee\u0000" }, "Last name cannot contain control characters"],
    [{ firstName: "Ann", lastName: "Lee", phone: "303-555-01" }, "Invalid phone number. Please enter a complete 10-digit phone number."],
    [{ firstName: "Ann", lastName: "Lee", phone: "+1 (303) 555-0142 x" }, "Invalid phone number. Please enter a complete 10-digit phone number."],
    [{ firstName: "Ann", lastName: "Lee", phone: "2 303 555 0142" }, "Invalid phone number. Please enter a complete 10-digit phone number."],
    [{ firstName: "Ann", lastName: "Lee", phone: 3035550142 }, "Invalid phone number. Please enter a complete 10-digit phone number."],
    [{ firstName: "Ann", lastName: "Lee", email: "ann@" }, "Invalid email"],
    [{ firstName: "Ann", lastName: "Lee", email: "ann lee@example.com" }, "Invalid email"],
  ])("refuses %j: 400 %s", async (body, message) => {
    refused(await create(body), 400, message);
  });

  it("refuses an email someone holds (any case): 409, and writes nothing", async () => {
    const last = tag();
    refused(await create({ firstName: "Casey", lastName: last, email: seed.customer.username.toUpperCase() }), 409, "That email is already in use");
    expect(await search(last)).toEqual([]);
  });
});

describe("GET, PUT and PATCH of one customer", () => {
  it("GET answers the customer; an unknown id is 404", async () => {
    const customer = await made({ firstName: "Gil", lastName: tag() });
    expect((await call("GET", `/api/customers/${customer.id}`, { token: staff })).body).toEqual({ ...customer, membership: null, points: 0 });
    refused(await call("GET", "/api/customers/no-such-customer", { token: staff }), 404, "Customer not found");
  });

  it("PUT replaces the whole customer: no phone or email clears them; audited", async () => {
    const number = freshNumber();
    const customer = await made({ firstName: "Hal", lastName: tag(), phone: number.typed, email: `${tag()}@example.com` });
    const answer = await call("PUT", `/api/admin/customers/${customer.id}`, { token: admin, body: { firstName: "Hank", lastName: customer.lastName } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: customer.id, firstName: "Hank", phone: null, email: null });
    // The released email is free again.
    await made({ firstName: "Other", lastName: tag(), email: customer.email });
    const audit = await Audit.forTarget("user", customer.id);
    expect(audit.map((entry) => entry.action)).toEqual(["customer.updated", "customer.created"]);
    expect(audit[0].diff).toMatchObject({ fields: ["email", "firstName", "phone"] });
  });

  it("PUT refuses as POST does, 409 for another's email, 404 for an unknown id", async () => {
    const customer = await made({ firstName: "Ivy", lastName: tag() });
    const url = `/api/admin/customers/${customer.id}`;
    refused(await call("PUT", url, { token: staff, body: { lastName: "X" } }), 400, "First name is required");
    refused(await call("PUT", url, { token: staff, body: { firstName: "Ivy" } }), 400, "Last name is required");
    refused(await call("PUT", url, { token: staff, body: { firstName: "Ivy", lastName: "X", phone: "555" } }), 400, "Invalid phone number. Please enter a complete 10-digit phone number.");
    refused(await call("PUT", url, { token: staff, body: { firstName: "Ivy", lastName: "X", email: "x@" } }), 400, "Invalid email");
    refused(await call("PUT", url, { token: staff, body: { firstName: "Ivy", lastName: "X", email: seed.customer.username } }), 409, "That email is already in use");
    refused(await call("PUT", "/api/admin/customers/no-such-customer", { token: staff, body: { firstName: "Ivy", lastName: "X" } }), 404, "Customer not found");
    expect((await call("GET", `/api/customers/${customer.id}`, { token: staff })).body).toEqual({ ...customer, membership: null, points: 0 });
  });

  it("PATCH changes only the fields sent; a new phone is unverified; audited", async () => {
    const customer = await made({ firstName: "Jo", lastName: tag(), email: `${tag()}@example.com` });
    const number = freshNumber();
    const answer = await call("PATCH", `/api/customers/${customer.id}`, { token: staff, body: { phone: number.typed } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...customer, phone: number.stored, phoneVerified: false });
    const audit = await Audit.forTarget("user", customer.id);
    expect(audit[0]).toMatchObject({ action: "customer.updated", diff: { fields: ["phone"] } });
  });

  it.each([
    [{ phone: "" }, "Phone number is required (10 digits)"],
    [{ phone: null }, "Phone number is required (10 digits)"],
    [{ phone: "(303) 555-01" }, "Phone number is required (10 digits)"],
    [{ phone: "2 303 555 0142" }, "Phone number is required (10 digits)"],
    [{ firstName: "" }, "First name is required"],
    [{ lastName: " " }, "Last name is required"],
    [{ email: "nope" }, "Invalid email"],
  ])("PATCH refuses %j: 400 %s", async (body, message) => {
    const customer = await made({ firstName: "Kim", lastName: tag(), phone: freshNumber().typed });
    refused(await call("PATCH", `/api/customers/${customer.id}`, { token: staff, body }), 400, message);
  });

  it("PATCH: 409 for another's email, 404 for an unknown id", async () => {
    const customer = await made({ firstName: "Lou", lastName: tag() });
    refused(await call("PATCH", `/api/customers/${customer.id}`, { token: staff, body: { email: seed.employee.email } }), 409, "That email is already in use");
    refused(await call("PATCH", "/api/customers/no-such-customer", { token: staff, body: { firstName: "Lou" } }), 404, "Customer not found");
  });
});

describe("a phone already on file (families share phones: staff confirm a second customer)", () => {
  it("POST with another customer's phone is 409 naming them, with their id, and writes nothing; allowSharedPhone makes the second", async () => {
    const number = freshNumber();
    const first = await made({ firstName: "Nia", lastName: tag(), phone: number.typed, email: `${tag()}@example.com` });
    const last = tag();
    // Typed differently, the same number.
    const answer = await create({ firstName: "Noa", lastName: last, phone: `+1 ${number.digits}` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body).toEqual({
      message: `A customer with this phone is already on file: Nia ${first.lastName}`,
      existingCustomerId: first.id,
      existingCustomer: first,
    });
    expect(await search(last)).toEqual([]);

    refused(await create({ firstName: "Noa", lastName: last, phone: number.typed, allowSharedPhone: "yes" }), 400, "allowSharedPhone must be true or false");
    const second = await made({ firstName: "Noa", lastName: last, phone: number.typed, allowSharedPhone: true });
    expect(second).toMatchObject({ phone: number.stored, firstName: "Noa" });
    expect(second.id).not.toBe(first.id);
    expect((await search(number.digits)).sort()).toEqual([first.id, second.id].sort());
    // allowSharedPhone: false is the same as leaving it out.
    expect((await create({ firstName: "Ona", lastName: tag(), phone: number.typed, allowSharedPhone: false })).status).toBe(409);
  });

  it("a phone that only starts like another's, or an email starting with its digits, is not on file", async () => {
    const number = freshNumber();
    await made({ firstName: "Pia", lastName: tag(), email: `${number.digits}@example.com` });
    await made({ firstName: "Quin", lastName: tag(), phone: number.typed });
    const other = `${number.digits.slice(0, 9)}${(Number(number.digits.at(-1)) + 1) % 10}`;
    await made({ firstName: "Rae", lastName: tag(), phone: other });
  });

  it("PUT and PATCH that change the phone to another's are 409 unless allowSharedPhone; keeping one's own phone is never asked", async () => {
    const number = freshNumber();
    const holder = await made({ firstName: "Sol", lastName: tag(), phone: number.typed });
    const mover = await made({ firstName: "Tam", lastName: tag(), phone: freshNumber().typed });
    const message = `A customer with this phone is already on file: Sol ${holder.lastName}`;
    const put = await call("PUT", `/api/admin/customers/${mover.id}`, { token: staff, body: { firstName: "Tam", lastName: mover.lastName, phone: number.typed } });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ message, existingCustomerId: holder.id, existingCustomer: { id: holder.id, phone: number.stored } });
    const patch = await call("PATCH", `/api/customers/${mover.id}`, { token: staff, body: { phone: number.typed } });
    expect(patch.status).toBe(409);
    expect(patch.body).toMatchObject({ message, existingCustomerId: holder.id });
    expect((await call("GET", `/api/customers/${mover.id}`, { token: staff })).body).toEqual({ ...mover, membership: null, points: 0 });

    // The holder's own edit keeps the phone without a question.
    expect((await call("PATCH", `/api/customers/${holder.id}`, { token: staff, body: { firstName: "Saul", phone: number.typed } })).status).toBe(200);
    const shared = await call("PATCH", `/api/customers/${mover.id}`, { token: staff, body: { phone: number.typed, allowSharedPhone: true } });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body).toMatchObject({ id: mover.id, phone: number.stored });
    // Now both hold it: an edit of the mover that keeps it is not refused either.
    expect((await call("PUT", `/api/admin/customers/${mover.id}`, { token: staff, body: { firstName: "Tamsin", lastName: mover.lastName, phone: number.typed } })).status).toBe(200);
  });
});

describe("customer search", () => {
  it("finds a customer by first-name, last-name, 'first last' and email prefixes, on both addresses", async () => {
    const first = cap(tag());
    const last = cap(tag());
    const emailName = tag();
    const customer = await made({ firstName: first, lastName: last, email: `${emailName}.x@example.com` });
    expect(await search(first.slice(0, 3))).toContain(customer.id);
    for (const q of [first.slice(0, 6), first.toUpperCase(), last.slice(0, 6), `${first} ${last.slice(0, 2)}`, ` ${emailName.slice(0, 6)} `, `${emailName}.x@ex`]) {
      expect(await search(q), q).toEqual([customer.id]);
      expect(await search(q, "/api/admin/customers/search"), q).toEqual([customer.id]);
    }
    expect(await search(`${first}zz`)).toEqual([]);
  });

  it("finds a customer by the phone's digits, typed raw or formatted, with or without the country code", async () => {
    const number = freshNumber();
    const customer = await made({ firstName: "Max", lastName: tag(), phone: number.typed });
    for (const q of [number.digits, number.digits.slice(0, 7), number.typed, `(${number.digits.slice(0, 3)}) ${number.digits.slice(3, 6)}-${number.digits.slice(6, 8)}`, `+1 ${number.typed}`, `1-${number.digits}`]) {
      expect(await search(q), q).toContain(customer.id);
    }
    expect(await search(number.digits)).toEqual([customer.id]);
  });

  it("finds a customer by 4 or more of the phone's last digits, from index items", async () => {
    const number = freshNumber();
    const customer = await made({ firstName: "Lou", lastName: tag(), phone: number.typed });
    for (const q of [number.digits.slice(-4), number.digits.slice(-5), `${number.digits.slice(3, 6)}-${number.digits.slice(6)}`, number.digits.slice(-7)]) {
      expect(await search(q), q).toContain(customer.id);
      expect(await search(q, "/api/admin/customers/search"), q).toContain(customer.id);
    }
    // Three digits are a prefix search only: the customer is not found by their last 3.
    const lastThree = number.digits.slice(-3);
    if (!number.digits.startsWith(lastThree)) expect(await search(lastThree)).not.toContain(customer.id);
    // Its index item is a Query's begins_with, not a filter: the backwards digits behind "~".
    const reversedDigits = [...number.digits].reverse().join("");
    const { data } = await db().entities.customerSearch.query.byTerm({ prefix: `~${reversedDigits.slice(0, 2)}` }).begins({ entry: `~${reversedDigits}` }).go();
    expect(data.map((item) => item.userId)).toContain(customer.id);
  });

  it("the seed's and recount's sweep gives a customer indexed before last-digit search their new item", async () => {
    const number = freshNumber();
    const customer = await made({ firstName: "Ike", lastName: tag(), phone: number.typed });
    const reversedDigits = [...number.digits].reverse().join("");
    // As indexed before the last-digits search: no backwards term, no such item.
    const { data: user } = await db().entities.user.get({ userId: customer.id }).go({ consistent: true });
    const oldTerms = user!.searchTerms!.filter((term) => !term.startsWith("~"));
    await db().entities.user.patch({ userId: customer.id }).set({ searchTerms: oldTerms }).go();
    await db().entities.customerSearch.delete({ prefix: `~${reversedDigits.slice(0, 2)}`, entry: `~${reversedDigits}#${customer.id}` }).go();
    expect(await search(number.digits.slice(-4))).not.toContain(customer.id);
    expect(await Users.indexUnindexedUsers()).toBeGreaterThanOrEqual(1);
    expect(await search(number.digits.slice(-4))).toContain(customer.id);
  });

  it("refuses fewer than 3 characters (trimmed) and more than 100", async () => {
    for (const q of ["ab", "  ab  ", ""]) {
      refused(await call("GET", `/api/customers/search?q=${encodeURIComponent(q)}`, { token: staff }), 400, "Type at least 3 characters to search");
    }
    refused(await call("GET", "/api/customers/search", { token: staff }), 400, "Type at least 3 characters to search");
    expect((await call("GET", `/api/customers/search?q=${"a".repeat(101)}`, { token: staff })).status).toBe(400);
  });

  it("a customer renamed by staff is found by the new name only", async () => {
    const [oldName, newName] = [cap(tag()), cap(tag())];
    const customer = await made({ firstName: "Ned", lastName: oldName });
    expect(await search(oldName)).toEqual([customer.id]);
    expect((await call("PUT", `/api/admin/customers/${customer.id}`, { token: staff, body: { firstName: "Ned", lastName: newName } })).status).toBe(200);
    expect(await search(oldName)).toEqual([]);
    expect(await search(newName)).toEqual([customer.id]);
    expect((await call("PATCH", `/api/customers/${customer.id}`, { token: staff, body: { lastName: oldName } })).status).toBe(200);
    expect(await search(newName)).toEqual([]);
    expect(await search(oldName)).toEqual([customer.id]);
  });

  it("a customer who renames themselves, or changes their email, is found by the new one only", async () => {
    const player = await newCustomer();
    const me = await call("GET", "/api/auth/user", { token: player.token });
    const emailPrefix = player.email.slice(0, 14);
    // Indexed on first sign-in, by email.
    expect(await search(emailPrefix)).toEqual([me.body.id]);
    const [oldName, newName] = [cap(tag()), cap(tag())];
    const newEmail = `${tag()}@example.com`;
    expect((await call("PUT", "/api/auth/user", { token: player.token, body: { firstName: "Ola", lastName: oldName } })).status).toBe(200);
    expect(await search(oldName)).toEqual([me.body.id]);
    const renamed = await call("PUT", "/api/auth/user", { token: player.token, body: { lastName: newName, email: newEmail } });
    expect(renamed.status).toBe(200);
    expect(await search(oldName)).toEqual([]);
    expect(await search(emailPrefix)).toEqual([]);
    expect(await search(newName)).toEqual([me.body.id]);
    expect(await search(newEmail.slice(0, 8))).toEqual([me.body.id]);
    expect(await search(`Ola ${newName}`)).toEqual([me.body.id]);
  });

  it("finds the seeded customer, and a user made before search existed once they sign in", async () => {
    const found = await call("GET", `/api/customers/search?q=${encodeURIComponent(seed.customer.username)}`, { token: staff });
    expect(found.body.items).toEqual([expect.objectContaining({ email: seed.customer.username, hasAccount: true })]);

    const player = await newCustomer();
    const last = cap(tag());
    // A user item as written before customer search: no search terms, no index items.
    await db().entities.user.create({ userId: player.sub, username: player.username, firstName: "Old", lastName: last, roles: ["CUSTOMER"] }).go();
    expect(await search(last)).toEqual([]);
    expect((await call("GET", "/api/auth/user", { token: player.token })).status).toBe(200);
    expect(await search(last)).toEqual([player.sub]);
  });

  it("the seed's sweep indexes users written before search existed (a Query over all users, not a Scan)", async () => {
    const last = cap(tag());
    const userId = `legacy-${tag()}`;
    await db().entities.user.create({ userId, firstName: "Pre", lastName: last, roles: ["CUSTOMER"] }).go();
    expect(await search(last)).toEqual([]);
    expect(await Users.indexUnindexedUsers()).toBeGreaterThanOrEqual(1);
    expect(await search(last)).toEqual([userId]);
    expect(await search(`Pre ${last}`)).toEqual([userId]);
  });

  it("answers at most 20 distinct customers, by last then first name", async () => {
    const family = cap(tag(6));
    const made25 = [];
    for (let i = 0; i < 25; i++) {
      const last = `${family}${String.fromCharCode(122 - i)}`;
      made25.push(await made({ firstName: `${String.fromCharCode(97 + (i % 3))}${tag(3)}`, lastName: last, email: `${family.toLowerCase()}${i}@example.com` }));
    }
    const answer = await call("GET", `/api/customers/search?q=${family}`, { token: staff });
    const items = answer.body.items as { id: string; firstName: string; lastName: string }[];
    expect(items).toHaveLength(20);
    expect(new Set(items.map((item) => item.id)).size).toBe(20);
    const sorted = [...items].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
    expect(items).toEqual(sorted);
    expect(items.every((item) => item.lastName.startsWith(family))).toBe(true);
  });
});

describe("phone verification at the counter", () => {
  let texts: { to: string; body: string }[];
  beforeEach(() => {
    texts = [];
    useSmsProvider({
      name: "outbox",
      async send(to, body) {
        texts.push({ to, body });
        return `test-${texts.length}`;
      },
    });
  });
  afterEach(() => useSmsProvider(undefined));

  it("texts the customer a code, and the code they read out sets and verifies the phone; audited and searchable", async () => {
    const customer = await made({ firstName: "Pia", lastName: tag(), phone: freshNumber().typed });
    const number = freshNumber();
    const sent = await call("POST", `/api/customers/${customer.id}/phone`, { token: staff, body: { phone: number.typed } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ phoneNumber: number.stored });
    expect(texts).toHaveLength(1);
    expect(texts[0].to).toBe(number.stored);
    const code = /code is (\d{6})\./.exec(texts[0].body)![1];
    const wrong = code === "000000" ? "111111" : "000000";
    const url = `/api/customers/${customer.id}/phone/verify`;
    refused(await call("POST", url, { token: staff, body: { code: wrong } }), 400, "Invalid or expired code");
    refused(await call("POST", url, { token: staff, body: { code: "12" } }), 400, "Please enter the 6-digit verification code");
    const verified = await call("POST", url, { token: staff, body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ ...customer, phone: number.stored, phoneVerified: true });
    expect((await Audit.forTarget("user", customer.id))[0].action).toBe("customer.phone_verified");
    expect(await search(number.digits)).toEqual([customer.id]);
    expect(await search(customer.phone!.slice(2))).toEqual([]);
    // The code is spent.
    refused(await call("POST", url, { token: staff, body: { code } }), 400, "Invalid or expired code");
  });

  it("refuses a bad number with the customer send's message, and an unknown customer with 404", async () => {
    const customer = await made({ firstName: "Quin", lastName: tag() });
    refused(await call("POST", `/api/customers/${customer.id}/phone`, { token: staff, body: { phone: "555-01" } }), 400, "Please enter a valid 10-digit phone number");
    refused(await call("POST", "/api/customers/no-such-customer/phone", { token: staff, body: { phone: freshNumber().typed } }), 404, "Customer not found");
    refused(await call("POST", "/api/customers/no-such-customer/phone/verify", { token: staff, body: { code: "123456" } }), 404, "Customer not found");
    expect(texts).toEqual([]);
  });

  it("keeps the customer send's limit: at most 5 codes to one number in an hour", async () => {
    const customer = await made({ firstName: "Rae", lastName: tag() });
    const number = freshNumber();
    for (let i = 0; i < 5; i++) expect((await call("POST", `/api/customers/${customer.id}/phone`, { token: staff, body: { phone: number.typed } })).status).toBe(200);
    refused(await call("POST", `/api/customers/${customer.id}/phone`, { token: staff, body: { phone: number.typed } }), 429, "Too many codes sent to this number. Please try again later.");
  });
});
