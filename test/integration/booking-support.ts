/**
 * Helpers for tests that book services: a customer who may book (a user item
 * with a verified phone), a paddle of theirs, and a booking body.
 */
import { randomInt, randomUUID } from "node:crypto";
import { Bags } from "../../packages/core/src/bags";
import { db } from "../../packages/core/src/db";
import { call, newCustomer } from "./support";

/** Marks the signed-in user's phone verified (the user item is made by GET /api/auth/user first). */
export async function verifyPhoneOf(token: string): Promise<string> {
  const me = await call("GET", "/api/auth/user", { token });
  if (me.status !== 200) throw new Error(`GET /api/auth/user: ${me.status} ${JSON.stringify(me.body)}`);
  const userId = me.body.id as string;
  // Random rather than counted: a counter restarts in every test file, and a number one file opted out (STOP) must not
  // be handed to a customer of another file whose texts are expected to go out.
  const phone = `+1720${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
  await db().entities.user.patch({ userId }).set({ phone, phoneVerified: true, firstName: "Pat", lastName: "Player" }).go();
  return userId;
}

export async function paddleOf(userId: string, fields: { nickname?: string; brand?: string; model?: string } = {}): Promise<string> {
  const id = randomUUID();
  await db()
    .entities.paddle.create({ userId, id, brand: fields.brand ?? "Joola", model: fields.model ?? "Perseus", nickname: fields.nickname ?? "Big Blue" })
    .go();
  return id;
}

/** A new customer with a verified phone and one paddle. */
export async function bookingCustomer() {
  const customer = await newCustomer();
  const userId = await verifyPhoneOf(customer.token);
  const paddleId = await paddleOf(userId);
  return { ...customer, userId, paddleId };
}

/** The seeded demo catalogue's ids (infra/starter-catalogue.ts, with infra/local/demo-shop.ts's stock). */
export const demo = {
  stripBlackTacky: "sku-strip-and-grip-black-tacky",
  stripRedDry: "sku-strip-and-grip-red-dry",
  premiumTealTacky: "sku-premium-regrip-teal-tacky",
  basicBlackDry: "sku-basic-overgrip-black-dry",
  extraOvergrip: "sku-extra-overgrip",
  weight: "sku-performance-weight",
  guardBlack: "sku-premium-edge-guard-black",
  guardTeal: "sku-premium-edge-guard-teal",
  guardPink: "sku-premium-edge-guard-pink",
  edgeTape: "sku-edge-tape",
  buildUp: "sku-handle-build-up",
  refresh: "sku-paddle-refresh",
} as const;

/**
 * A new bag no order holds, made as an admin makes them (bags module): its code, for a booking's bag number.
 * Each open order holds its bag, so each booking a test expects to succeed needs a bag of its own.
 */
export async function freeBag(): Promise<string> {
  return (await newBag()).code3;
}

/** The same, with the bag's id. */
export async function newBag(): Promise<{ id: string; code3: string }> {
  const [bag] = await Bags.create({ type: "system", name: "test" }, { count: 1 });
  return bag!;
}

/** A 3-digit code no bag has. */
export async function absentBagCode(): Promise<string> {
  for (;;) {
    const code = String(Math.floor(Math.random() * 1000)).padStart(3, "0");
    const { data } = await db().entities.bag.query.byCode({ code3: code }).go({ limit: 1 });
    if (data.length === 0) return code;
  }
}

/** A booking body; `bagNumber` "901" (no such bag: 400) unless given. `book` gives each booking a free bag. */
export function bookingBody(paddleId: string, overrides: Record<string, unknown> = {}) {
  return {
    paddleId,
    bagNumber: "901",
    dropoffLocation: "LITTLETON",
    service: demo.stripBlackTacky,
    ...overrides,
  };
}

/** POST /api/book-service for a customer who may book. */
export async function book(token: string, paddleId: string, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const bag = "bagNumber" in overrides ? {} : { bagNumber: await freeBag() };
  return call("POST", "/api/book-service", { token, body: bookingBody(paddleId, { ...bag, ...overrides }), headers });
}

/**
 * An order of the customer holding `token`, booked through the API: their
 * phone is marked verified and a paddle made first. The unit it takes is put
 * back beforehand, so however often a test calls this the demo stock holds.
 */
export async function ownOrder(token: string): Promise<string> {
  const userId = await verifyPhoneOf(token);
  await db().entities.sku.patch({ id: demo.basicBlackDry }).add({ stockQuantity: 1 }).go();
  const answer = await book(token, await paddleOf(userId), { service: demo.basicBlackDry });
  if (answer.status !== 201) throw new Error(`booking an order for a test: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id as string;
}

/**
 * Takes order `orderId` through the shop to picked up as staff do (queue, service, ready, its balance paid at the
 * counter, pickup), so its paddle may be booked again (one open order per paddle).
 */
export async function pickedUp(orderId: string, staffToken: string): Promise<void> {
  for (const status of ["IN_QUEUE", "IN_SERVICE", "READY", "PICKED_UP"]) {
    if (status === "PICKED_UP") {
      const { totalCents, paymentStatus } = (await call("GET", `/api/orders/${orderId}`, { token: staffToken })).body;
      if (paymentStatus === "unpaid" && totalCents > 0) {
        const paid = await call("POST", `/api/orders/${orderId}/payments`, { token: staffToken, body: { method: "POS_CASH", amountCents: totalCents } });
        if (paid.status !== 200) throw new Error(`paying order ${orderId} at the counter: ${paid.status} ${JSON.stringify(paid.body)}`);
      }
    }
    const moved = await call("POST", `/api/orders/${orderId}/status`, { token: staffToken, body: { status } });
    if (moved.status !== 200) throw new Error(`moving order ${orderId} to ${status}: ${moved.status} ${JSON.stringify(moved.body)}`);
  }
}
