/**
 * More for a paid order (POST /api/orders/{id}/added, shared/order-balance.ts) through the route table: after payment
 * an added line is a new balance to pay, an order of its own linked both ways, priced by the server with its stock
 * taken; the paid order's pickup and cancel wait on that balance; paid, the added order is done without a stage text;
 * a repeat of the Idempotency-Key makes nothing more; a pickup racing an addition never lets the paddle leave owing.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { ADDED_MOVES_BY_PAYMENT, ADD_NOTHING, ADD_TO_ADDED, ADD_TO_CLOSED, ADD_TO_UNPAID, addedBalanceRefusal } from "../../packages/core/src/shared/order-balance";
import { CANCEL_ADDED_BY_SHOP } from "../../packages/core/src/shared/order-cancel";
import { EDIT_PAID, EDIT_PRODUCT_UNAVAILABLE } from "../../packages/core/src/shared/order-edit";
import { auditOf, bookedOrder, orderOf, payOrder, setOrder, staffTokens, textsOf } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

/** A product made for this file (no other test's orders move its stock), deleted afterwards. */
const madeSkus: string[] = [];
async function testSku(stockQuantity: number, unitAmountCents = 1200) {
  const id = `sku-added-${randomUUID()}`;
  await db()
    .entities.sku.create({
      id,
      code: `ADDED-${id.slice(-12).toUpperCase()}`,
      name: "Edge Guard Added",
      category: "OTHER",
      type: "ADD_ON",
      unitAmountCents,
      stockQuantity,
      taxable: false,
      isVisible: true,
      displayOrder: 9999,
    })
    .go();
  madeSkus.push(id);
  return id;
}

const stockOf = async (id: string) => (await db().entities.sku.get({ id }).go({ consistent: true })).data!.stockQuantity;
const addTo = (orderId: string, body: unknown, options: { token?: string; key?: string } = {}) =>
  call("POST", `/api/orders/${orderId}/added`, { token: options.token ?? staff.employee, body, headers: { "Idempotency-Key": options.key ?? randomUUID() } });
const move = (orderId: string, status: string, token = staff.employee) => call("POST", `/api/orders/${orderId}/status`, { token, body: { status } });
const payAtCounter = (orderId: string, amountCents: number) =>
  call("POST", `/api/orders/${orderId}/payments`, { token: staff.employee, body: { method: "POS_CARD", amountCents } });

/** A booking paid at the counter's terminal and made Ready: its paddle waits at the counter. */
async function paidReadyOrder() {
  const booked = await bookedOrder();
  const paid = await payAtCounter(booked.orderId, 5300);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await setOrder(booked.orderId, { status: "READY" });
  return booked;
}

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

afterAll(async () => {
  for (const id of madeSkus) await db().entities.sku.delete({ id }).go();
});

describe("more for a paid order", () => {
  it("is a new balance of its own, linked both ways; the pickup waits on it; paid, it is done and the paddle leaves", async () => {
    const guard = await testSku(5);
    const { orderId } = await paidReadyOrder();
    // Editing the paid order's lines is still refused; adding is the way.
    expect(await call("PATCH", `/api/orders/${orderId}/lines`, { token: staff.employee, body: { add: [{ skuId: guard }] } })).toMatchObject({ status: 409, body: { message: EDIT_PAID } });

    const key = randomUUID();
    // Any price or total the client sends is not read.
    const added = await addTo(orderId, { add: [{ skuId: guard, quantity: 2, priceCents: 1 }], payment: "counter", totalCents: 5 }, { key });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const addedId = added.body.orderId as string;
    const parent = await orderOf(orderId);
    expect(added.body.order).toMatchObject({
      addedTo: { id: orderId, reference: `R-${parent.number}` },
      status: "WAITING_ON_PAYMENT",
      paymentStatus: "unpaid",
      totalCents: 2400,
      bill: { totalCents: 2400 },
      paddleId: null,
      bagNumber: null,
      paddle: { nickname: "Big Blue" },
      user: { phone: parent.customer?.phone },
    });
    expect(added.body.order.lineItems.map((line: { name: string; price: number; quantity: number }) => [line.name, line.price, line.quantity])).toEqual([["Edge Guard Added", 1200, 2]]);
    expect(added.body.smsStatus.success).toBe(false);
    expect(await stockOf(guard)).toBe(3);
    // The paid order keeps its own bill and lists the new balance.
    expect(parent).toMatchObject({ addedOrderIds: [addedId], totalCents: 5300, paymentStatus: "paid", status: "READY" });
    const read = await call("GET", `/api/orders/${orderId}`, { token: staff.employee });
    expect(read.body.added).toEqual([{ id: addedId, reference: added.body.reference, totalCents: 2400, paymentStatus: "unpaid", status: "WAITING_ON_PAYMENT", dueCents: 2400 }]);
    expect((await auditOf(addedId)).map((entry) => entry.action)).toContain("order.added_to_paid");

    // A double click (the same Idempotency-Key) makes nothing more.
    const again = await addTo(orderId, { add: [{ skuId: guard, quantity: 2 }], payment: "counter" }, { key });
    expect([again.status, again.body.orderId]).toEqual([201, addedId]);
    expect(await stockOf(guard)).toBe(3);
    expect((await orderOf(orderId)).addedOrderIds).toEqual([addedId]);

    // Made ready while the addition owes: the ready text says what is left to pay at pickup (the paid order's own
    // bill owes nothing).
    await setOrder(orderId, { status: "IN_SERVICE" });
    expect((await move(orderId, "READY")).status).toBe(200);
    await expect.poll(async () => (await textsOf(orderId)).find((text) => text.template === "orderReady" && text.channel === "sms")?.message).toContain("is ready for pickup");
    expect((await textsOf(orderId)).find((text) => text.template === "orderReady" && text.channel === "sms")!.message).toContain(" $24.00 to pay at pickup.");

    // The paddle never leaves owing, nor is its order canceled with the balance open.
    const owing = addedBalanceRefusal([{ reference: added.body.reference, dueCents: 2400 }], "picked_up")!;
    expect(owing).toContain("$24.00 due");
    expect(await move(orderId, "PICKED_UP")).toMatchObject({ status: 409, body: { message: owing } });

    // Paid at the counter, the added order is done at once (no stage text of its own), and the pickup goes through.
    const paid = await payAtCounter(addedId, 2400);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await orderOf(addedId)).toMatchObject({ paymentStatus: "paid", paymentMethod: "POS_CARD", status: "PICKED_UP" });
    expect((await textsOf(addedId)).map((text) => text.template)).not.toContain("orderPickedUp");
    const after = await call("GET", `/api/orders/${orderId}`, { token: staff.employee });
    expect(after.body.added[0]).toMatchObject({ dueCents: 0, paymentStatus: "paid" });
    const picked = await move(orderId, "PICKED_UP");
    expect(picked.status).toBe(200);
    // The move answers the order as its page reads it: the page written from it still lists what was added.
    expect(picked.body.added).toEqual([expect.objectContaining({ id: addedId, dueCents: 0 })]);
    // Picked up, nothing more is added to it.
    expect(await addTo(orderId, { add: [{ skuId: guard }] })).toMatchObject({ status: 409, body: { message: ADD_TO_CLOSED } });
  });

  it("refuses an unpaid order, an added order, an empty or unknown product, a customer (to add, or to cancel what was added), and an added order canceled frees the pickup", async () => {
    const guard = await testSku(5);
    const unpaid = await bookedOrder();
    expect(await addTo(unpaid.orderId, { add: [{ skuId: guard }] })).toMatchObject({ status: 409, body: { message: ADD_TO_UNPAID } });

    const { orderId, customer } = await paidReadyOrder();
    expect(await addTo(orderId, { add: [] })).toMatchObject({ status: 400, body: { message: ADD_NOTHING } });
    expect(await addTo(orderId, { add: [{ skuId: `sku-${randomUUID()}` }] })).toMatchObject({ status: 400, body: { message: EDIT_PRODUCT_UNAVAILABLE } });
    expect((await addTo(orderId, { add: [{ skuId: guard }] }, { token: customer.token })).status).toBe(403);
    expect((await orderOf(orderId)).addedOrderIds ?? []).toEqual([]);
    expect(await stockOf(guard)).toBe(5);

    const added = await addTo(orderId, { add: [{ skuId: guard }] });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await addTo(added.body.orderId, { add: [{ skuId: guard }] })).toMatchObject({ status: 409, body: { message: ADD_TO_ADDED } });
    // It is not a job of its own: it moves only by its payment, or is canceled.
    expect(await move(added.body.orderId, "IN_QUEUE")).toMatchObject({ status: 409, body: { message: ADDED_MOVES_BY_PAYMENT } });
    // The paid order is not canceled with the balance open (it is paid and scheduled: an admin may cancel it).
    await setOrder(orderId, { status: "SCHEDULED" });
    const owing = addedBalanceRefusal([{ reference: added.body.reference, dueCents: 1200 }], "canceled");
    expect(await move(orderId, "CANCELED", staff.admin)).toMatchObject({ status: 409, body: { message: owing } });
    // The customer may not cancel it online (the paddle would go home with it unpaid): nothing changes.
    const before = await orderOf(added.body.orderId);
    expect(await move(added.body.orderId, "CANCELED", customer.token)).toMatchObject({ status: 409, body: { message: CANCEL_ADDED_BY_SHOP } });
    expect(await orderOf(added.body.orderId)).toEqual(before);
    // The customer changed their mind at the counter: the added order canceled by staff gives its stock back, and the paddle may leave.
    expect((await move(added.body.orderId, "CANCELED")).status).toBe(200);
    expect(await stockOf(guard)).toBe(5);
    await setOrder(orderId, { status: "READY" });
    expect((await move(orderId, "PICKED_UP")).status).toBe(200);
  });

  it("by the payment link to a confirmed number: the card payment makes it done, as the counter's does", async () => {
    const guard = await testSku(5);
    const { orderId } = await paidReadyOrder();
    const added = await addTo(orderId, { add: [{ skuId: guard }], payment: "link", phoneConfirmed: true });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.smsStatus.success, JSON.stringify(added.body.smsStatus)).toBe(true);
    expect((await textsOf(added.body.orderId)).map((text) => text.template)).toEqual(["paymentLink"]);
    expect(await payOrder(added.body.orderId)).toMatchObject({ paymentStatus: "paid", paymentMethod: "STRIPE", status: "PICKED_UP" });
    expect((await move(orderId, "PICKED_UP")).status).toBe(200);
  });

  it("a pickup racing an addition: either the addition is refused, or the pickup waits on its balance", async () => {
    const guard = await testSku(20);
    let made = 0;
    for (let round = 0; round < 4; round++) {
      const { orderId } = await paidReadyOrder();
      const [pickup, added] = await Promise.all([move(orderId, "PICKED_UP"), addTo(orderId, { add: [{ skuId: guard }] })]);
      const order = await orderOf(orderId);
      if (pickup.status === 200) {
        // Picked up first: the addition saw it (or lost its condition) and made nothing.
        expect(added.status, JSON.stringify(added.body)).toBe(409);
        expect(order.addedOrderIds ?? []).toEqual([]);
      } else {
        expect(pickup.status, JSON.stringify(pickup.body)).toBe(409);
        expect(added.status, JSON.stringify(added.body)).toBe(201);
        expect(order).toMatchObject({ status: "READY", addedOrderIds: [added.body.orderId] });
        made++;
      }
    }
    // Every unit taken is on an added order that stands: a refused addition took none.
    expect(await stockOf(guard)).toBe(20 - made);
  });
});
