/**
 * The customer's controls: Free from Bag (POST /api/paddles/{id}/free-from-bag), the pickup details'
 * bag QR slug on GET /api/orders/{id}, the grip preferences saved through PUT /api/auth/user, and the cancel rule
 * the order page shares with the server (shared/order-cancel.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Audit } from "../../packages/core/src/audit";
import { Bags } from "../../packages/core/src/bags";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { customerCancel } from "../../packages/core/src/shared/order-cancel";
import { book, bookingCustomer, demo, freeBag } from "./booking-support";
import { bookedOrder, orderOf, payOrder, staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

const free = (token: string, paddleId: string) => call("POST", `/api/paddles/${paddleId}/free-from-bag`, { token });
const paddleItem = async (userId: string, id: string) => (await db().entities.paddle.get({ userId, id }).go({ consistent: true })).data;
const holdOf = async (code: string) => (await db().entities.uniqueValue.get(uniqueKey("bagHold", code)).go({ consistent: true })).data;
const bagIdOf = async (code: string) => (await Bags.idOf(code))!;
const move = (orderId: string, token: string, status: string) => call("POST", `/api/orders/${orderId}/status`, { token, body: { status } });

/** A customer whose paddle is in a new bag through a booking made with the API (the order holds the bag). */
async function bookedInBag() {
  const customer = await bookingCustomer();
  await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 1 }).go();
  const code = await freeBag();
  const answer = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry, bagNumber: code });
  expect(answer.status).toBe(201);
  return { customer, code, orderId: answer.body.id as string };
}

describe("POST /api/paddles/{id}/free-from-bag", () => {
  it("refuses while an open order of the paddle holds the bag, and changes nothing", async () => {
    const { customer, code, orderId } = await bookedInBag();
    const bagId = await bagIdOf(code);
    expect((await paddleItem(customer.userId, customer.paddleId))?.bagId).toBe(bagId);
    const answer = await free(customer.token, customer.paddleId);
    expect(answer.status).toBe(409);
    // The order by its number (the bag is where the paddle is, not the order's name).
    const { number } = (await call("GET", `/api/orders/${orderId}`, { token: customer.token })).body;
    expect(number).toMatch(/^R-\d{4,}$/);
    expect(answer.body.message).toBe(`Bag ${code} still holds this paddle's open order ${number}. It is freed when the order is picked up or canceled.`);
    expect((await paddleItem(customer.userId, customer.paddleId))?.bagId).toBe(bagId);
    expect((await holdOf(code))?.ownerId).toBe(orderId);
  });

  it("frees a paddle whose bag no order holds: bagId cleared, audited, the card shows No Bag", async () => {
    const customer = await bookingCustomer();
    const code = await freeBag();
    const bagId = await bagIdOf(code);
    await db().entities.paddle.patch({ userId: customer.userId, id: customer.paddleId }).set({ bagId }).go();
    const answer = await free(customer.token, customer.paddleId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: customer.paddleId, bagId: null, bag: null });
    expect((await paddleItem(customer.userId, customer.paddleId))?.bagId).toBeUndefined();
    const [entry] = await Audit.forTarget("paddle", customer.paddleId, 1);
    expect(entry).toMatchObject({ action: "paddle.freed_from_bag", actorId: customer.userId, diff: { bagId, bagCode: code } });
    // Again: the paddle is in no bag now.
    expect(await free(customer.token, customer.paddleId)).toMatchObject({ status: 409, body: { message: "This paddle is not in a bag." } });
  });

  it("releases a stale hold of the customer's own closed order with the paddle", async () => {
    const { customer, code, orderId } = await bookedInBag();
    // An order closed before bags were freed with their orders: canceled, its hold and the paddle's bag left behind.
    await db().entities.serviceOrder.patch({ id: orderId }).set({ status: "CANCELED" }).go();
    const answer = await free(customer.token, customer.paddleId);
    expect(answer.status).toBe(200);
    expect(await holdOf(code)).toBeNull();
    expect((await paddleItem(customer.userId, customer.paddleId))?.bagId).toBeUndefined();
  });

  it("leaves another customer's open order's hold alone: the paddle simply leaves the bag", async () => {
    const other = await bookedInBag();
    const customer = await bookingCustomer();
    await db().entities.paddle.patch({ userId: customer.userId, id: customer.paddleId }).set({ bagId: await bagIdOf(other.code) }).go();
    const answer = await free(customer.token, customer.paddleId);
    expect(answer.status).toBe(200);
    expect((await holdOf(other.code))?.ownerId).toBe(other.orderId);
    expect((await paddleItem(other.customer.userId, other.customer.paddleId))?.bagId).toBe(await bagIdOf(other.code));
  });

  it("is a 404 for another customer's paddle, and their paddle stays in its bag", async () => {
    const { customer, code } = await bookedInBag();
    const stranger = await newCustomer();
    expect(await free(stranger.token, customer.paddleId)).toMatchObject({ status: 404, body: { message: "Paddle not found" } });
    expect(await free(stranger.token, randomUUID())).toMatchObject({ status: 404, body: { message: "Paddle not found" } });
    expect((await paddleItem(customer.userId, customer.paddleId))?.bagId).toBe(await bagIdOf(code));
  });
});

describe("GET /api/orders/{id}: the pickup details", () => {
  it("carries the bag's QR slug once the order is ready, to its owner only", async () => {
    const { customer, code, orderId } = await bookedInBag();
    const before = await call("GET", `/api/orders/${orderId}`, { token: customer.token });
    expect(before.status).toBe(200);
    expect(before.body.bagQrSlug).toBeUndefined();
    const { employee } = await staffTokens();
    for (const status of ["IN_QUEUE", "IN_SERVICE", "READY"]) expect((await move(orderId, employee, status)).status).toBe(200);
    const ready = await call("GET", `/api/orders/${orderId}`, { token: customer.token });
    const bag = (await db().entities.bag.get({ id: await bagIdOf(code) }).go()).data!;
    expect(ready.body).toMatchObject({ status: "READY", bag: { code3: code }, bagQrSlug: bag.qrSlug });
    // The list does not carry it.
    const list = await call("GET", "/api/orders", { token: customer.token });
    expect(list.body.orders.find((o: { id: string }) => o.id === orderId).bagQrSlug).toBeUndefined();
    const stranger = await newCustomer();
    expect((await call("GET", `/api/orders/${orderId}`, { token: stranger.token })).status).toBe(404);
  });
});

describe("PUT /api/auth/user: grip preferences", () => {
  it("saves, answers, clears and refuses bad preferences with the schema's message", async () => {
    const customer = await newCustomer();
    expect((await call("GET", "/api/auth/user", { token: customer.token })).body.defaultPrefs).toBeNull();
    const prefs = { service: "Premium Regrip", color: " Teal ", feel: "Tacky", location: "LITTLETON", extra: "dropped" };
    const saved = await call("PUT", "/api/auth/user", { token: customer.token, body: { defaultPrefs: prefs } });
    expect(saved.status).toBe(200);
    expect(saved.body.defaultPrefs).toEqual({ service: "Premium Regrip", color: "Teal", feel: "Tacky", location: "LITTLETON" });
    expect((await call("GET", "/api/auth/user", { token: customer.token })).body.defaultPrefs).toEqual(saved.body.defaultPrefs);
    const stored = (await db().entities.user.get({ userId: customer.sub }).go()).data!;
    expect(stored.defaultPrefs).toEqual(saved.body.defaultPrefs);

    for (const [body, message] of [
      [{ defaultPrefs: { location: "ONSITE" } }, "Please choose a drop-off location"],
      [{ defaultPrefs: { service: "Gold Plating" } }, "Service must be one of Strip and Grip, Basic Overgrip, Premium Regrip"],
      [{ defaultPrefs: { color: "x".repeat(41) } }, "Grip color must be at most 40 characters"],
      [{ defaultPrefs: "Premium" }, "Grip preferences must be an object"],
    ] as const) {
      expect(await call("PUT", "/api/auth/user", { token: customer.token, body })).toMatchObject({ status: 400, body: { message } });
    }
    expect((await db().entities.user.get({ userId: customer.sub }).go()).data!.defaultPrefs).toEqual(saved.body.defaultPrefs);

    const cleared = await call("PUT", "/api/auth/user", { token: customer.token, body: { defaultPrefs: null } });
    expect(cleared.body.defaultPrefs).toBeNull();
    expect((await db().entities.user.get({ userId: customer.sub }).go()).data!.defaultPrefs).toBeUndefined();
  });
});

describe("the cancel rule the order page shows", () => {
  it("agrees with the server: paid within 24 hours is refunded, after that refused with the same message", async () => {
    const recent = await bookedOrder({ createdAt: new Date(Date.now() - 60 * 60 * 1000) });
    await payOrder(recent.orderId);
    const decision = customerCancel(await orderOf(recent.orderId));
    expect(decision).toEqual({ allowed: true, refundCents: 5300 });
    const answer = await move(recent.orderId, recent.customer.token, "CANCELED");
    expect(answer.body).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: decision.allowed ? decision.refundCents : -1 });

    const old = await bookedOrder({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    await payOrder(old.orderId);
    const refused = customerCancel(await orderOf(old.orderId));
    expect(refused.allowed).toBe(false);
    const server = await move(old.orderId, old.customer.token, "CANCELED");
    expect(server).toMatchObject({ status: 409, body: { message: refused.allowed ? "" : refused.message } });
  });
});
