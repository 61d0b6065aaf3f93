/**
 * The staff order calls (docs/api-staff.md, "Orders, queue and admin orders"):
 * GET /api/admin/orders with its stage filters, search (order id, a
 * customer's name, email or phone) and cursors; GET /api/admin/orders/counts;
 * PUT /api/orders/{id}/notes. Every route: customer 403, signed out 401,
 * employee and admin allowed.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { UserActor } from "../../packages/core/src/actor";
import { Audit } from "../../packages/core/src/audit";
import { Customers } from "../../packages/core/src/customers";
import { db } from "../../packages/core/src/db";
import { book, BookService } from "../../packages/core/src/orders/booking";
import { moveOrder } from "../../packages/core/src/orders/move-order";
import { STAGES, type OrderStatus } from "../../packages/core/src/shared/lifecycle";
import { demo, freeBag } from "./booking-support";
import { orderOf } from "./payment-support";
import { call, newCustomer, seed, signIn } from "./support";

interface Listed {
  id: string;
  userId: string;
  status: OrderStatus;
  stage: string;
  createdAt: string;
  myGripNotes?: string | null;
}

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(Math.random() * 10))).join("");

let employee: string;
let admin: string;
let customerToken: string;
const staffActor: UserActor = { type: "user", userId: randomUUID(), username: "employee", givenName: "Eve", roles: ["CUSTOMER", "EMPLOYEE"] };

/** A customer made as staff make one (search index items included), with a verified phone and a paddle. */
async function customer() {
  const first = `Quin${letters()}`;
  const last = `Orlo${letters()}`;
  const email = `${first.toLowerCase()}@regrip.test`;
  const phone = `+1719${digits(7).replace(/^[01]/, "5")}`;
  const made = await Customers.insert({ firstName: first, lastName: last, email, phone });
  await db().entities.user.patch({ userId: made.id }).set({ phoneVerified: true, smsNotifications: false }).go();
  const paddleId = randomUUID();
  await db().entities.paddle.create({ userId: made.id, id: paddleId, brand: "Joola", nickname: "Queued" }).go();
  const actor: UserActor = { type: "user", userId: made.id, username: email, givenName: first, roles: ["CUSTOMER"] };
  return { id: made.id, first, last, email, phone, paddleId, actor };
}
type Customer = Awaited<ReturnType<typeof customer>>;

let a: Customer;
let b: Customer;
/** a's orders, oldest first */
let aOrders: string[] = [];
let bOrders: string[] = [];

/** An order of `c` booked at `at`, of a paddle of its own (one open order per paddle). */
async function bookFor(c: Customer, at: Date): Promise<string> {
  const paddleId = randomUUID();
  await db().entities.paddle.create({ userId: c.id, id: paddleId, brand: "Joola", nickname: "Queued" }).go();
  const input = BookService.parse({ paddleId, bagNumber: await freeBag(), service: demo.basicBlackDry });
  return (await book(c.actor, { form: input, now: at })).id;
}

async function move(id: string, status: OrderStatus) {
  await moveOrder(staffActor, { id, change: { status } });
}

const ids = (items: Listed[]) => items.map((o) => o.id);
const get = (url: string, token: string | undefined = employee) => call("GET", url, { token });

/** Every page of a list, by cursor. */
async function allPages(url: string, token = employee): Promise<{ items: Listed[]; pages: number }> {
  const items: Listed[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes("?") ? "&" : "?";
    const answer = await get(`${url}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ""}`, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    items.push(...answer.body.items);
    cursor = answer.body.cursor;
    pages++;
  } while (cursor && pages < 500);
  return { items, pages };
}

function expectNewestFirst(items: Listed[]) {
  for (let i = 1; i < items.length; i++) expect(items[i - 1].createdAt >= items[i].createdAt).toBe(true);
}

beforeAll(async () => {
  await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 20 }).go();
  [a, b] = await Promise.all([customer(), customer()]);
  const base = Date.now();
  const at = (minutes: number) => new Date(base + minutes * 60_000);
  aOrders = [await bookFor(a, at(1)), await bookFor(a, at(2)), await bookFor(a, at(3))];
  bOrders = [await bookFor(b, at(4)), await bookFor(b, at(5))];
  await move(aOrders[0], "IN_QUEUE");
  await move(aOrders[1], "CANCELED");
  await move(bOrders[1], "IN_QUEUE");
  await move(bOrders[1], "IN_SERVICE");
  // A stored value the server reads but no longer writes: the awaiting-payment stage has two partitions.
  await db().entities.serviceOrder.patch({ id: bOrders[0] }).set({ status: "WAITING_ON_PAYMENT" }).go();
  [employee, admin, customerToken] = await Promise.all([
    signIn(seed.employee.username, seed.employee.password),
    signIn(seed.admin.username, seed.admin.password),
    newCustomer().then((c) => c.token),
  ]);
});

describe("who may call the staff order routes", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/admin/orders"],
    ["GET", "/api/admin/orders/counts"],
    ["PUT", "/api/orders/{id}/notes", { myGripNotes: "hi" }],
  ];
  it.each(routes)("%s %s: customer 403, signed out 401, employee and admin 200", async (method, path, body) => {
    const url = path.replace("{id}", aOrders[2]);
    expect((await call(method, url, { token: customerToken, body })).status).toBe(403);
    expect((await call(method, url, { body })).status).toBe(401);
    expect((await call(method, url, { token: employee, body })).status).toBe(200);
    expect((await call(method, url, { token: admin, body })).status).toBe(200);
  });
});

describe("GET /api/admin/orders", () => {
  it("answers every order newest first, page by page, none twice, in the staff view", async () => {
    const first = await get("/api/admin/orders?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.cursor).toEqual(expect.any(String));
    expect(first.body.items[0]).toHaveProperty("myGripNotes");
    const { items } = await allPages("/api/admin/orders?limit=100");
    expectNewestFirst(items);
    expect(new Set(ids(items)).size).toBe(items.length);
    for (const id of [...aOrders, ...bOrders]) expect(ids(items)).toContain(id);
  });

  it("filters by stage, merging the stage's stored values newest first", async () => {
    const { items } = await allPages("/api/admin/orders?stage=awaiting_payment&limit=1");
    expect(new Set(items.map((o) => o.stage))).toEqual(new Set(["awaiting_payment"]));
    expect(new Set(items.map((o) => o.status)).has("WAITING_ON_PAYMENT")).toBe(true);
    expectNewestFirst(items);
    expect(new Set(ids(items)).size).toBe(items.length);
    // b's WAITING_ON_PAYMENT order is newer than a's INVOICED one, and both are there in that order.
    const mine = ids(items).filter((id) => [aOrders[2], bOrders[0]].includes(id));
    expect(mine).toEqual([bOrders[0], aOrders[2]]);

    const queue = await allPages("/api/admin/orders?stage=in_queue&limit=100");
    expect(ids(queue.items)).toContain(aOrders[0]);
    expect(queue.items.every((o) => o.stage === "in_queue")).toBe(true);
    const canceled = await allPages("/api/admin/orders?stage=canceled&limit=100");
    expect(ids(canceled.items)).toContain(aOrders[1]);
  });

  it("answers the Active filter: awaiting payment through in service", async () => {
    const { items } = await allPages("/api/admin/orders?stage=active&limit=100");
    expect(items.every((o) => ["awaiting_payment", "scheduled", "checked_in", "in_queue", "in_service"].includes(o.stage))).toBe(true);
    for (const id of [aOrders[0], aOrders[2], ...bOrders]) expect(ids(items)).toContain(id);
    expect(ids(items)).not.toContain(aOrders[1]);
    expectNewestFirst(items);
  });

  it("refuses an unknown stage with a clear message", async () => {
    const answer = await get("/api/admin/orders?stage=shipped");
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`Unknown stage: shipped. Use one of ${[...STAGES, "active"].join(", ")}`);
  });

  it("finds the open order in a bag by the bag's code", async () => {
    const code = (await orderOf(aOrders[2])).bagCode!;
    const answer = await get(`/api/admin/orders?q=${code.toLowerCase()}`);
    expect(answer.status).toBe(200);
    expect(ids(answer.body.items)).toContain(aOrders[2]);
  });

  it("finds an order by its id", async () => {
    const answer = await get(`/api/admin/orders?q=${aOrders[1]}`);
    expect(answer.status).toBe(200);
    expect(ids(answer.body.items)).toEqual([aOrders[1]]);
    expect(answer.body.cursor).toBeNull();
  });

  it.each([
    ["a first-name prefix", () => a.first.slice(0, 5), () => a],
    ["a last name", () => a.last, () => a],
    ["an email", () => a.email, () => a],
    ["the phone's digits", () => a.phone.slice(2), () => a],
    ["first and last name", () => `${b.first} ${b.last}`, () => b],
  ])("finds a customer's orders by %s, newest first", async (_, q, who) => {
    const answer = await get(`/api/admin/orders?q=${encodeURIComponent(q())}&limit=100`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const expected = who() === a ? [...aOrders].reverse() : [...bOrders].reverse();
    expect(ids(answer.body.items.filter((o: Listed) => o.userId === who().id))).toEqual(expected);
    expectNewestFirst(answer.body.items);
  });

  it("pages a search by cursor and combines it with a stage", async () => {
    const { items, pages } = await allPages(`/api/admin/orders?q=${encodeURIComponent(a.email)}&limit=1`);
    expect(ids(items)).toEqual([...aOrders].reverse());
    expect(pages).toBe(3);
    const canceled = await get(`/api/admin/orders?q=${encodeURIComponent(a.email)}&stage=canceled`);
    expect(ids(canceled.body.items)).toEqual([aOrders[1]]);
  });

  it("answers one customer's orders by customerId, newest first, paged, with a stage, and refuses a bad id or one with q", async () => {
    const { items, pages } = await allPages(`/api/admin/orders?customerId=${a.id}&limit=1`);
    expect(ids(items)).toEqual([...aOrders].reverse());
    expect(pages).toBe(3);
    const canceled = await get(`/api/admin/orders?customerId=${a.id}&stage=canceled`);
    expect(ids(canceled.body.items)).toEqual([aOrders[1]]);
    expect((await get(`/api/admin/orders?customerId=${randomUUID()}`)).body).toEqual({ items: [], cursor: null });
    expect(await get("/api/admin/orders?customerId=a%20b")).toMatchObject({ status: 400, body: { message: "Invalid customerId" } });
    expect(await get(`/api/admin/orders?customerId=${a.id}&q=${encodeURIComponent(a.email)}`)).toMatchObject({
      status: 400,
      body: { message: "Filter by customerId or search with q, not both" },
    });
  });

  it("answers nothing for a search that finds no one, and refuses one under 3 characters", async () => {
    expect((await get("/api/admin/orders?q=zzzzqqqqxx")).body).toEqual({ items: [], cursor: null });
    expect(await get("/api/admin/orders?q=ab")).toMatchObject({ status: 400, body: { message: "Type at least 3 characters to search" } });
  });

  it("refuses a cursor that is not one it issued for this list", async () => {
    const page = await get("/api/admin/orders?stage=awaiting_payment&limit=1");
    const cursor: string = page.body.cursor;
    const json = Buffer.from(cursor, "base64url").toString("utf8");
    const respaced = Buffer.from(json.replace(":", ": ")).toString("base64url");
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(json), READY: null })).toString("base64url");
    const hostile = Buffer.from(JSON.stringify({ INVOICED: ["2026-01-01T00:00:00.000Z", "x".repeat(300)] })).toString("base64url");
    for (const [url, bad] of [
      ["/api/admin/orders?stage=ready", cursor],
      ["/api/admin/orders", cursor],
      ["/api/admin/orders?stage=awaiting_payment", respaced],
      ["/api/admin/orders?stage=awaiting_payment", widened],
      ["/api/admin/orders?stage=awaiting_payment", hostile],
      ["/api/admin/orders", "garbage"],
      ["/api/admin/orders", "e30"],
    ]) {
      const answer = await get(`${url}${url.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(bad)}`);
      expect(answer, url).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    }
  });

  it.each(["0", "101", "abc"])("refuses limit=%s", async (limit) => {
    expect(await get(`/api/admin/orders?limit=${limit}`)).toMatchObject({ status: 400, body: { message: "limit must be a whole number from 1 to 100" } });
  });
});

describe("GET /api/admin/orders/counts", () => {
  it("answers a count per stage and the Active total, read from the counters", async () => {
    const answer = await get("/api/admin/orders/counts", admin);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.stages).sort()).toEqual([...STAGES].sort());
    for (const n of Object.values(answer.body.stages)) expect(Number.isInteger(n) && (n as number) >= 0).toBe(true);
    const s = answer.body.stages;
    expect(answer.body.active).toBe(s.awaiting_payment + s.scheduled + s.checked_in + s.in_queue + s.in_service);
    expect(s.in_service).toBeGreaterThanOrEqual(1);
    expect(s.canceled).toBeGreaterThanOrEqual(1);
  });
});

describe("PUT /api/orders/{id}/notes", () => {
  it("saves the staff notes, answers the OrderView and audits it", async () => {
    const answer = await call("PUT", `/api/orders/${aOrders[0]}/notes`, { token: employee, body: { myGripNotes: "Handle wrap frayed." } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: aOrders[0], myGripNotes: "Handle wrap frayed.", stage: "in_queue" });
    expect((await orderOf(aOrders[0])).myGripNotes).toBe("Handle wrap frayed.");
    const audit = (await Audit.forTarget("order", aOrders[0])).find((e) => e.action === "order.notes_updated");
    expect(audit?.diff).toMatchObject({ myGripNotes: { to: "Handle wrap frayed." } });
    // The customer still never sees them.
    const listed = await get(`/api/admin/orders?q=${aOrders[0]}`, admin);
    expect(listed.body.items[0].myGripNotes).toBe("Handle wrap frayed.");
  });

  it("takes exactly 2000 characters and refuses 2001 with the spec's message, changing nothing", async () => {
    const ok = await call("PUT", `/api/orders/${aOrders[2]}/notes`, { token: admin, body: { myGripNotes: "n".repeat(2000) } });
    expect(ok.status).toBe(200);
    const refused = await call("PUT", `/api/orders/${aOrders[2]}/notes`, { token: admin, body: { myGripNotes: "x".repeat(2001) } });
    expect(refused).toMatchObject({ status: 400, body: { message: "Notes must be at most 2000 characters" } });
    expect((await orderOf(aOrders[2])).myGripNotes).toBe("n".repeat(2000));
  });

  it("clears the notes with an empty text", async () => {
    const answer = await call("PUT", `/api/orders/${aOrders[2]}/notes`, { token: employee, body: { myGripNotes: "" } });
    expect(answer.status).toBe(200);
    expect(answer.body.myGripNotes).toBeNull();
  });

  it("answers 404 for a missing order and 400 for notes that are not text", async () => {
    expect(await call("PUT", `/api/orders/${randomUUID()}/notes`, { token: employee, body: { myGripNotes: "x" } })).toMatchObject({
      status: 404,
      body: { message: "Order not found" },
    });
    expect((await call("PUT", `/api/orders/${aOrders[2]}/notes`, { token: employee, body: { myGripNotes: 5 } })).status).toBe(400);
  });
});
