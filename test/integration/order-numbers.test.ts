/**
 * The shop-wide order number (orders/numbers.ts, shared/orders.ts): every way an order is made (a booking, a
 * storefront invoice, a quick sale) takes the next number from the one counter in its own transaction, so numbers
 * are unique even when twenty bookings race, a reused bag never brings a number back, a refused order takes none, the
 * queue and Admin Orders find an order by its number, and `npm run recount`'s numbering of older orders runs once.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import * as OrderNumbers from "../../packages/core/src/orders/numbers";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { orderNumberOf } from "../../packages/core/src/shared/orders";
import { book, bookingCustomer, demo, freeBag, paddleOf } from "./booking-support";
import { orderOf, staffTokens } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

const numberOf = (text: string): number => {
  const number = orderNumberOf(text);
  if (number === null) throw new Error(`not an order number: ${text}`);
  return number;
};

/** The numbers of the orders a staff search for `q` answers. */
async function searched(q: string, token = staff.employee): Promise<{ id: string; number: string }[]> {
  const answer = await call("GET", `/api/admin/orders?q=${encodeURIComponent(q)}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.items;
}

describe("an order's number", () => {
  it("is unique under twenty bookings at once, one after another from the counter, and on the order and its view", async () => {
    const customer = await bookingCustomer();
    await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 20 }).go();
    const before = await OrderNumbers.lastGiven();
    const paddles = await Promise.all(Array.from({ length: 20 }, () => paddleOf(customer.userId)));
    const bags = await Promise.all(paddles.map(() => freeBag()));
    const answers = await Promise.all(paddles.map((paddleId, i) => book(customer.token, paddleId, { bagNumber: bags[i], service: demo.basicBlackDry })));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);

    const numbers = answers.map((answer) => answer.body.number as string);
    expect(numbers.every((n) => /^R-\d{4,}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(20);
    // Each is the next the counter gave: none skipped by a lost race, the counter now at the highest.
    // A file's orders are made one test at a time in its worker's table, so these twenty are all the counter gave.
    const values = numbers.map(numberOf).sort((a, b) => a - b);
    const start = (before ?? 1000) + 1;
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => start + i));
    expect(await OrderNumbers.lastGiven()).toBe(start + 19);
    // Stored on the order as the number, and every view names it.
    const first = answers[0]!.body;
    expect((await orderOf(first.id)).number).toBe(numberOf(first.number));
    expect((await call("GET", `/api/orders/${first.id}`, { token: customer.token })).body.number).toBe(first.number);
    const mine = (await call("GET", "/api/orders?limit=50", { token: customer.token })).body.orders as { id: string; number: string }[];
    expect(mine.map((order) => order.number).sort()).toEqual([...numbers].sort());
  }, 120_000);

  it("differs for two orders in one bag, and a canceled order's number is never given again", async () => {
    const customer = await bookingCustomer();
    const bag = await freeBag();
    const first = await book(customer.token, customer.paddleId, { bagNumber: bag, service: demo.basicBlackDry });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const canceled = await call("POST", `/api/orders/${first.body.id}/status`, { token: customer.token, body: { status: "CANCELED" } });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const second = await book(customer.token, customer.paddleId, { bagNumber: bag, service: demo.basicBlackDry });
    expect(second.status, JSON.stringify(second.body)).toBe(201);

    expect(second.body.bagNumber).toBe(first.body.bagNumber);
    expect(second.body.number).not.toBe(first.body.number);
    expect(numberOf(second.body.number)).toBeGreaterThan(numberOf(first.body.number));
    // The bag finds both orders; each number finds its own one.
    const byBag = await searched(bag);
    expect(byBag.map((order) => order.id)).toEqual(expect.arrayContaining([first.body.id, second.body.id]));
    expect((await searched(first.body.number)).map((order) => order.id)).toEqual([first.body.id]);
    expect((await searched(second.body.number)).map((order) => order.id)).toEqual([second.body.id]);
  });

  it("is given to no order by a refused booking: a number drawn by a refusal is never given to another order", async () => {
    const customer = await bookingCustomer();
    const bag = await freeBag();
    const held = await book(customer.token, customer.paddleId, { bagNumber: bag, service: demo.basicBlackDry });
    expect(held.status).toBe(201);
    const last = (await OrderNumbers.lastGiven())!;
    // The bag is held by the open order: 409 from the order's transaction, nothing written; the number it drew stays unused.
    const refused = await book(customer.token, await paddleOf(customer.userId), { bagNumber: bag, service: demo.basicBlackDry });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    const drawn = (await OrderNumbers.lastGiven())!;
    expect(drawn).toBe(last + 1);
    const { data: claim } = await db().entities.uniqueValue.get(uniqueKey("orderNumber", String(drawn)) as { kind: "orderNumber"; value: string }).go();
    expect(claim).toBeNull();
    // A refusal before the transaction (an invalid booking) draws none.
    expect((await book(customer.token, customer.paddleId, { bagNumber: bag, service: "no-such-service" })).status).toBe(400);
    expect(await OrderNumbers.lastGiven()).toBe(drawn);
    const next = await book(customer.token, await paddleOf(customer.userId), { service: demo.basicBlackDry });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.number).toBe(`R-${drawn + 1}`);
  });

  it("is given to storefront invoices and quick sales too, from the same counter", async () => {
    const customer = await bookingCustomer();
    const invoice = await call("POST", "/api/storefront/invoice", {
      token: staff.employee,
      body: { customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: demo.edgeTape, quantity: 1 }] },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const quick = await call("POST", "/api/book-service", {
      token: staff.employee,
      body: { customerId: customer.userId, bagNumber: await freeBag(), paddle: { nickname: "Counter Blue", brand: "Joola" }, services: ["overgrip"], discount: null },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(quick.status, JSON.stringify(quick.body)).toBe(201);
    const invoiced = await orderOf(invoice.body.orderId);
    const sold = await orderOf(quick.body.orderId);
    expect(invoiced.number).toBeGreaterThanOrEqual(1001);
    expect(sold.number).toBeGreaterThan(invoiced.number!);
    expect(invoice.body.order.number).toBe(`R-${invoiced.number}`);
  });
});

describe("a search by number", () => {
  it("finds the order in Admin Orders and the queue, any case, with or without # or R-", async () => {
    const customer = await bookingCustomer();
    const booked = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect(booked.status).toBe(201);
    const number: string = booked.body.number;
    const digits = number.slice(2);
    for (const q of [number, number.toLowerCase(), `#${number}`, digits]) {
      const found = await searched(q, staff.admin);
      expect(found.map((order) => order.id), q).toContain(booked.body.id);
      expect(found.find((order) => order.id === booked.body.id)!.number).toBe(number);
    }
    // The queue's search is the same call with a stage (the queue's cards) and the employee's token.
    const queue = await call("GET", `/api/admin/orders?stage=active&q=${encodeURIComponent(number)}`, { token: staff.employee });
    expect(queue.body.items.map((order: { id: string }) => order.id)).toEqual([booked.body.id]);
    // A number no order has finds nothing.
    expect(await searched(`R-${numberOf(number) + 1_000_000}`)).toEqual([]);
    // The bag and the id's end still find it.
    expect((await searched(booked.body.bagNumber)).map((order) => order.id)).toContain(booked.body.id);
    expect((await searched(booked.body.id.slice(-6))).map((order) => order.id)).toContain(booked.body.id);
  });
});

describe("npm run recount's numbering", () => {
  it("numbers the orders without one once, oldest first, continuing the counter, with their search reference", async () => {
    const customer = await bookingCustomer();
    // Orders written as before numbers existed: no number, no number reference.
    const old = (minutesAgo: number) => ({
      id: randomUUID(),
      userId: customer.userId,
      status: "PICKED_UP" as const,
      lineItems: [{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }],
      subtotalCents: 4500,
      totalCents: 4500,
      createdAt: new Date(Date.now() - minutesAgo * 60_000 - 400 * 86_400_000).toISOString(),
    });
    const older = old(2);
    const newer = old(1);
    // Written newest first: the numbering follows createdAt, not the order of writing.
    await db().entities.serviceOrder.create(newer).go();
    await db().entities.serviceOrder.create(older).go();
    const booked = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    const bookedNumber = (await orderOf(booked.body.id)).number;

    const last = (await OrderNumbers.lastGiven())!;
    const numbered = await OrderNumbers.backfill();
    expect(numbered).toBeGreaterThanOrEqual(2);
    const after = (await OrderNumbers.lastGiven())!;
    expect(after).toBe(last + numbered);
    const olderNumber = (await orderOf(older.id)).number!;
    const newerNumber = (await orderOf(newer.id)).number!;
    expect(olderNumber).toBeGreaterThan(last);
    expect(newerNumber).toBe(olderNumber + 1);
    // An order that had a number keeps it.
    expect((await orderOf(booked.body.id)).number).toBe(bookedNumber);
    expect((await searched(`R-${newerNumber}`)).map((order) => order.id)).toEqual([newer.id]);

    // A second run numbers nothing and leaves the counter.
    expect(await OrderNumbers.backfill()).toBe(0);
    expect(await OrderNumbers.lastGiven()).toBe(after);
    expect((await orderOf(older.id)).number).toBe(olderNumber);
  }, 120_000);
});
