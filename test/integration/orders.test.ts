/**
 * GET /api/orders and GET /api/orders/{id}: everyone lists their own orders
 * (staff too), staff read any one order; another customer's order is exactly a missing one; pages by
 * cursor, newest first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { STAGES } from "../../packages/core/src/shared/lifecycle";
import { book, bookingCustomer, demo, paddleOf } from "./booking-support";
import { call, seed, signIn } from "./support";

type Customer = Awaited<ReturnType<typeof bookingCustomer>>;

/** The OrderView keys of docs/api.md (myGripNotes only for staff). */
const viewKeys = [
  "id", "number", "userId", "paddleId", "bagNumber", "bag", "status", "stage", "statusHistory", "paymentStatus",
  "dropoffLocation", "dropoffDateTime", "pickupLocation", "pickupDateTime", "isOnsite", "pickupDate", "scheduleEventId", "partner", "locationNotice", "refundWindowEndsAt", "lineItems", "customerNotes",
  "subtotalCents", "discountAmountCents", "promoCode", "pointsRedeemed", "pointsDiscountCents", "coveredCents", "taxCents", "totalCents", "bill", "currency", "paymentMethod",
  "invoiceUrl", "paidAt", "paymentFailureReason", "cardBrand", "cardLast4", "refundedAmountCents", "createdAt", "updatedAt", "user", "paddle", "addedTo", "addedOrderIds",
];

let ann: Customer;
let bob: Customer;
let annOrders: string[] = [];
let bobOrder: string;
let employee: string;
let admin: string;

/** An order of `customer`'s, of a paddle of its own (one open order per paddle). */
async function bookOk(customer: Customer, overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await book(customer.token, await paddleOf(customer.userId), { service: demo.basicBlackDry, ...overrides });
  if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

beforeAll(async () => {
  await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 100 }).go();
  [ann, bob] = await Promise.all([bookingCustomer(), bookingCustomer()]);
  annOrders = [];
  for (let i = 0; i < 7; i++) annOrders.push(await bookOk(ann, { customerNotes: `order ${i}` }));
  bobOrder = await bookOk(bob);
  await db().entities.serviceOrder.patch({ id: bobOrder }).set({ myGripNotes: "Handle is cracked; told the customer." }).go();
  [employee, admin] = await Promise.all([
    signIn(seed.employee.username, seed.employee.password),
    signIn(seed.admin.username, seed.admin.password),
  ]);
});

describe("GET /api/orders", () => {
  it("answers a customer's own orders, newest first, in the OrderView shape", async () => {
    const answer = await call("GET", "/api/orders", { token: ann.token });
    expect(answer.status).toBe(200);
    expect(answer.body.cursor).toBeNull();
    const orders = answer.body.orders;
    expect(orders.map((o: { id: string }) => o.id)).toEqual([...annOrders].reverse());
    for (const order of orders) {
      expect(Object.keys(order).sort()).toEqual([...viewKeys].sort());
      expect(order.userId).toBe(ann.userId);
      expect(STAGES).toContain(order.stage);
    }
    expect(orders[0]).toMatchObject({
      customerNotes: "order 6",
      // Every order holds a bag now (bags module): the one its bag number names.
      bag: { code3: orders[0].bagNumber },
      invoiceUrl: null,
      paidAt: null,
      refundedAmountCents: 0,
      lineItems: [{ skuId: demo.basicBlackDry, name: "Basic Overgrip", description: "Black · Dry", price: 1200, quantity: 1 }],
    });
  });

  it("never shows one customer another's orders", async () => {
    const answer = await call("GET", "/api/orders", { token: bob.token });
    expect(answer.body.orders.map((o: { id: string }) => o.id)).toEqual([bobOrder]);
    expect(answer.body.orders[0]).not.toHaveProperty("myGripNotes");
  });

  it.each([
    ["an employee", () => employee],
    ["an admin", () => admin],
  ])("answers %s only their own orders: My Grips is one's own", async (_, token) => {
    const me = await call("GET", "/api/auth/user", { token: token() });
    const answer = await call("GET", "/api/orders?limit=100", { token: token() });
    expect(answer.status).toBe(200);
    const ids = answer.body.orders.map((o: { id: string; userId: string }) => o.id);
    for (const id of [...annOrders, bobOrder]) expect(ids).not.toContain(id);
    for (const order of answer.body.orders) expect(order.userId).toBe(me.body.id);
  });

  it("pages by cursor: no order twice, none left out, null at the end", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const url: string = `/api/orders?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const answer = await call("GET", url, { token: ann.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      sizes.push(answer.body.orders.length);
      seen.push(...answer.body.orders.map((o: { id: string }) => o.id));
      cursor = answer.body.cursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual([...annOrders].reverse());
  });

  it("answers cursor null when the last page is exactly full", async () => {
    const answer = await call("GET", "/api/orders?limit=7", { token: ann.token });
    expect(answer.body.orders).toHaveLength(7);
    expect(answer.body.cursor).toBeNull();
  });

  it("uses 50 orders a page when no limit is given", async () => {
    const answer = await call("GET", "/api/orders", { token: admin });
    expect(answer.body.orders.length).toBeLessThanOrEqual(50);
  });

  it.each(["0", "101", "abc", "1.5", "-3", "1e2"])("refuses limit=%s", async (limit) => {
    const answer = await call("GET", `/api/orders?limit=${limit}`, { token: ann.token });
    expect(answer).toMatchObject({ status: 400, body: { message: "limit must be a whole number from 1 to 100" } });
  });

  it("refuses a cursor that is not one", async () => {
    for (const cursor of ["garbage", "e30", Buffer.from("[1,2]").toString("base64url")]) {
      const answer = await call("GET", `/api/orders?cursor=${cursor}`, { token: ann.token });
      expect(answer).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    }
  });

  it("refuses another customer's cursor, and a staff list's cursor given to a customer", async () => {
    const annPage = await call("GET", "/api/orders?limit=2", { token: ann.token });
    const staffPage = await call("GET", "/api/admin/orders?limit=2", { token: employee });
    expect(staffPage.body.cursor).toEqual(expect.any(String));
    for (const cursor of [annPage.body.cursor, staffPage.body.cursor]) {
      const answer = await call("GET", `/api/orders?cursor=${encodeURIComponent(cursor)}`, { token: bob.token });
      expect(answer).toMatchObject({ status: 400, body: { message: "Invalid cursor" } });
    }
  });

  it("refuses signed out", async () => {
    expect((await call("GET", "/api/orders")).status).toBe(401);
  });
});

describe("GET /api/orders/{id}", () => {
  it("answers the owner their order", async () => {
    const answer = await call("GET", `/api/orders/${annOrders[0]}`, { token: ann.token });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([...viewKeys].sort());
    expect(answer.body).toMatchObject({ id: annOrders[0], userId: ann.userId, status: "INVOICED", stage: "awaiting_payment" });
  });

  it("answers another customer's order exactly as a missing id", async () => {
    const other = await call("GET", `/api/orders/${bobOrder}`, { token: ann.token });
    const missing = await call("GET", "/api/orders/no-such-order", { token: ann.token });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: "Order not found" });
    expect(missing.status).toBe(404);
    expect(other.body).toEqual(missing.body);
  });

  it.each([
    ["an employee", () => employee],
    ["an admin", () => admin],
  ])("answers any order to %s, with the staff notes", async (_, token) => {
    const answer = await call("GET", `/api/orders/${bobOrder}`, { token: token() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: bobOrder, userId: bob.userId, myGripNotes: "Handle is cracked; told the customer." });
  });

  it("keeps the staff notes from the customer", async () => {
    const answer = await call("GET", `/api/orders/${bobOrder}`, { token: bob.token });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty("myGripNotes");
    expect(JSON.stringify(answer.body)).not.toContain("cracked");
  });
});
