/**
 * Bags are real (docs/api-staff.md, Bags) through the route table against DynamoDB Local: staff create bags
 * with unique codes and unguessable QR slugs, list them by code, look one up by slug or code with the open
 * order in it; a booking's bag number must be an existing active bag no other open order holds, and the bag
 * is freed when the order is picked up or canceled (the unpaid hold's end: expire.test.ts). Who may call the
 * routes is the authorization matrix's job too (authorization.test.ts); the refusals are checked here as well.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { absentBagCode, book, bookingCustomer, demo } from "./booking-support";
import { call, newCustomer, seed, signIn, type Answer } from "./support";

let staff: string;
let admin: string;

beforeAll(async () => {
  staff = await signIn(seed.employee.username, seed.employee.password);
  admin = await signIn(seed.admin.username, seed.admin.password);
});

async function createBags(count: unknown, token = staff) {
  return call("POST", "/api/admin/bags/create", { token, body: { count } });
}

/** One new bag's code. */
async function newBag(): Promise<{ id: string; code3: string; qrSlug: string }> {
  const answer = await createBags(1);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body[0];
}

/** Moves an order as staff. */
async function move(orderId: string, status: string, token = staff) {
  return call("POST", `/api/orders/${orderId}/status`, { token, body: { status } });
}

describe("POST /api/admin/bags/create", () => {
  it("makes `count` active bags with unique 3-digit codes and 26-character random slugs, each audited", async () => {
    const answer = await createBags(12);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const bags = answer.body as { id: string; code3: string; qrSlug: string; isActive: boolean; orderId: string | null }[];
    expect(bags).toHaveLength(12);
    for (const bag of bags) {
      expect(Object.keys(bag).sort()).toEqual(["code3", "id", "isActive", "orderId", "orderNumber", "qrSlug"]);
      expect(bag.code3).toMatch(/^[0-9]{3}$/);
      expect(bag.qrSlug).toMatch(/^[a-z0-9]{26}$/);
      expect(bag).toMatchObject({ isActive: true, orderId: null });
      // Its code and slug are reserved for it: no other bag can take them.
      const [{ data: code }, { data: slug }] = await Promise.all([
        db().entities.uniqueValue.get(uniqueKey("bagCode", bag.code3)).go(),
        db().entities.uniqueValue.get(uniqueKey("bagQrSlug", bag.qrSlug)).go(),
      ]);
      expect(code?.ownerId).toBe(bag.id);
      expect(slug?.ownerId).toBe(bag.id);
      const audit = await Audit.forTarget("bag", bag.id);
      expect(audit).toEqual([expect.objectContaining({ action: "bag.created", actorName: expect.any(String), diff: { code3: bag.code3 } })]);
    }
    expect(new Set(bags.map((b) => b.code3)).size).toBe(12);
    expect(new Set(bags.map((b) => b.qrSlug)).size).toBe(12);
    // Never a seeded bag's code (101 to 130 are taken).
    for (const bag of bags) expect(Number(bag.code3) >= 101 && Number(bag.code3) <= 130).toBe(false);
  });

  it.each([[0], [101], ["x"], [1.5], [-1], [null], ["5"]])("refuses count %j with 400 and creates nothing", async (count) => {
    const before = (await db().entities.bag.query.allBags({}).go({ pages: "all" })).data.length;
    const answer = await createBags(count, admin);
    expect(answer).toMatchObject({ status: 400, body: { message: "Count must be between 1 and 100" } });
    expect((await db().entities.bag.query.allBags({}).go({ pages: "all" })).data.length).toBe(before);
  });

  it("refuses a body with no count", async () => {
    const answer = await call("POST", "/api/admin/bags/create", { token: staff, body: {} });
    expect(answer).toMatchObject({ status: 400, body: { message: "Count must be between 1 and 100" } });
  });

  it("is staff only: a customer gets 403, signed out 401, for every bag route", async () => {
    const customer = await newCustomer();
    const bag = await newBag();
    for (const [method, url, body] of [
      ["POST", "/api/admin/bags/create", { count: 1 }],
      ["GET", "/api/admin/bags", undefined],
      ["GET", `/api/bags/${bag.code3}`, undefined],
      ["GET", `/api/bags/${bag.qrSlug}`, undefined],
    ] as const) {
      expect((await call(method, url, { token: customer.token, body })).status, `${method} ${url}`).toBe(403);
      expect((await call(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
  });
});

describe("GET /api/admin/bags", () => {
  it("lists every bag by code, a page at a time, following the cursor to the end", async () => {
    // A retired bag's code may be given to a new bag (other files retire and make bags as this runs): a bag is its id.
    const seen: string[] = [];
    const ids: string[] = [];
    const before = (await db().entities.bag.query.allBags({}).go({ pages: "all" })).data.map((bag) => bag.id);
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: Answer = await call("GET", `/api/admin/bags?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: staff });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.items.length).toBeLessThanOrEqual(7);
      seen.push(...answer.body.items.map((bag: { code3: string }) => bag.code3));
      ids.push(...answer.body.items.map((bag: { id: string }) => bag.id));
      cursor = answer.body.cursor;
      pages++;
    } while (cursor && pages < 200);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (let code = 101; code <= 130; code++) expect(seen).toContain(String(code));
    // Every bag made before the walk is in it, and nothing else than bags (made before it or during it).
    const after = new Set((await db().entities.bag.query.allBags({}).go({ pages: "all" })).data.map((bag) => bag.id));
    for (const id of before) expect(ids).toContain(id);
    for (const id of ids) expect(after.has(id)).toBe(true);
  });

  it("refuses a forged cursor and a bad limit with 400", async () => {
    for (const query of ["cursor=bm90LWEtY3Vyc29y", "cursor=x", "limit=0", "limit=101", "limit=abc"]) {
      const answer = await call("GET", `/api/admin/bags?${query}`, { token: staff });
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toEqual(expect.any(String));
    }
  });
});

/** The bag My Grips shows a paddle in (GET /api/paddles, as its owner). */
async function paddleBag(token: string, paddleId: string): Promise<{ bagId: string | null; bag: { code3: string } | null }> {
  const listed = await call("GET", "/api/paddles", { token });
  const paddle = (listed.body as { id: string; bagId: string | null; bag: { code3: string } | null }[]).find((p) => p.id === paddleId)!;
  return { bagId: paddle.bagId, bag: paddle.bag };
}

describe("a bag held by an open order", () => {
  it("refuses a bag number the shop has no bag for (400)", async () => {
    const customer = await bookingCustomer();
    const code = await absentBagCode();
    expect(await book(customer.token, customer.paddleId, { bagNumber: code })).toMatchObject({
      status: 400,
      body: { message: `Bag ${code} does not exist` },
    });
  });

  it("is refused for a second open order (409), shows its order by slug and by code, and is freed on pickup", async () => {
    const bag = await newBag();
    const [ann, bob] = await Promise.all([bookingCustomer(), bookingCustomer()]);
    const first = await book(ann.token, ann.paddleId, { bagNumber: bag.code3 });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const orderId = first.body.id as string;
    expect(await paddleBag(ann.token, ann.paddleId)).toEqual({ bagId: bag.id, bag: { code3: bag.code3 } });

    const stockBefore = (await db().entities.sku.get({ id: demo.stripBlackTacky }).go()).data!.stockQuantity;
    const second = await book(bob.token, bob.paddleId, { bagNumber: bag.code3 });
    expect(second).toMatchObject({ status: 409, body: { message: `Bag ${bag.code3} is in use by another open order` } });
    // The refused booking wrote nothing: no order, no stock taken.
    expect((await db().entities.serviceOrder.query.byUser({ userId: bob.userId }).go()).data).toEqual([]);
    expect((await db().entities.sku.get({ id: demo.stripBlackTacky }).go()).data!.stockQuantity).toBe(stockBefore);

    // The bag names its order by the order's number.
    const orderNumber = `R-${(await db().entities.serviceOrder.get({ id: orderId }).go({ consistent: true })).data!.number}`;
    for (const key of [bag.qrSlug, bag.code3, bag.qrSlug.toUpperCase()]) {
      const found = await call("GET", `/api/bags/${key}`, { token: staff });
      expect(found.status, key).toBe(200);
      expect(found.body.bag).toEqual({ ...bag, isActive: true, orderId, orderNumber });
      expect(found.body.order).toMatchObject({ id: orderId, bagNumber: bag.code3, bag: { code3: bag.code3 }, userId: ann.userId });
    }
    const listed = await call("GET", `/api/admin/bags?limit=100`, { token: staff });
    const page = listed.body.items as { code3: string; orderId: string | null; orderNumber: string | null }[];
    if (page.some((b) => b.code3 === bag.code3)) expect(page.find((b) => b.code3 === bag.code3)).toMatchObject({ orderId, orderNumber });

    // Through the shop to pickup, paid at the counter first: the bag is free again, and Bob may book it.
    for (const status of ["IN_QUEUE", "IN_SERVICE", "READY", "PICKED_UP"]) {
      if (status === "PICKED_UP") {
        const { totalCents } = (await call("GET", `/api/orders/${orderId}`, { token: staff })).body;
        expect((await call("POST", `/api/orders/${orderId}/payments`, { token: staff, body: { method: "POS_CASH", amountCents: totalCents } })).status).toBe(200);
      }
      const moved = await move(orderId, status);
      expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
    }
    const after = await call("GET", `/api/bags/${bag.code3}`, { token: staff });
    expect(after.body).toEqual({ bag: { ...bag, isActive: true, orderId: null }, order: null });
    // Ann's paddle came home with the order: My Grips no longer shows it in the bag.
    expect(await paddleBag(ann.token, ann.paddleId)).toEqual({ bagId: null, bag: null });
    const audit = (await Audit.forTarget("order", orderId)).find((entry) => (entry.diff as { status?: { to?: string } })?.status?.to === "PICKED_UP");
    expect(audit?.diff).toMatchObject({ bagReleased: bag.code3 });
    const again = await book(bob.token, bob.paddleId, { bagNumber: bag.code3 });
    expect(again.status, JSON.stringify(again.body)).toBe(201);

    // An admin reopening the picked-up order cannot take the bag back from Bob's open order.
    const reopened = await move(orderId, "READY", admin);
    expect(reopened).toMatchObject({ status: 409, body: { message: `Bag ${bag.code3} is in use by another open order` } });
  });

  it("is freed when its order is canceled, by the customer or by staff", async () => {
    const bag = await newBag();
    const customer = await bookingCustomer();
    for (const cancel of [(id: string) => call("POST", `/api/orders/${id}/status`, { token: customer.token, body: { status: "CANCELED" } }), (id: string) => move(id, "CANCELED")]) {
      const booked = await book(customer.token, customer.paddleId, { bagNumber: bag.code3 });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect((await call("GET", `/api/bags/${bag.qrSlug}`, { token: staff })).body.bag.orderId).toBe(booked.body.id);
      expect((await paddleBag(customer.token, customer.paddleId)).bag).toEqual({ code3: bag.code3 });
      const canceled = await cancel(booked.body.id);
      expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
      expect(await paddleBag(customer.token, customer.paddleId)).toEqual({ bagId: null, bag: null });
      expect((await call("GET", `/api/bags/${bag.qrSlug}`, { token: staff })).body).toMatchObject({ bag: { orderId: null }, order: null });
    }
  });

  it("answers 404 Bag not found for a code or slug no bag has", async () => {
    for (const key of [await absentBagCode(), "abcdefghijklmnopqrstuvwxyz", "no-such-slug", "%25"]) {
      const answer = await call("GET", `/api/bags/${encodeURIComponent(key)}`, { token: staff });
      expect(answer, key).toMatchObject({ status: 404, body: { message: "Bag not found" } });
    }
  });
});
