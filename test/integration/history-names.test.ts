/**
 * An order's history names people by their first names (the "by employee" beside "by Sam"): a counter sale
 * records the staff member's profile first name (users/ `firstNameOf`), and an entry written before that with a
 * username reads as the person's first name now (orders/queries.ts `get`, one BatchGet of the history's people).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { db } from "../../packages/core/src/db";
import { bookingCustomer, freeBag } from "./booking-support";
import { orderOf, staffTokens } from "./payment-support";
import { call, seed } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

const firstNames = (order: { statusHistory: { actorName: string | null }[] }) => order.statusHistory.map((entry) => entry.actorName);

describe("the order history's names", () => {
  it("a counter sale and a move are by the staff member's first name, never their username", async () => {
    const customer = await bookingCustomer();
    const sale = await call("POST", "/api/book-service", {
      token: staff.employee,
      body: { customerId: customer.userId, bagNumber: await freeBag(), paddle: { nickname: "History Green" }, services: ["overgrip"], discount: null },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const id = sale.body.orderId as string;
    // As stored: the first name the seed gave the employee, not the username.
    const stored = await orderOf(id);
    expect(stored.statusHistory?.[0]?.actorName).toBe(seed.employee.firstName);
    expect(stored.discountByStaffName ?? null).toBeNull();
    const moved = await call("POST", `/api/orders/${id}/status`, { token: staff.admin, body: { status: "CANCELED" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const read = await call("GET", `/api/orders/${id}`, { token: staff.employee });
    expect(firstNames(read.body)).toEqual([seed.employee.firstName, seed.admin.firstName]);
    expect(firstNames(read.body)).not.toContain(seed.employee.username);
  });

  it("an entry written with a username reads as the person's first name now", async () => {
    const customer = await bookingCustomer();
    const sale = await call("POST", "/api/book-service", {
      token: staff.employee,
      body: { customerId: customer.userId, bagNumber: await freeBag(), paddle: { nickname: "Old Entry" }, services: ["overgrip"], discount: null },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const id = sale.body.orderId as string;
    const stored = await orderOf(id);
    // As the counter wrote it before: the username.
    await db()
      .entities.serviceOrder.patch({ id })
      .set({ statusHistory: stored.statusHistory!.map((entry) => ({ ...entry, actorName: seed.employee.username })) })
      .go();
    expect((await orderOf(id)).statusHistory?.[0]?.actorName).toBe(seed.employee.username);
    const read = await call("GET", `/api/orders/${id}`, { token: staff.admin });
    expect(firstNames(read.body)).toEqual([seed.employee.firstName]);
  });
});
