/**
 * The order counters (orders/counters.ts) move in the same transaction as
 * every order write: after a mix of bookings, payments, staff moves, a
 * customer's cancel, a staff cancel and the unpaid hold's end, the counters
 * equal a count over the orders (the test counts; the request path never
 * does). A count never goes below zero.
 *
 * Runs against a table of its own in DynamoDB Local, so it counts only the
 * orders it made.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTable } from "../../infra/local/dynamo";
import type { UserActor } from "../../packages/core/src/actor";
import { db } from "../../packages/core/src/db";
import { book } from "../../packages/core/src/orders/booking";
import { OrderCounters } from "../../packages/core/src/orders/counters";
import { expireUnpaidOrders, holdActor } from "../../packages/core/src/orders/expire";
import { moveOrder } from "../../packages/core/src/orders/move-order";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { STAGES, stageOfStatus, type OrderStatus, type Stage } from "../../packages/core/src/shared/lifecycle";
import { UNPAID_HOLD_MINUTES } from "../../packages/core/src/shared/unpaid-hold";
import { freeBag } from "./booking-support";
import { orderOf, payOrder } from "./payment-support";

const sharedTable = process.env.TABLE_NAME!;
const overgrip = "sku-counter-overgrip";
const free = "sku-counter-free";

let customer: UserActor;
let employee: UserActor;
let admin: UserActor;

/** An order booked at `at`, of a paddle of its own (one open order per paddle). */
async function bookAt(at: Date, service = overgrip): Promise<string> {
  const paddleId = randomUUID();
  await db().entities.paddle.create({ userId: customer.userId, id: paddleId, brand: "Joola", nickname: "Counted" }).go();
  return (await book(customer, { form: { paddleId, bagNumber: await freeBag(), service }, now: at })).id;
}

async function move(actor: UserActor, id: string, status: OrderStatus, options: { refund?: boolean } = {}): Promise<void> {
  await moveOrder(actor, { id, change: { status, ...options } });
}

/** What the counters should say: a count over every order of this table (test only). */
async function countedOverOrders(): Promise<Record<Stage, number>> {
  const counts = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
  const { data } = await db().entities.serviceOrder.query.allOrders({}).go({ pages: "all" });
  for (const order of data) counts[stageOfStatus[order.status]]++;
  return counts;
}

beforeAll(async () => {
  const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
  const table = `regrip-counters-${randomUUID().slice(0, 8)}`;
  await ensureTable(port, table);
  process.env.TABLE_NAME = table;
  usePaymentProvider(localProvider());

  const userId = randomUUID();
  customer = { type: "user", userId, username: "count@regrip.test", givenName: "Cora", roles: ["CUSTOMER"] };
  employee = { type: "user", userId: randomUUID(), username: "employee", givenName: "Eve", roles: ["CUSTOMER", "EMPLOYEE"] };
  admin = { type: "user", userId: randomUUID(), username: "admin", givenName: "Ada", roles: ["CUSTOMER", "EMPLOYEE", "ADMIN"] };
  await db().entities.user.create({ userId, email: "count@regrip.test", firstName: "Cora", phone: "+17205550123", phoneVerified: true, smsNotifications: false }).go();
  await db()
    .entities.sku.create({ id: overgrip, code: "CNT-OVERGRIP", name: "Basic Overgrip", category: "OVERGRIP", type: "ONE_TIME", unitAmountCents: 1200, stockQuantity: 100 })
    .go();
  await db()
    .entities.sku.create({ id: free, code: "CNT-FREE", name: "Basic Overgrip", category: "OVERGRIP", type: "ONE_TIME", unitAmountCents: 0, unlimitedStock: true })
    .go();
});

afterAll(() => {
  process.env.TABLE_NAME = sharedTable;
  usePaymentProvider(undefined);
});

describe("order counters", () => {
  it("equal a count over the orders after bookings, payments, moves, cancels and expiries", async () => {
    expect((await OrderCounters.read(employee)).stages).toEqual(await countedOverOrders());
    const now = new Date();
    const longAgo = new Date(now.getTime() - (UNPAID_HOLD_MINUTES + 30) * 60_000);

    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await bookAt(now));
    const expiring = [await bookAt(longAgo), await bookAt(longAgo)];
    const comp = await bookAt(now, free); // a free order starts scheduled
    expect((await orderOf(comp)).status).toBe("SCHEDULED");

    for (const id of orders.slice(0, 5)) await payOrder(id);
    await move(employee, orders[0], "CHECKED_IN");
    await move(employee, orders[1], "CHECKED_IN");
    await move(employee, orders[1], "IN_QUEUE");
    await move(employee, orders[2], "CHECKED_IN");
    await move(employee, orders[2], "IN_QUEUE");
    await move(employee, orders[2], "IN_SERVICE");
    await move(employee, orders[2], "READY");
    await move(employee, orders[2], "PICKED_UP");
    await move(admin, orders[3], "READY"); // an admin's correction
    await move(employee, orders[4], "CANCELED", { refund: true }); // a staff cancel of a paid order, with its refund
    await move(customer, orders[6], "CANCELED"); // the customer's own cancel, unpaid
    await move(employee, orders[5], "IN_QUEUE"); // into the queue before it is paid,
    await move(employee, orders[5], "INVOICED"); // and rolled back
    const report = await expireUnpaidOrders(holdActor, { now });
    expect(report.canceled.sort()).toEqual([...expiring].sort());

    const counts = await OrderCounters.read(employee);
    const counted = await countedOverOrders();
    expect(counts.stages).toEqual(counted);
    expect(counted).toMatchObject({ awaiting_payment: 2, scheduled: 1, checked_in: 1, in_queue: 1, ready: 1, picked_up: 1, canceled: 4 });
    expect(counts.active).toBe(counted.awaiting_payment + counted.scheduled + counted.checked_in + counted.in_queue + counted.in_service);
  });

  it("never goes below zero: a move out of a stage counted zero goes through and the count stays zero", async () => {
    const id = await bookAt(new Date());
    await OrderCounters.overwrite({ ...(await countedOverOrders()), awaiting_payment: 0 });
    await payOrder(id);
    expect(await orderOf(id)).toMatchObject({ status: "SCHEDULED" });
    await move(employee, id, "CHECKED_IN");
    await move(employee, id, "CANCELED", { refund: true });
    const counts = await OrderCounters.read(employee);
    expect(counts.stages.awaiting_payment).toBe(0);
    const counted = await countedOverOrders();
    expect(counts.stages.canceled).toBe(counted.canceled);
    expect(counts.stages.scheduled).toBe(counted.scheduled);
    const { data } = await db().entities.orderCounter.query.byStage({}).go();
    for (const item of data) expect(item.count).toBeGreaterThanOrEqual(0);
    // Put back in step for whatever runs after.
    await OrderCounters.overwrite(counted);
  });

  it("are put back in step with the orders by a recount (npm run recount), whatever they said", async () => {
    const counted = await countedOverOrders();
    await OrderCounters.overwrite({ awaiting_payment: 40, in_queue: 0, canceled: 7 });
    const { before, after } = await OrderCounters.recount();
    expect(before.stages).toMatchObject({ awaiting_payment: 40, in_queue: 0, canceled: 7 });
    expect(after.stages).toEqual(counted);
    expect(await OrderCounters.read(employee)).toEqual(after);
  });
});
