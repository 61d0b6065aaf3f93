/**
 * The admin's promotions (docs/api-admin.md) through the route table against
 * DynamoDB Local: every rule and message, the code's uniqueness (under concurrency too), a rename moving the
 * code's reservation, a deactivated or deleted code refused on the very next booking and storefront invoice, and
 * the audit entry of every write. Who may call is the authorization matrix's job too (authorization.test.ts).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import {
  PROMOTION_AMOUNT_CENTS,
  PROMOTION_AMOUNT_MIN,
  PROMOTION_AMOUNT_TOO_BIG,
  PROMOTION_CODE_CHARACTERS,
  PROMOTION_CODE_REQUIRED,
  PROMOTION_CODE_TAKEN,
  PROMOTION_CODE_TOO_LONG,
  PROMOTION_DISCOUNT_REQUIRED,
  PROMOTION_ONE_DISCOUNT,
  PROMOTION_NOT_FOUND,
  PROMOTION_NOTHING_TO_CHANGE,
  PROMOTION_PERCENTAGE_RANGE,
  type PromotionAdminView,
} from "../../packages/core/src/shared/promotions";
import { book, bookingCustomer, freeBag } from "./booking-support";
import { staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

let admin: string;
let employee: string;

beforeAll(async () => {
  ({ admin, employee } = await staffTokens());
});

/** A code no promotion has: `P` and 8 random characters. */
const freshCode = () => `P${randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase()}`;

const create = (body: unknown, token = admin, headers?: Record<string, string>) => call("POST", "/api/admin/promotions", { token, body, headers });
const update = (id: string, body: unknown, token = admin) => call("PATCH", `/api/admin/promotions/${id}`, { token, body });
const remove = (id: string, token = admin) => call("DELETE", `/api/admin/promotions/${id}`, { token });

async function made(body: Record<string, unknown>): Promise<PromotionAdminView> {
  const answer = await create(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The promotion id reserving `code`, or null. */
async function reservationOf(code: string): Promise<string | null> {
  const { data } = await db().entities.uniqueValue.get(uniqueKey("promoCode", code)).go({ consistent: true });
  return data?.ownerId ?? null;
}

async function promotionsWithCode(code: string) {
  return (await db().entities.promotion.query.byCode({ code }).go()).data;
}

/** A booking by a new customer with `promoCode`. */
async function bookWith(promoCode: string) {
  const customer = await bookingCustomer();
  return book(customer.token, customer.paddleId, { promoCode });
}

/** A storefront invoice (one Strip and Grip) by the employee with `promoCode`. */
async function invoiceWith(promoCode: string) {
  const customer = await bookingCustomer();
  return call("POST", "/api/storefront/invoice", {
    token: employee,
    headers: { "idempotency-key": randomUUID() },
    body: { customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: "sku-strip-and-grip-black-tacky", quantity: 1 }], promoCode },
  });
}

describe("POST /api/admin/promotions", () => {
  it("makes a promotion with its code upper-cased and trimmed, reserves the code, and audits it with actor, change, ip and user agent", async () => {
    const code = freshCode();
    const answer = await create({ code: `  ${code.toLowerCase()} `, percentage: 15 }, admin, { "user-agent": "promo-test/1.0" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const promotion = answer.body as PromotionAdminView;
    expect(Object.keys(promotion).sort()).toEqual(["amountCents", "code", "createdAt", "id", "isActive", "percentage", "updatedAt"]);
    expect(promotion).toMatchObject({ code, percentage: 15, amountCents: 0, isActive: true });
    expect(await reservationOf(code)).toBe(promotion.id);

    const audit = await Audit.forTarget("promotion", promotion.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "promotion.created",
        actorId: expect.any(String),
        actorName: expect.any(String),
        diff: { code, percentage: 15, amountCents: 0, isActive: true },
        ip: "127.0.0.1",
        userAgent: "promo-test/1.0",
      }),
    ]);

    // The customer side finds it at once.
    expect(await call("GET", `/api/promotions/${code.toLowerCase()}`)).toMatchObject({ status: 200, body: { code, percentage: 15, amountCents: 0 } });
  });

  it("takes an amount in cents, and a promotion made inactive", async () => {
    const promotion = await made({ code: freshCode(), amountCents: 750, isActive: false });
    expect(promotion).toMatchObject({ percentage: 0, amountCents: 750, isActive: false });
    expect(await call("GET", `/api/promotions/${promotion.code}`)).toMatchObject({ status: 404, body: { message: "This promo code is no longer active" } });
  });

  it.each([
    ["no code", { percentage: 10 }, PROMOTION_CODE_REQUIRED],
    ["an empty code", { code: "", percentage: 10 }, PROMOTION_CODE_REQUIRED],
    ["a blank code", { code: "   ", percentage: 10 }, PROMOTION_CODE_REQUIRED],
    ["a code that is not text", { code: 12345, percentage: 10 }, PROMOTION_CODE_REQUIRED],
    ["a code of 21 characters", { code: "A".repeat(21), percentage: 10 }, PROMOTION_CODE_TOO_LONG],
    ["a code of 5,000 characters", { code: "A".repeat(5000), percentage: 10 }, PROMOTION_CODE_TOO_LONG],
    ["a code with a space", { code: "SAVE 10", percentage: 10 }, PROMOTION_CODE_CHARACTERS],
    ["a code with a #", { code: "SAVE#10", percentage: 10 }, PROMOTION_CODE_CHARACTERS],
    ["a percentage over 100", { code: "OK1", percentage: 101 }, PROMOTION_PERCENTAGE_RANGE],
    ["a negative percentage", { code: "OK1", percentage: -1 }, PROMOTION_PERCENTAGE_RANGE],
    ["a fractional percentage", { code: "OK1", percentage: 12.5 }, PROMOTION_PERCENTAGE_RANGE],
    ["a percentage as text", { code: "OK1", percentage: "10" }, PROMOTION_PERCENTAGE_RANGE],
    ["a negative amount", { code: "OK1", amountCents: -1 }, PROMOTION_AMOUNT_MIN],
    ["an amount as text", { code: "OK1", amountCents: "500" }, PROMOTION_AMOUNT_MIN],
    ["an amount over $10,000", { code: "OK1", amountCents: 1e308 }, PROMOTION_AMOUNT_TOO_BIG],
    ["a fraction of a cent", { code: "OK1", amountCents: 10.5 }, PROMOTION_AMOUNT_CENTS],
    ["both 0", { code: "OK1", percentage: 0, amountCents: 0 }, PROMOTION_DISCOUNT_REQUIRED],
    ["neither given", { code: "OK1" }, PROMOTION_DISCOUNT_REQUIRED],
    ["both a percentage and an amount", { code: "OK1", percentage: 15, amountCents: 500 }, PROMOTION_ONE_DISCOUNT],
    ["isActive as text", { code: "OK1", percentage: 5, isActive: "yes" }, "isActive must be true or false"],
  ])("refuses %s with 400 and its message, making nothing", async (_, body, message) => {
    const answer = await create(body);
    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect(await reservationOf("OK1")).toBeNull();
  });

  it("refuses a code another promotion has (409), whatever its case", async () => {
    const first = await made({ code: freshCode(), percentage: 5 });
    const answer = await create({ code: first.code.toLowerCase(), amountCents: 100 });
    expect(answer).toMatchObject({ status: 409, body: { message: PROMOTION_CODE_TAKEN } });
    expect(await promotionsWithCode(first.code)).toHaveLength(1);
    // A seeded code too.
    expect(await create({ code: "welcome10", percentage: 50 })).toMatchObject({ status: 409, body: { message: PROMOTION_CODE_TAKEN } });
  });

  it("gives a code to one of two creates made at the same moment", async () => {
    const code = freshCode();
    const answers = await Promise.all([create({ code, percentage: 10 }), create({ code, amountCents: 300 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const winner = answers.find((a) => a.status === 201)!.body as PromotionAdminView;
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ message: PROMOTION_CODE_TAKEN });
    const stored = await promotionsWithCode(code);
    expect(stored.map((p) => p.id)).toEqual([winner.id]);
    expect(await reservationOf(code)).toBe(winner.id);
  });

  it("is admin only: an employee and a customer get 403, signed out 401", async () => {
    const body = { code: freshCode(), percentage: 10 };
    expect(await create(body, employee)).toMatchObject({ status: 403, body: { message: expect.any(String) } });
    expect(await create(body, (await newCustomer()).token)).toMatchObject({ status: 403 });
    expect((await call("POST", "/api/admin/promotions", { body })).status).toBe(401);
    expect(await reservationOf(body.code)).toBeNull();
  });
});

describe("PATCH /api/admin/promotions/{id}", () => {
  it("changes the fields sent and audits each change from and to", async () => {
    const promotion = await made({ code: freshCode(), percentage: 10 });
    const answer = await update(promotion.id, { percentage: 20, amountCents: 0 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ id: promotion.id, code: promotion.code, percentage: 20, amountCents: 0, isActive: true });
    const [latest] = await Audit.forTarget("promotion", promotion.id);
    expect(latest).toMatchObject({ action: "promotion.updated", actorId: expect.any(String), diff: { percentage: { from: 10, to: 20 } } });
  });

  it("renames a code: the reservation moves in the same write, the old code is free and stops applying", async () => {
    const promotion = await made({ code: freshCode(), amountCents: 200 });
    const renamed = freshCode();
    const answer = await update(promotion.id, { code: ` ${renamed.toLowerCase()}` });
    expect(answer).toMatchObject({ status: 200, body: { code: renamed } });
    expect(await reservationOf(promotion.code)).toBeNull();
    expect(await reservationOf(renamed)).toBe(promotion.id);
    expect(await call("GET", `/api/promotions/${promotion.code}`)).toMatchObject({ status: 404, body: { message: "Invalid promo code" } });
    expect(await call("GET", `/api/promotions/${renamed}`)).toMatchObject({ status: 200, body: { code: renamed, amountCents: 200 } });
    const [latest] = await Audit.forTarget("promotion", promotion.id);
    expect(latest).toMatchObject({ action: "promotion.updated", diff: { code: { from: promotion.code, to: renamed } } });
    // The old code can be given to a new promotion.
    expect((await create({ code: promotion.code, percentage: 5 })).status).toBe(201);
  });

  it("refuses a rename to a code another promotion has (409), changing nothing", async () => {
    const a = await made({ code: freshCode(), percentage: 10 });
    const b = await made({ code: freshCode(), percentage: 20 });
    const answer = await update(b.id, { code: a.code, percentage: 30 });
    expect(answer).toMatchObject({ status: 409, body: { message: PROMOTION_CODE_TAKEN } });
    expect((await db().entities.promotion.get({ id: b.id }).go()).data).toMatchObject({ code: b.code, percentage: 20 });
    expect(await reservationOf(a.code)).toBe(a.id);
    expect(await reservationOf(b.code)).toBe(b.id);
    expect((await Audit.forTarget("promotion", b.id)).map((e) => e.action)).toEqual(["promotion.created"]);
  });

  it("keeps one of the two above 0 on the promotion as it would be after the change", async () => {
    const promotion = await made({ code: freshCode(), percentage: 10 });
    expect(await update(promotion.id, { percentage: 0 })).toMatchObject({ status: 400, body: { message: PROMOTION_DISCOUNT_REQUIRED } });
    expect(await update(promotion.id, { percentage: 0, amountCents: 0 })).toMatchObject({ status: 400, body: { message: PROMOTION_DISCOUNT_REQUIRED } });
    expect(await update(promotion.id, { percentage: 0, amountCents: 150 })).toMatchObject({ status: 200, body: { percentage: 0, amountCents: 150 } });
    // One of the two, never both: an amount added to a percentage's promotion (or the reverse) is refused, nothing changed.
    expect(await update(promotion.id, { percentage: 15 })).toMatchObject({ status: 400, body: { message: PROMOTION_ONE_DISCOUNT } });
    expect(await update(promotion.id, { percentage: 15, amountCents: 150 })).toMatchObject({ status: 400, body: { message: PROMOTION_ONE_DISCOUNT } });
    expect((await db().entities.promotion.get({ id: promotion.id }).go()).data).toMatchObject({ percentage: 0, amountCents: 150 });
  });

  it.each([
    [{}, PROMOTION_NOTHING_TO_CHANGE],
    [{ code: "" }, PROMOTION_CODE_REQUIRED],
    [{ code: "X".repeat(21) }, PROMOTION_CODE_TOO_LONG],
    [{ percentage: 150 }, PROMOTION_PERCENTAGE_RANGE],
    [{ amountCents: -5 }, PROMOTION_AMOUNT_MIN],
    [{ isActive: "false" }, "isActive must be true or false"],
  ])("refuses %j with 400 and its message, changing nothing", async (body, message) => {
    const promotion = await made({ code: freshCode(), percentage: 10 });
    expect(await update(promotion.id, body)).toMatchObject({ status: 400, body: { message } });
    expect((await db().entities.promotion.get({ id: promotion.id }).go()).data).toMatchObject({ code: promotion.code, percentage: 10, isActive: true });
  });

  it("answers 404 for a promotion that does not exist, 400 for an id that cannot be one", async () => {
    expect(await update(randomUUID(), { percentage: 5 })).toMatchObject({ status: 404, body: { message: PROMOTION_NOT_FOUND } });
    expect(await update("x".repeat(3000), { percentage: 5 })).toMatchObject({ status: 400 });
  });

  it("keeps both of two edits made at the same moment (each written on the promotion as it then is)", async () => {
    const promotion = await made({ code: freshCode(), percentage: 10 });
    const answers = await Promise.all([update(promotion.id, { percentage: 25 }), update(promotion.id, { isActive: false })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await db().entities.promotion.get({ id: promotion.id }).go({ consistent: true })).data).toMatchObject({ percentage: 25, isActive: false });
    expect((await Audit.forTarget("promotion", promotion.id)).filter((e) => e.action === "promotion.updated")).toHaveLength(2);
  });
});

describe("a deactivated or deleted code stops applying at once", () => {
  it("deactivated: the very next lookup, booking and storefront invoice refuse it; reactivated, it applies again", async () => {
    const promotion = await made({ code: freshCode(), percentage: 10 });
    expect((await bookWith(promotion.code)).status).toBe(201);

    expect(await update(promotion.id, { isActive: false })).toMatchObject({ status: 200, body: { isActive: false } });
    expect(await call("GET", `/api/promotions/${promotion.code}`)).toMatchObject({ status: 404, body: { message: "This promo code is no longer active" } });
    expect(await bookWith(promotion.code)).toMatchObject({ status: 400, body: { message: "This promo code is no longer active" } });
    expect(await invoiceWith(promotion.code)).toMatchObject({ status: 404, body: { message: "This promo code is no longer active" } });
    const [latest] = await Audit.forTarget("promotion", promotion.id);
    expect(latest).toMatchObject({ action: "promotion.updated", diff: { isActive: { from: true, to: false } } });

    expect(await update(promotion.id, { isActive: true })).toMatchObject({ status: 200, body: { isActive: true } });
    const booked = await bookWith(promotion.code);
    expect(booked.status).toBe(201);
    const { data: order } = await db().entities.serviceOrder.get({ id: booked.body.id }).go();
    expect(order).toMatchObject({ promoCode: promotion.code, discountAmountCents: Math.floor((order!.subtotalCents * 10 + 50) / 100) });
  });

  it("deleted: 204, the promotion and its reservation gone, the code refused on the very next booking and invoice, audited", async () => {
    const promotion = await made({ code: freshCode(), amountCents: 500 });
    const invoiced = await invoiceWith(promotion.code);
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(201);
    expect(invoiced.body.order).toMatchObject({ discountAmountCents: 500 });

    const answer = await remove(promotion.id);
    expect(answer.status).toBe(204);
    expect((await db().entities.promotion.get({ id: promotion.id }).go({ consistent: true })).data).toBeNull();
    expect(await reservationOf(promotion.code)).toBeNull();
    expect(await bookWith(promotion.code)).toMatchObject({ status: 400, body: { message: "Invalid promo code" } });
    expect(await invoiceWith(promotion.code)).toMatchObject({ status: 404, body: { message: "Invalid promo code" } });
    const [latest] = await Audit.forTarget("promotion", promotion.id);
    expect(latest).toMatchObject({
      action: "promotion.deleted",
      actorId: expect.any(String),
      diff: { code: promotion.code, percentage: 0, amountCents: 500, isActive: true },
    });

    // Gone is gone: a second delete and an edit are 404; the code is free for a new promotion.
    expect(await remove(promotion.id)).toMatchObject({ status: 404, body: { message: PROMOTION_NOT_FOUND } });
    expect(await update(promotion.id, { percentage: 5 })).toMatchObject({ status: 404, body: { message: PROMOTION_NOT_FOUND } });
    expect((await create({ code: promotion.code, percentage: 5 })).status).toBe(201);
  });

  it("is admin only", async () => {
    const promotion = await made({ code: freshCode(), percentage: 10 });
    expect((await remove(promotion.id, employee)).status).toBe(403);
    expect((await update(promotion.id, { isActive: false }, employee)).status).toBe(403);
    expect((await call("DELETE", `/api/admin/promotions/${promotion.id}`)).status).toBe(401);
    expect(await reservationOf(promotion.code)).toBe(promotion.id);
  });
});

describe("GET /api/admin/promotions", () => {
  it("lists newest first, a page at a time by cursor, every promotion once", async () => {
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await made({ code: freshCode(), percentage: 10 + i }));
    const first = await call("GET", "/api/admin/promotions?limit=2", { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.items.map((p: PromotionAdminView) => p.id)).toEqual([mine[2].id, mine[1].id]);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await call("GET", `/api/admin/promotions?limit=2&cursor=${encodeURIComponent(first.body.cursor)}`, { token: admin });
    expect(second.body.items[0].id).toBe(mine[0].id);

    const seen: string[] = [];
    for (let cursor: string | null = null, pages = 0; pages < 100; pages++) {
      const page: { status: number; body: { items: PromotionAdminView[]; cursor: string | null } } = await call(
        "GET",
        `/api/admin/promotions?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { token: admin },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((p) => p.id));
      cursor = page.body.cursor;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const p of mine) expect(seen).toContain(p.id);
    expect(seen).toEqual(expect.arrayContaining(["promo-welcome10", "promo-grip5"]));
  });

  it.each([
    ["limit=0", "limit must be a whole number from 1 to 100"],
    ["limit=101", "limit must be a whole number from 1 to 100"],
    ["limit=x", "limit must be a whole number from 1 to 100"],
    ["cursor=abc", "Invalid cursor"],
    [`cursor=${"A".repeat(600)}`, "Invalid cursor"],
  ])("refuses ?%s with 400", async (query, message) => {
    expect(await call("GET", `/api/admin/promotions?${query}`, { token: admin })).toMatchObject({ status: 400, body: { message } });
  });

  it("refuses a cursor edited to reach another index", async () => {
    const first = await call("GET", "/api/admin/promotions?limit=1", { token: admin });
    const key = JSON.parse(Buffer.from(first.body.cursor, "base64url").toString("utf8"));
    for (const forged of [{ ...key, gsi2sk: "9".repeat(3000) }, { ...key, extra: 1 }, { ...key, pk: "order#x" }]) {
      const cursor = Buffer.from(JSON.stringify(forged)).toString("base64url");
      expect(await call("GET", `/api/admin/promotions?cursor=${cursor}`, { token: admin })).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    }
  });
});
