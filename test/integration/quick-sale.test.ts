/**
 * The quick sale's bag, its discount notes and the short reference (docs/api-staff.md "Storefront and quick
 * sale", orders/references.ts): the bag typed is held in the order's transaction or refused with a 409 that
 * names it; left blank, the lowest free active bag is held and said; none free is a 409, never a bag-less
 * order; a double submit takes one bag and answers one order; and an order is found by its reference (the bag
 * number, the id's last 6 characters, any case) through GET /api/admin/orders?q=.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as Bags from "../../packages/core/src/bags";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import * as OrderReferences from "../../packages/core/src/orders/references";
import { NO_FREE_BAG } from "../../packages/core/src/shared/bags";
import { orderReference } from "../../packages/core/src/shared/orders";
import { absentBagCode, bookingCustomer, freeBag } from "./booking-support";
import { orderOf, staffTokens } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

const paddle = { nickname: "Counter Green" };

const quickSale = (body: Record<string, unknown>, key = randomUUID()) =>
  call("POST", "/api/book-service", { token: staff.employee, body: { paddle, services: ["overgrip"], discount: null, ...body }, headers: { "idempotency-key": key } });

const cancel = (orderId: string) => call("POST", `/api/orders/${orderId}/status`, { token: staff.admin, body: { status: "CANCELED" } });

const search = (q: string) => call("GET", `/api/admin/orders?q=${encodeURIComponent(q)}`, { token: staff.employee });

async function ordersOf(userId: string) {
  return (await db().entities.serviceOrder.query.byUser({ userId }).go({ pages: "all" })).data;
}

/** Every active bag no open order holds now, by code. */
async function freeCodes(): Promise<string[]> {
  const { data: bags } = await db().entities.bag.query.allBags({}).go({ pages: "all" });
  const free: string[] = [];
  for (const bag of bags) if (bag.isActive && !(await Bags.holderOf(bag.code3))) free.push(bag.code3);
  return free;
}

describe("the quick sale's bag", () => {
  it("holds the bag typed (any case): the order's bag number and reference, the paddle in the bag; freed on cancel", async () => {
    const customer = await bookingCustomer();
    const code = await freeBag();
    const answer = await quickSale({ customerId: customer.userId, bagNumber: ` ${code.toLowerCase()} ` });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ bagNumber: code, bagAssigned: false });
    const order = await orderOf(answer.body.orderId);
    expect(order).toMatchObject({ bagNumber: code, bagCode: code });
    // The reference is the order's number, not its bag.
    expect(answer.body.reference).toBe(`R-${order.number}`);
    expect(await Bags.holderOf(code)).toBe(order.id);
    const bagId = await Bags.idOf(code);
    const { data: made } = await db().entities.paddle.get({ userId: customer.userId, id: order.paddleId! }).go();
    expect(made?.bagId).toBe(bagId);
    // The payment link's text names the order by its number.
    const texts = (await db().entities.communication.query.byOrder({ orderId: order.id }).go()).data;
    expect(texts.map((text) => text.message)).toEqual([expect.stringContaining(`your order R-${order.number}: `)]);

    expect((await cancel(order.id)).status).toBe(200);
    expect(await Bags.holderOf(code)).toBeNull();
  });

  it("refuses a bag that does not exist, is retired, or holds another open order: 409 naming it, nothing written", async () => {
    const customer = await bookingCustomer();
    const absent = await absentBagCode();
    expect(await quickSale({ customerId: customer.userId, bagNumber: absent })).toMatchObject({
      status: 409,
      body: { message: `Bag ${absent} does not exist or is retired` },
    });

    const retired = await freeBag();
    const retiredId = (await Bags.idOf(retired))!;
    await db().entities.bag.patch({ id: retiredId }).set({ isActive: false }).go();
    await db().entities.uniqueValue.delete(uniqueKey("bagCode", retired)).go();
    expect(await quickSale({ customerId: customer.userId, bagNumber: retired })).toMatchObject({
      status: 409,
      body: { message: `Bag ${retired} does not exist or is retired` },
    });

    const taken = await freeBag();
    const first = await quickSale({ customerId: customer.userId, bagNumber: taken });
    expect(first.status).toBe(201);
    expect(await quickSale({ customerId: customer.userId, bagNumber: taken })).toMatchObject({
      status: 409,
      body: { message: `Bag ${taken} is in use by another open order` },
    });
    expect((await ordersOf(customer.userId)).map((order) => order.id)).toEqual([first.body.orderId]);
    await cancel(first.body.orderId);
  });

  it.each([["12"], ["1234"], ["1 2"], ["!@#"]])("refuses the bag number %j with the shared rule's message (400)", async (bagNumber) => {
    const customer = await bookingCustomer();
    expect(await quickSale({ customerId: customer.userId, bagNumber })).toMatchObject({
      status: 400,
      body: { message: "Please enter a 3-digit bag number" },
    });
    expect(await ordersOf(customer.userId)).toEqual([]);
  });

  it("left blank, holds the lowest free active bag and says it was assigned", async () => {
    const customer = await bookingCustomer();
    const lowest = (await freeCodes()).sort()[0];
    const answer = await quickSale({ customerId: customer.userId, bagNumber: "" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ bagNumber: lowest, bagAssigned: true, reference: `R-${(await orderOf(answer.body.orderId)).number}` });
    expect(await Bags.holderOf(lowest)).toBe(answer.body.orderId);
    expect(await cancel(answer.body.orderId)).toMatchObject({ status: 200 });
  });

  it("two blank sales at once hold two different bags", async () => {
    const [a, b] = await Promise.all([bookingCustomer(), bookingCustomer()]);
    const answers = await Promise.all([quickSale({ customerId: a.userId }), quickSale({ customerId: b.userId })]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const [first, second] = answers.map((answer) => answer.body.bagNumber as string);
    expect(first).not.toBe(second);
    for (const answer of answers) expect(await Bags.holderOf(answer.body.bagNumber)).toBe(answer.body.orderId);
    for (const answer of answers) await cancel(answer.body.orderId);
  });

  it("a double submit (same Idempotency-Key, at once and again later) makes one order holding one bag", async () => {
    const customer = await bookingCustomer();
    const free = await freeCodes();
    const key = randomUUID();
    const answers = await Promise.all([quickSale({ customerId: customer.userId }, key), quickSale({ customerId: customer.userId }, key)]);
    const again = await quickSale({ customerId: customer.userId }, key);
    for (const answer of [...answers, again]) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const ids = new Set([...answers, again].map((answer) => answer.body.orderId));
    expect(ids.size).toBe(1);
    expect(new Set([...answers, again].map((answer) => answer.body.bagNumber)).size).toBe(1);
    const orders = await ordersOf(customer.userId);
    expect(orders).toHaveLength(1);
    // Exactly one bag more is held than before.
    expect((await freeCodes()).length).toBe(free.length - 1);
    await cancel(orders[0]!.id);
  });

  it("with every bag held, a blank bag is a 409 saying none is free, and no order is made", async () => {
    const customer = await bookingCustomer();
    const free = await freeCodes();
    const owner = `test-hold-${randomUUID()}`;
    // Nothing else uses the table meanwhile (a worker's files run one at a time on its own, worker-table.ts): hold every
    // free bag for a moment, 20 writes at a time (the earlier files add bags of their own: too many to send at once).
    const eachFree = async (write: (code: string) => Promise<unknown>) => {
      for (let i = 0; i < free.length; i += 20) await Promise.all(free.slice(i, i + 20).map(write));
    };
    await eachFree((code) => db().entities.uniqueValue.create({ ...uniqueKey("bagHold", code), ownerId: owner }).go());
    try {
      expect(await quickSale({ customerId: customer.userId })).toMatchObject({ status: 409, body: { message: NO_FREE_BAG } });
      expect(await ordersOf(customer.userId)).toEqual([]);
    } finally {
      await eachFree((code) => db().entities.uniqueValue.delete(uniqueKey("bagHold", code)).go());
    }
  });
});

describe("the quick sale's discount notes", () => {
  it("are on the order with who gave the discount, in staff's view of it; notes without an amount are kept too", async () => {
    const customer = await bookingCustomer();
    const employeeId = (await call("GET", "/api/auth/user", { token: staff.employee })).body.id;
    const discounted = await quickSale({ customerId: customer.userId, bagNumber: await freeBag(), discount: { amount: 1, notes: "League night" } });
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(201);
    const seen = await call("GET", `/api/orders/${discounted.body.orderId}`, { token: staff.employee });
    expect(seen.body).toMatchObject({ discountAmountCents: 100, staffDiscount: { byStaffId: employeeId, notes: "League night" } });
    expect(seen.body.staffDiscount.byStaffName).toBeTruthy();
    // The customer does not see staff's notes.
    const own = await call("GET", `/api/orders/${discounted.body.orderId}`, { token: customer.token });
    expect(own.body).not.toHaveProperty("staffDiscount");

    const notesOnly = await quickSale({ customerId: customer.userId, bagNumber: await freeBag(), discount: { amount: 0, notes: "Price matched, no discount" } });
    expect(notesOnly.status).toBe(201);
    expect(await orderOf(notesOnly.body.orderId)).toMatchObject({ discountAmountCents: 0, discountNotes: "Price matched, no discount", discountByStaffId: employeeId });
    for (const answer of [discounted, notesOnly]) await cancel(answer.body.orderId);
  });
});

describe("GET /api/admin/orders?q= by the short reference", () => {
  it("finds an order by its bag number and by its id's last 6 characters, any case, with or without #", async () => {
    const customer = await bookingCustomer();
    const code = await freeBag();
    const answer = await quickSale({ customerId: customer.userId, bagNumber: code });
    expect(answer.status).toBe(201);
    const orderId = answer.body.orderId as string;
    const tail = orderId.slice(-6);
    for (const q of [code, tail.toUpperCase(), tail.toLowerCase(), `#${tail}`]) {
      const found = await search(q);
      expect(found.status, q).toBe(200);
      expect(found.body.items.map((order: { id: string }) => order.id), q).toContain(orderId);
    }
    // Shown by its number, never by the bag (bags are reused), and found by it too.
    const shown = (await search(code)).body.items.find((order: { id: string }) => order.id === orderId);
    expect(orderReference(shown)).toBe(shown.number);
    expect(shown.number).toMatch(/^R-\d{4,}$/);
    expect((await search(shown.number)).body.items.map((order: { id: string }) => order.id)).toEqual([orderId]);

    // Picked up or canceled, the bag's order is still found by the bag's number (the reference stays).
    await cancel(orderId);
    expect((await search(code)).body.items.map((order: { id: string }) => order.id)).toContain(orderId);
    // Once: never twice though both the bag's hold and its reference name it.
    const customer2 = await bookingCustomer();
    const next = await quickSale({ customerId: customer2.userId, bagNumber: code });
    expect(next.status).toBe(201);
    const ids = (await search(code)).body.items.map((order: { id: string }) => order.id);
    expect(ids.filter((id: string) => id === next.body.orderId)).toHaveLength(1);
    expect(ids.slice(0, 2)).toEqual([next.body.orderId, orderId]);
    await cancel(next.body.orderId);
  });

  it("a reference no order has finds nothing; the stage filter still applies", async () => {
    const none = await search("#ZZZZZZ");
    expect(none).toMatchObject({ status: 200, body: { items: [], cursor: null } });
    const customer = await bookingCustomer();
    const answer = await quickSale({ customerId: customer.userId, bagNumber: await freeBag() });
    const tail = (answer.body.orderId as string).slice(-6);
    const waiting = await call("GET", `/api/admin/orders?q=${tail}&stage=awaiting_payment`, { token: staff.employee });
    expect(waiting.body.items.map((order: { id: string }) => order.id)).toContain(answer.body.orderId);
    const ready = await call("GET", `/api/admin/orders?q=${tail}&stage=ready`, { token: staff.employee });
    expect(ready.body.items.map((order: { id: string }) => order.id)).not.toContain(answer.body.orderId);
    await cancel(answer.body.orderId);
  });

  it("an order written without its reference items (before them) is found again after npm run recount's backfill", async () => {
    const customer = await bookingCustomer();
    const code = await freeBag();
    const answer = await quickSale({ customerId: customer.userId, bagNumber: code });
    const orderId = answer.body.orderId as string;
    const tail = orderId.slice(-6).toUpperCase();
    await db().entities.orderReference.delete([{ reference: tail, createdAt: (await orderOf(orderId)).createdAt, orderId }]).go();
    expect((await search(tail)).body.items.map((order: { id: string }) => order.id)).not.toContain(orderId);
    expect(await OrderReferences.backfill()).toBeGreaterThan(0);
    expect((await search(tail)).body.items.map((order: { id: string }) => order.id)).toContain(orderId);
    await cancel(orderId);
  });
});
