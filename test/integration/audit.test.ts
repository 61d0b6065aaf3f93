/**
 * GET /api/admin/audit (docs/api-admin.md, data-model A2) through the route table against DynamoDB Local:
 * newest first across the month partitions, each entry with its actor, action, target, change and time, paged by
 * a cursor that is checked like every cursor of this API, admin only.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTable } from "../../infra/local/dynamo";
import { Audit } from "../../packages/core/src/audit";
import { AUDIT_FIRST_MONTH } from "../../packages/core/src/audit/list";
import { db } from "../../packages/core/src/db";
import type { AuditEntryView } from "../../packages/core/src/shared/audit";
import { staffTokens } from "./payment-support";
import { ownOrder } from "./booking-support";
import { call, newCustomer } from "./support";

let admin: string;
let employee: string;

// A table of its own: the list is the whole shop's, newest first, and other files write audit entries at the same
// time into the shared one.
const sharedTable = process.env.TABLE_NAME!;
let auditTable: string;

beforeAll(async () => {
  const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
  const table = `regrip-audit-${randomUUID().slice(0, 8)}`;
  await ensureTable(port, table);
  process.env.TABLE_NAME = auditTable = table;
  ({ admin, employee } = await staffTokens());
});

afterAll(() => {
  process.env.TABLE_NAME = sharedTable;
});

const list = (query = "", token = admin) => call<{ items: AuditEntryView[]; cursor: string | null }>("GET", `/api/admin/audit${query}`, { token });

/** Every entry the list gives, page by page. */
async function everything(limit: number): Promise<AuditEntryView[]> {
  const seen: AuditEntryView[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await list(`?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.body.items);
    cursor = page.body.cursor;
    if (!cursor) return seen;
    expect(page.body.items).toHaveLength(limit);
  }
  throw new Error("the list did not end");
}

/** An entry written at `createdAt` (a month in the past), as the system. */
async function pastEntry(createdAt: string): Promise<string> {
  const id = randomUUID();
  await db()
    .entities.auditLog.create({
      ...Audit.entry({ actor: { type: "system", name: "audit-test" }, action: "system.test_entry", targetType: "system", targetId: id, diff: { at: createdAt } }),
      id,
      createdAt,
    })
    .go();
  return id;
}

const newestFirst = (a: AuditEntryView, b: AuditEntryView) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : -1);

describe("GET /api/admin/audit", () => {
  it("answers the newest entries first, each with actor, action, target, change and time", async () => {
    // An older entry, so the first page of 4 is not the whole log.
    await pastEntry("2025-06-01T12:00:00.000Z");
    const codes = [0, 1, 2].map(() => `A${randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`);
    const ids: string[] = [];
    for (const [i, code] of codes.entries()) {
      const made = await call("POST", "/api/admin/promotions", { token: admin, body: { code, percentage: 10 + i } });
      expect(made.status).toBe(201);
      ids.push(made.body.id);
    }
    const toggled = await call("PATCH", `/api/admin/promotions/${ids[0]}`, { token: admin, body: { isActive: false } });
    expect(toggled.status).toBe(200);

    const answer = await list("?limit=4");
    expect(answer.status).toBe(200);
    const me = (await call("GET", "/api/auth/user", { token: admin })).body;
    expect(answer.body.items.map((e) => [e.action, e.targetId])).toEqual([
      ["promotion.updated", ids[0]],
      ["promotion.created", ids[2]],
      ["promotion.created", ids[1]],
      ["promotion.created", ids[0]],
    ]);
    const [update, created] = answer.body.items;
    expect(Object.keys(update!).sort()).toEqual(["action", "actor", "changes", "createdAt", "id", "ip", "targetId", "targetType", "userAgent"]);
    expect(update).toMatchObject({
      targetType: "promotion",
      changes: { isActive: { from: true, to: false } },
      actor: { id: me.id, firstName: expect.any(String) },
      ip: "127.0.0.1",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(created).toMatchObject({ changes: { code: codes[2], percentage: 12, amountCents: 0, isActive: true } });
    expect(answer.body.cursor).toEqual(expect.any(String));
    // The system has no actor ('System' on screen).
    await pastEntry(new Date().toISOString());
    expect((await list("?limit=1")).body.items[0]).toMatchObject({ action: "system.test_entry", actor: null });
  });

  it("names the actor by the first name on their user item, not the username a sign-in token may carry instead", async () => {
    const code = `N${randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const made = await call("POST", "/api/admin/promotions", { token: admin, body: { code, percentage: 5 } });
    expect(made.status).toBe(201);
    const me = (await call("GET", "/api/auth/user", { token: admin })).body;
    // The name written with the entry is the token's given name, else the username (cognito-local's tokens carry no
    // given_name); the list reads the admin's user item.
    const before = (await list("?limit=1")).body.items[0]!;
    expect(before).toMatchObject({ action: "promotion.created", targetId: made.body.id, actor: { id: me.id, firstName: expect.any(String) } });
    expect(before.actor!.firstName).not.toBe("Alexandra");
    await db().entities.user.patch({ userId: me.id }).set({ firstName: "Alexandra" }).go();
    const after = (await list("?limit=1")).body.items[0]!;
    expect(after.actor).toEqual({ id: me.id, firstName: "Alexandra" });
  });

  it("pages through every entry once, newest first, from month to month (an empty month between), down to the log's first month", async () => {
    const now = new Date();
    const monthsAgo = (n: number, day: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day, 12)).toISOString();
    const older = [await pastEntry(monthsAgo(1, 3)), await pastEntry(monthsAgo(3, 20)), await pastEntry(monthsAgo(3, 2))];
    const beforeTheLog = await pastEntry(`${Number(AUDIT_FIRST_MONTH.slice(0, 4)) - 1}-12-15T12:00:00.000Z`);

    const seen = await everything(37);
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen).toEqual([...seen].sort(newestFirst));
    const positions = older.map((id) => ids.indexOf(id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(ids).not.toContain(beforeTheLog);
    // Another page size lists the very same entries in the same order.
    expect((await everything(100)).map((e) => e.id)).toEqual(ids);
  });

  it("continues right after the cursor's entry: no entry twice, none skipped", async () => {
    const answer = await list("?limit=3");
    expect(answer.body.items).toHaveLength(3);
    const next = await list(`?limit=3&cursor=${encodeURIComponent(answer.body.cursor!)}`);
    expect(next.body.items).toHaveLength(3);
    expect(next.body.items[0]!.id).not.toBe(answer.body.items[2]!.id);
    expect(newestFirst(answer.body.items[2]!, next.body.items[0]!)).toBeLessThan(0);
  });

  it.each([
    ["limit=0", "limit must be a whole number from 1 to 100"],
    ["limit=101", "limit must be a whole number from 1 to 100"],
    ["limit=1.5", "limit must be a whole number from 1 to 100"],
    ["cursor=abc", "Invalid cursor"],
    [`cursor=${"A".repeat(600)}`, "Invalid cursor"],
  ])("refuses ?%s with 400", async (query, message) => {
    expect(await list(`?${query}`)).toMatchObject({ status: 400, body: { message } });
  });

  it("refuses any cursor it did not issue", async () => {
    const first = await list("?limit=1");
    const [createdAt, id] = JSON.parse(Buffer.from(first.body.cursor!, "base64url").toString("utf8"));
    const encode = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
    for (const forged of [
      [createdAt, id, "extra"],
      [createdAt],
      [createdAt, "x".repeat(3000)],
      [createdAt, "order#x"],
      ["9".repeat(3000), id],
      ["2026-13-45T99:99:99.999Z", id],
      ["1999-01-01T00:00:00.000Z", id],
      { createdAt, id },
      `[ "${createdAt}", "${id}" ]`,
    ]) {
      expect(await list(`?cursor=${encodeURIComponent(encode(forged))}`), JSON.stringify(forged).slice(0, 80)).toMatchObject({
        status: 400,
        body: { message: "Invalid cursor" },
      });
    }
    expect((await list(`?cursor=${encodeURIComponent(first.body.cursor!)}`)).status).toBe(200);
  });

  it("is admin only: an employee and a customer get 403, signed out 401", async () => {
    expect((await list("", employee)).status).toBe(403);
    expect((await list("", (await newCustomer()).token)).status).toBe(403);
    expect((await call("GET", "/api/admin/audit")).status).toBe(401);
  });
});

describe("GET /api/admin/audit's filters: who, what, which record, when", () => {
  /** A promotion made and switched off by `token`: two entries on its record. */
  async function promotionBy(token: string) {
    const code = `F${randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const made = await call("POST", "/api/admin/promotions", { token, body: { code, percentage: 5 } });
    expect(made.status).toBe(201);
    expect((await call("PATCH", `/api/admin/promotions/${made.body.id}`, { token, body: { isActive: false } })).status).toBe(200);
    return made.body.id as string;
  }

  it("by record: its history only, newest first, paged by a cursor", async () => {
    const [one, other] = [await promotionBy(admin), await promotionBy(admin)];
    const answer = await list(`?target=promotion:${one}`);
    expect(answer.body.items.map((e) => [e.action, e.targetId])).toEqual([
      ["promotion.updated", one],
      ["promotion.created", one],
    ]);
    expect(answer.body.cursor).toBeNull();
    const first = await list(`?target=promotion:${other}&limit=1`);
    expect(first.body.items.map((e) => e.action)).toEqual(["promotion.updated"]);
    const second = await list(`?target=promotion:${other}&limit=1&cursor=${encodeURIComponent(first.body.cursor!)}`);
    expect(second.body.items.map((e) => e.action)).toEqual(["promotion.created"]);
  });

  it("by person: only what they did; with a record, what they did to it", async () => {
    const someone = await newCustomer(["ADMIN", "MFA"]);
    const theirs = await promotionBy(someone.token);
    await promotionBy(admin);
    const answer = await list(`?actor=${someone.sub}`);
    expect(answer.body.items.map((e) => [e.action, e.targetId, e.actor?.id])).toEqual([
      ["promotion.updated", theirs, someone.sub],
      ["promotion.created", theirs, someone.sub],
    ]);
    expect((await list(`?actor=${someone.sub}&target=promotion:${theirs}&action=promotion.created`)).body.items.map((e) => e.action)).toEqual(["promotion.created"]);
    expect((await list(`?actor=${randomUUID()}`)).body).toEqual({ items: [], cursor: null });
  });

  it("by action: only that action, across pages", async () => {
    await promotionBy(admin);
    await promotionBy(admin);
    const seen: AuditEntryView[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(`?action=promotion.updated&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.cursor;
    } while (cursor && seen.length < 3);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen.map((e) => e.action))).toEqual(new Set(["promotion.updated"]));
  });

  it("by the shop's days, from and to both included", async () => {
    // 12:00 UTC is the morning of the same day in Denver.
    const inside = await pastEntry("2025-03-10T18:00:00.000Z");
    const before = await pastEntry("2025-03-09T18:00:00.000Z");
    const after = await pastEntry("2025-03-12T18:00:00.000Z");
    // 02:00 UTC on the 11th is still the 10th in Denver.
    const lateEvening = await pastEntry("2025-03-11T02:00:00.000Z");
    const ids = (await list("?from=2025-03-10&to=2025-03-10")).body.items.map((e) => e.id);
    expect(ids).toEqual([lateEvening, inside]);
    // What the system did, by its own key of the "who" filter.
    expect((await list("?actor=system&from=2025-03-10&to=2025-03-10")).body.items.map((e) => e.id)).toEqual([lateEvening, inside]);
    const wider = (await list("?from=2025-03-09&to=2025-03-12&action=system.test_entry")).body.items.map((e) => e.id);
    expect(wider).toEqual(expect.arrayContaining([before, inside, lateEvening, after]));
    expect((await list("?to=2025-03-09&from=2025-03-09")).body.items.map((e) => e.id)).toContain(before);
  });

  it.each([
    ["target=promotion", "target must be a type and an id, such as order:0f6c1d2e"],
    ["target=planet:abc", "target must be a type and an id, such as order:0f6c1d2e"],
    ["target=order:a%20b", "target must be a type and an id, such as order:0f6c1d2e"],
    ["action=DROP%20TABLE", "action must be an action such as order.paid"],
    ["actor=a%2Fb", "actor must be a person's id"],
    ["from=2026-13-01", "from must be a date (YYYY-MM-DD)"],
    ["to=yesterday", "to must be a date (YYYY-MM-DD)"],
    ["from=2026-02-02&to=2026-02-01", "from must be on or before to"],
  ])("refuses ?%s with 400", async (query, message) => {
    expect(await list(`?${query}`)).toMatchObject({ status: 400, body: { message } });
  });
});

describe("where a write came from", () => {
  // The shared table: booking an order needs the demo catalogue.
  beforeAll(() => {
    process.env.TABLE_NAME = sharedTable;
  });
  afterAll(() => {
    process.env.TABLE_NAME = auditTable;
  });

  it("every staff write records the caller's ip and user agent with its actor: customers, bags, orders", async () => {
    const headers = { "user-agent": "counter-tablet/2.1" };
    const customer = await call("POST", "/api/admin/customers", { token: employee, headers, body: { firstName: "Ida", lastName: "Origin" } });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const bags = await call("POST", "/api/admin/bags/create", { token: admin, headers, body: { count: 1 } });
    expect(bags.status, JSON.stringify(bags.body)).toBe(201);
    const bagId: string = bags.body[0].id;
    const { token: customerToken } = await newCustomer();
    const orderId = await ownOrder(customerToken);
    const notes = await call("PUT", `/api/orders/${orderId}/notes`, { token: employee, headers, body: { myGripNotes: "Origin check." } });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);

    const entries = [
      ...(await Audit.forTarget("user", customer.body.id)),
      ...(await Audit.forTarget("bag", bagId)),
      ...(await Audit.forTarget("order", orderId)).filter((e) => e.action === "order.notes_updated"),
    ];
    expect(entries.map((e) => e.action).sort()).toEqual(["bag.created", "customer.created", "order.notes_updated"].sort());
    for (const entry of entries) expect(entry, entry.action).toMatchObject({ actorId: expect.any(String), ip: "127.0.0.1", userAgent: "counter-tablet/2.1" });
    // The customer's own booking records where it came from too (no user agent sent: none recorded).
    const created = (await Audit.forTarget("order", orderId)).find((e) => e.action === "order.created");
    expect(created).toMatchObject({ ip: "127.0.0.1" });
    expect(created?.userAgent).toBeUndefined();
  });

  it("cuts a user agent longer than 512 characters", async () => {
    const customer = await call("POST", "/api/admin/customers", { token: employee, headers: { "user-agent": "u".repeat(2000) }, body: { firstName: "Long", lastName: "Agent" } });
    expect(customer.status).toBe(201);
    const [entry] = await Audit.forTarget("user", customer.body.id);
    expect(entry.userAgent).toBe("u".repeat(512));
  });
});
