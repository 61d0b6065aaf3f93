/**
 * Editing an order's lines (PATCH /api/orders/{id}/lines) through the route table: a build-up added at drop-off is
 * priced by the server, takes its stock in the edit's transaction, is audited and the customer told the new bill;
 * a removed line gives its stock back; a paid or in-service order is refused; stock follows edits exactly when many
 * land at once (the last units go to exactly as many edits), and two edits of one order at once both land.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { pendingCheckout } from "../../packages/core/src/memberships";
import { localProvider, subscriptionCheckoutEvents } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { COVERED_LINE_NOTE } from "../../packages/core/src/shared/membership";
import { billOf } from "../../packages/core/src/shared/bill";
import { EDIT_CHANGED, EDIT_COVERED_LINE, EDIT_IN_SERVICE, EDIT_PAID, EDIT_PRODUCT_UNAVAILABLE, EDIT_UNKNOWN_LINE } from "../../packages/core/src/shared/order-edit";
import { auditOf, bookedOrder, orderOf, postEvent, staffTokens, textsOf } from "./payment-support";
import { book, bookingCustomer, demo } from "./booking-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

/** Products made for this file (no other test's orders move their stock), deleted afterwards. */
const madeSkus: string[] = [];
async function testSku(fields: { name: string; stockQuantity: number; unitAmountCents?: number; taxable?: boolean; isVisible?: boolean }) {
  const id = `sku-edit-${randomUUID()}`;
  await db()
    .entities.sku.create({
      id,
      code: `EDIT-${id.slice(-12).toUpperCase()}`,
      name: fields.name,
      category: "OTHER",
      type: "ADD_ON",
      unitAmountCents: fields.unitAmountCents ?? 1200,
      stockQuantity: fields.stockQuantity,
      taxable: fields.taxable ?? false,
      isVisible: fields.isVisible ?? true,
      displayOrder: 9999,
    })
    .go();
  madeSkus.push(id);
  return id;
}

async function stockOf(id: string): Promise<number> {
  const { data } = await db().entities.sku.get({ id }).go({ consistent: true });
  return data!.stockQuantity;
}

const editLines = (orderId: string, token: string, body: unknown) => call("PATCH", `/api/orders/${orderId}/lines`, { token, body });
const move = (orderId: string, token: string, status: string) => call("POST", `/api/orders/${orderId}/status`, { token, body: { status } });

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

afterAll(async () => {
  for (const id of madeSkus) await db().entities.sku.delete({ id }).go();
});

describe("staff edit an unpaid order's lines", () => {
  it("adds a build-up at drop-off priced by the server, takes its stock, audits it, tells the customer; a remove gives it back", async () => {
    const buildUp = await testSku({ name: "Extra Build-Up", stockQuantity: 5, unitAmountCents: 1200 });
    const { orderId, order } = await bookedOrder();
    // The preview prices it as the edit would, and writes nothing.
    const preview = await editLines(orderId, staff.employee, { add: [{ skuId: buildUp, quantity: 2 }], preview: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ subtotalCents: 7700, totalCents: 7700, bill: { totalCents: 7700 } });
    expect(await stockOf(buildUp)).toBe(5);
    expect(await orderOf(orderId)).toMatchObject({ updatedAt: order.updatedAt, totalCents: 5300 });
    expect(await textsOf(orderId)).toEqual([]);
    // Any price or total the client sends is not read.
    const added = await editLines(orderId, staff.employee, { add: [{ skuId: buildUp, quantity: 2, priceCents: 1 }], version: order.updatedAt, totalCents: 5 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.lineItems.map((line: { name: string; price: number; quantity: number }) => [line.name, line.price, line.quantity])).toEqual([
      ["Strip and Grip", 4500, 1],
      ["Handle Build-Up", 800, 1],
      ["Extra Build-Up", 1200, 2],
    ]);
    expect(added.body).toMatchObject({ subtotalCents: 7700, totalCents: 7700, paymentStatus: "unpaid", status: "INVOICED" });
    expect(added.body.bill).toMatchObject({ totalCents: 7700, balanceCents: 7700 });

    const stored = await orderOf(orderId);
    expect(stored.stockTaken).toEqual([{ skuId: buildUp, quantity: 2 }]);
    expect(billOf(stored).totalCents).toBe(stored.totalCents);
    expect(await stockOf(buildUp)).toBe(3);
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.lines_changed",
      actorName: "Sam",
      diff: { changes: "added 2 x Extra Build-Up", totalCents: { from: 5300, to: 7700 }, stockTaken: [{ skuId: buildUp, quantity: 2 }] },
    });
    const notices = (await textsOf(orderId)).filter((entry) => entry.template === "orderLinesChanged");
    expect(notices.map((entry) => entry.channel).sort()).toEqual(["email", "sms"]);
    expect(notices.find((entry) => entry.channel === "sms")!.message).toContain(
      `we've updated order R-${order.number} for "Big Blue" (bag 901): added 2 x Extra Build-Up. Strip and Grip $45.00, Handle Build-Up $8.00, 2 x Extra Build-Up $24.00, Total $77.00, Balance due $77.00.`,
    );

    // The editor's page was read before this edit: refused, nothing changed.
    const stale = await editLines(orderId, staff.employee, { remove: ["line-2"], version: order.updatedAt });
    expect(stale).toMatchObject({ status: 409, body: { message: EDIT_CHANGED } });
    expect((await orderOf(orderId)).lineItems).toHaveLength(3);

    const newLine = added.body.lineItems[2].id as string;
    const removed = await editLines(orderId, staff.admin, { remove: [newLine], version: added.body.updatedAt });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ subtotalCents: 5300, totalCents: 5300 });
    // The first lines keep the names they had (their places), now stored.
    expect(removed.body.lineItems.map((line: { id: string }) => line.id)).toEqual(["line-1", "line-2"]);
    expect(await stockOf(buildUp)).toBe(5);
    expect((await orderOf(orderId)).stockTaken).toEqual([]);
    expect((await auditOf(orderId)).at(-1)).toMatchObject({ action: "order.lines_changed", diff: { changes: "removed 2 x Extra Build-Up", stockReturned: [{ skuId: buildUp, quantity: 2 }] } });
  });

  it("refuses bad input with 4xx and changes nothing: an unknown line, a hidden product, a bad quantity, nothing to do, a customer", async () => {
    const hidden = await testSku({ name: "Hidden Thing", stockQuantity: 5, isVisible: false });
    const { orderId, order } = await bookedOrder();
    expect(await editLines(orderId, staff.employee, { remove: ["line-7"] })).toMatchObject({ status: 400, body: { message: EDIT_UNKNOWN_LINE } });
    expect(await editLines(orderId, staff.employee, { add: [{ skuId: hidden }] })).toMatchObject({ status: 400, body: { message: EDIT_PRODUCT_UNAVAILABLE } });
    expect(await editLines(orderId, staff.employee, { add: [{ skuId: "sku-no-such-thing" }] })).toMatchObject({ status: 400, body: { message: EDIT_PRODUCT_UNAVAILABLE } });
    expect((await editLines(orderId, staff.employee, { add: [{ skuId: hidden, quantity: 0 }] })).status).toBe(400);
    expect((await editLines(orderId, staff.employee, {})).status).toBe(400);
    expect((await editLines(orderId, staff.employee, "nonsense")).status).toBe(400);
    expect((await editLines(randomUUID(), staff.employee, { remove: ["line-1"] })).status).toBe(404);
    const customer = await bookingCustomer();
    expect((await editLines(orderId, customer.token, { remove: ["line-2"] })).status).toBe(403);
    expect(await stockOf(hidden)).toBe(5);
    expect(await orderOf(orderId)).toMatchObject({ updatedAt: order.updatedAt, totalCents: 5300 });
  });

  it("refuses to edit a paid order, and an order whose service started", async () => {
    const extra = await testSku({ name: "Edge Tape Extra", stockQuantity: 5 });
    const paid = await bookedOrder();
    const taken = await call("POST", `/api/orders/${paid.orderId}/payments`, { token: staff.employee, body: { method: "POS_CASH", amountCents: 5300 } });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await editLines(paid.orderId, staff.admin, { add: [{ skuId: extra }] })).toMatchObject({ status: 409, body: { message: EDIT_PAID } });

    const working = await bookedOrder();
    for (const status of ["IN_QUEUE", "IN_SERVICE"]) expect((await move(working.orderId, staff.employee, status)).status).toBe(200);
    expect(await editLines(working.orderId, staff.employee, { add: [{ skuId: extra }] })).toMatchObject({ status: 409, body: { message: EDIT_IN_SERVICE } });
    expect(await editLines(working.orderId, staff.employee, { remove: ["line-2"] })).toMatchObject({ status: 409, body: { message: EDIT_IN_SERVICE } });

    // In the queue, before service, it may still change.
    const queued = await bookedOrder();
    expect((await move(queued.orderId, staff.employee, "IN_QUEUE")).status).toBe(200);
    expect((await editLines(queued.orderId, staff.employee, { add: [{ skuId: extra }] })).status).toBe(200);
    expect(await stockOf(extra)).toBe(4);
    expect((await orderOf(paid.orderId)).lineItems).toHaveLength(2);
  });
});

describe("stock follows edits exactly under concurrent edits", () => {
  it("gives the last 3 units to exactly 3 of 10 edits landing at once; the others hear what is left", async () => {
    const last = await testSku({ name: "Last Grip", stockQuantity: 3 });
    const orders = await Promise.all(Array.from({ length: 10 }, () => bookedOrder()));
    const answers = await Promise.all(orders.map(({ orderId }) => editLines(orderId, staff.employee, { add: [{ skuId: last }] })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toMatch(/Last Grip/);
    expect(await stockOf(last)).toBe(0);
    const held = (await Promise.all(orders.map(({ orderId }) => orderOf(orderId)))).flatMap((order) => order.stockTaken ?? []);
    expect(held).toEqual([{ skuId: last, quantity: 1 }, { skuId: last, quantity: 1 }, { skuId: last, quantity: 1 }]);
  });

  it("adds a line once on a double click of Save: the second request, sent with the same version, is refused", async () => {
    const tape = await testSku({ name: "Double Tape", stockQuantity: 10, unitAmountCents: 500 });
    const { orderId, order } = await bookedOrder();
    const body = { add: [{ skuId: tape }], version: order.updatedAt };
    const answers = await Promise.all([editLines(orderId, staff.employee, body), editLines(orderId, staff.employee, body)]);
    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: EDIT_CHANGED });
    const stored = await orderOf(orderId);
    expect(stored.lineItems.map((line) => line.name)).toEqual(["Strip and Grip", "Handle Build-Up", "Double Tape"]);
    expect(await stockOf(tape)).toBe(9);
    expect((await textsOf(orderId)).filter((entry) => entry.template === "orderLinesChanged" && entry.channel === "sms")).toHaveLength(1);
  });

  it("lands two staff members' edits of one order at once, each priced on the other's, with the stock of both", async () => {
    const tape = await testSku({ name: "Busy Tape", stockQuantity: 10, unitAmountCents: 500 });
    const guard = await testSku({ name: "Busy Guard", stockQuantity: 10, unitAmountCents: 900 });
    const { orderId } = await bookedOrder();
    const answers = await Promise.all([
      editLines(orderId, staff.employee, { add: [{ skuId: tape, quantity: 2 }] }),
      editLines(orderId, staff.admin, { add: [{ skuId: guard }] }),
      editLines(orderId, staff.employee, { remove: ["line-2"] }),
    ]);
    expect(answers.map((answer) => answer.status), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200, 200]);
    const stored = await orderOf(orderId);
    expect(stored.lineItems.map((line) => line.name).sort()).toEqual(["Busy Guard", "Busy Tape", "Strip and Grip"]);
    expect(stored).toMatchObject({ subtotalCents: 4500 + 1000 + 900, totalCents: 6400 });
    expect([await stockOf(tape), await stockOf(guard)]).toEqual([8, 9]);
    expect(stored.stockTaken?.slice().sort((a, b) => a.skuId.localeCompare(b.skuId))).toEqual(
      [{ skuId: tape, quantity: 2 }, { skuId: guard, quantity: 1 }].sort((a, b) => a.skuId.localeCompare(b.skuId)),
    );
    expect((await auditOf(orderId)).filter((entry) => entry.action === "order.lines_changed")).toHaveLength(3);
  });
});

describe("a member's covered booking edited at drop-off", () => {
  it("keeps the covered regrip covered, charges the build-up as a balance to pay at the counter, and is paid by the membership again when it is removed", async () => {
    const customer = await bookingCustomer();
    // Subscribed as the local payment page's Pay does: the pending checkout's events, posted to the webhook.
    const started = await call("POST", "/api/subscriptions/checkout", { token: customer.token, body: { plan: "SINGLE_MONTHLY", paddleIds: [customer.paddleId] } });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const url = started.body.url as string;
    const pending = await pendingCheckout(decodeURIComponent(url.slice(url.indexOf("/local-pay/") + "/local-pay/".length)));
    for (const event of subscriptionCheckoutEvents(pending!, new Date()).events) expect((await postEvent(event)).status).toBe(200);
    await db().entities.sku.patch({ id: demo.stripBlackTacky }).add({ stockQuantity: 1 }).go();
    const booked = await book(customer.token, customer.paddleId, { service: demo.stripBlackTacky });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const orderId = booked.body.id as string;
    const covered = await orderOf(orderId);
    expect(covered).toMatchObject({ status: "SCHEDULED", paymentStatus: "comp", paymentMethod: "SUBSCRIPTION", totalCents: 0 });
    expect(covered.lineItems[0]).toMatchObject({ description: COVERED_LINE_NOTE, priceCents: 0 });

    const buildUp = await testSku({ name: "Member Build-Up", stockQuantity: 4, unitAmountCents: 800 });
    expect(await editLines(orderId, staff.employee, { remove: ["line-1"] })).toMatchObject({ status: 409, body: { message: EDIT_COVERED_LINE } });
    const added = await editLines(orderId, staff.employee, { add: [{ skuId: buildUp }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ status: "SCHEDULED", paymentStatus: "unpaid", paymentMethod: "STRIPE", totalCents: 800, coveredCents: covered.coveredCents });
    expect(added.body.bill).toMatchObject({ totalCents: 800, balanceCents: 800 });
    expect(added.body.lineItems[0]).toMatchObject({ description: COVERED_LINE_NOTE, price: 0 });

    // Taken off again before paying: nothing to pay, paid by the membership once more.
    const back = await editLines(orderId, staff.employee, { remove: [added.body.lineItems[1].id] });
    expect(back.body).toMatchObject({ paymentStatus: "comp", paymentMethod: "SUBSCRIPTION", totalCents: 0 });
    expect(await stockOf(buildUp)).toBe(4);

    // Added for good, and the balance taken at the counter: then the lines no longer change.
    const again = await editLines(orderId, staff.employee, { add: [{ skuId: buildUp }] });
    expect(again.body).toMatchObject({ paymentStatus: "unpaid", totalCents: 800 });
    const paid = await call("POST", `/api/orders/${orderId}/payments`, { token: staff.employee, body: { method: "POS_CASH", amountCents: 800 } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ paymentStatus: "paid", bill: { balanceCents: 0 } });
    expect(await editLines(orderId, staff.employee, { add: [{ skuId: buildUp }] })).toMatchObject({ status: 409, body: { message: EDIT_PAID } });
    expect(await stockOf(buildUp)).toBe(3);
  });
});
