/**
 * Stock an order takes comes back when it is canceled:
 * every cancel gives it back in the cancel's own transaction, at most once,
 * and unpaid orders past their hold are canceled by `expireUnpaidOrders`.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserActor } from "../../packages/core/src/actor";
import { db } from "../../packages/core/src/db";
import { applyMove, CHANGED_MEANWHILE } from "../../packages/core/src/orders/move-order";
import { book, bookingCustomer } from "./booking-support";
import { auditOf, orderOf, staffTokens } from "./payment-support";
import { call } from "./support";

type Customer = Awaited<ReturnType<typeof bookingCustomer>>;

let staff: { employee: string; admin: string };

/** Skus made for this file (so no other test's bookings move their stock), deleted afterwards. */
const madeSkus: string[] = [];
async function testSku(fields: { name: string; category: string; type: "ONE_TIME" | "ADD_ON"; stockQuantity: number }) {
  const id = `sku-stock-${randomUUID()}`;
  await db()
    .entities.sku.create({
      id,
      code: `STOCK-${id.slice(-12).toUpperCase()}`,
      name: fields.name,
      category: fields.category as "OVERGRIP",
      type: fields.type,
      color: `Pink ${id.slice(-6)}`,
      feel: "Dry",
      unitAmountCents: 1200,
      stockQuantity: fields.stockQuantity,
      displayOrder: 9999,
    })
    .go();
  madeSkus.push(id);
  return id;
}

async function stockOf(id: string): Promise<number> {
  const { data } = await db().entities.sku.get({ id }).go({ consistent: true });
  if (!data) throw new Error(`no sku ${id}`);
  return data.stockQuantity;
}

/** A Basic Overgrip with 3 on hand and an edge tape with 5, as the finding's Pink/Dry. */
async function skus() {
  const overgrip = await testSku({ name: "Basic Overgrip", category: "OVERGRIP", type: "ONE_TIME", stockQuantity: 3 });
  const tape = await testSku({ name: "Edge Tape", category: "EDGE", type: "ADD_ON", stockQuantity: 5 });
  return { overgrip, tape };
}

async function bookUnpaid(customer: Customer, service: string, addOns: string[] = []): Promise<string> {
  const answer = await book(customer.token, customer.paddleId, { service, addOns });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.requiresPayment).toBe(true);
  return answer.body.id as string;
}

const cancel = (orderId: string, token: string, body: Record<string, unknown> = {}) =>
  call("POST", `/api/orders/${orderId}/status`, { token, body: { status: "CANCELED", ...body } });

beforeAll(async () => {
  staff = await staffTokens();
});

afterAll(async () => {
  for (const id of madeSkus) await db().entities.sku.delete({ id }).go();
});

describe("a cancel gives the order's stock back", () => {
  it("puts back what an unpaid booking took when the customer cancels (3 → 2 → 3)", async () => {
    const { overgrip, tape } = await skus();
    const customer = await bookingCustomer();
    const orderId = await bookUnpaid(customer, overgrip, [tape]);
    expect([await stockOf(overgrip), await stockOf(tape)]).toEqual([2, 4]);
    expect((await orderOf(orderId)).stockTaken).toEqual([
      { skuId: overgrip, quantity: 1 },
      { skuId: tape, quantity: 1 },
    ]);

    const answer = await cancel(orderId, customer.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.stage).toBe("canceled");
    expect([await stockOf(overgrip), await stockOf(tape)]).toEqual([3, 5]);
    const order = await orderOf(orderId);
    expect(order.stockReturnedAt).toBeTruthy();
    const audit = (await auditOf(orderId)).find((entry) => entry.action === "order.status_changed");
    expect(audit?.diff).toMatchObject({ stockReturned: [{ skuId: overgrip, quantity: 1 }, { skuId: tape, quantity: 1 }] });
  });

  it("puts it back when staff cancel, and a second cancel gives nothing more", async () => {
    const { overgrip } = await skus();
    const customer = await bookingCustomer();
    const orderId = await bookUnpaid(customer, overgrip);
    expect(await stockOf(overgrip)).toBe(2);
    expect((await cancel(orderId, staff.employee)).status).toBe(200);
    expect(await stockOf(overgrip)).toBe(3);
    // Again, by staff and by the customer: refused, and the stock stays.
    expect(await cancel(orderId, staff.admin)).toMatchObject({ status: 409, body: { message: expect.any(String) } });
    expect(await cancel(orderId, customer.token)).toMatchObject({ status: 409, body: { message: expect.any(String) } });
    expect(await stockOf(overgrip)).toBe(3);
  });

  it("gives back once when the same cancel is retried from the order read before the first (a retry, a double click)", async () => {
    const { overgrip } = await skus();
    const customer = await bookingCustomer();
    const orderId = await bookUnpaid(customer, overgrip);
    const before = await orderOf(orderId);
    const actor: UserActor = { type: "user", userId: customer.userId, username: customer.username, roles: ["CUSTOMER"] };
    const input = { id: orderId, status: "CANCELED" as const, note: undefined, refund: false, keepPayment: false };
    const answers = await Promise.allSettled([applyMove(actor, before, input), applyMove(actor, before, input)]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refused = answers.find((a) => a.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe(CHANGED_MEANWHILE);
    // And once more, sequentially, from the same stale read.
    await expect(applyMove(actor, before, input)).rejects.toThrow(CHANGED_MEANWHILE);
    expect(await stockOf(overgrip)).toBe(3);
  });

  it("cancels an order whose sku was deleted since, giving back the rest", async () => {
    const { overgrip, tape } = await skus();
    const customer = await bookingCustomer();
    const orderId = await bookUnpaid(customer, overgrip, [tape]);
    await db().entities.sku.delete({ id: tape }).go();
    expect((await cancel(orderId, customer.token)).status).toBe(200);
    expect(await stockOf(overgrip)).toBe(3);
    // Giving back to a deleted sku would have made a half item.
    expect((await db().entities.sku.get({ id: tape }).go({ consistent: true })).data).toBeNull();
  });

  it("moves that are not a cancel give nothing back", async () => {
    const { overgrip } = await skus();
    const customer = await bookingCustomer();
    const orderId = await bookUnpaid(customer, overgrip);
    expect((await call("POST", `/api/orders/${orderId}/status`, { token: staff.employee, body: { status: "IN_QUEUE" } })).status).toBe(200);
    expect(await stockOf(overgrip)).toBe(2);
    expect((await orderOf(orderId)).stockReturnedAt).toBeUndefined();
  });
});
