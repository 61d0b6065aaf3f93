/**
 * Packs of regrips through the route table against DynamoDB Local: the admin's packs, a customer's checkout and
 * the local payment page's signed event through the real webhook (credited once however often it comes, earning
 * points once), a booking of a covered service taking one credit in its transaction (20 at once on a one-credit
 * pack cover exactly one), a cancel giving it back, the bill showing it covered, and the counter's view.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { localPackSessionId, localProvider, packCheckoutCompleted, stripeEvent } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { billOf } from "../../packages/core/src/shared/bill";
import { PACK_COVERED_LINE_NOTE } from "../../packages/core/src/shared/covered";
import { PACK_CREDIT_JUST_USED } from "../../packages/core/src/shared/packs";
import { book, bookingCustomer, demo, freeBag, paddleOf } from "./booking-support";
import { ledgerHas, localPaymentServer, orderOf, postEvent, staffTokens } from "./payment-support";
import { call } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
});

type Customer = Awaited<ReturnType<typeof bookingCustomer>>;

const priceOf = async (skuId: string) => (await db().entities.sku.get({ id: skuId }).go()).data!.unitAmountCents;
const restock = (skuId: string, units: number) => db().entities.sku.patch({ id: skuId }).add({ stockQuantity: units }).go();
const sessionOf = (url: string) => decodeURIComponent(url.slice(url.indexOf("/local-pay/") + "/local-pay/".length));

async function newPack(body: Record<string, unknown> = {}) {
  const answer = await call("POST", "/api/admin/packs", {
    token: staff.admin,
    body: { name: `Pack ${Math.random().toString(36).slice(2, 8)}`, regrips: 3, priceCents: 3000, services: ["Basic Overgrip"], ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; name: string; regrips: number; priceCents: number };
}

async function creditsOf(userId: string) {
  const { data } = await db().entities.packCredit.query.byUser({ userId }).go({ consistent: true });
  return data;
}

/** Opens the pack's checkout as the customer: the pending pack and its local session. */
async function openCheckout(customer: Customer, packId: string) {
  const answer = await call("POST", `/api/packs/${packId}/checkout`, { token: customer.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const sessionId = sessionOf(answer.body.url);
  const pending = (await creditsOf(customer.userId)).find((credit) => credit.stripeCheckoutSessionId === sessionId)!;
  expect(pending).toMatchObject({ status: "pending" });
  expect(sessionId).toBe(localPackSessionId(customer.userId, pending.id));
  return { sessionId, pending, url: answer.body.url as string };
}

/** Buys the pack as the payment page's Pay does: its signed event posted to the webhook. */
async function buy(customer: Customer, packId: string) {
  const { sessionId, pending } = await openCheckout(customer, packId);
  const event = packCheckoutCompleted({ packCreditId: pending.id, userId: customer.userId, amountCents: pending.priceCents, currency: "usd" }, sessionId);
  expect((await postEvent(event)).body.result).toBe("applied");
  return { event, pending };
}

const mine = async (customer: Customer) => (await call("GET", "/api/packs/mine", { token: customer.token })).body;

describe("the admin's packs", () => {
  it("creates, lists and edits a pack; refuses bad input with 400 and customers with 403", async () => {
    const pack = await newPack({ name: "Ten regrips", regrips: 10, priceCents: 15000, services: ["Basic Overgrip", "Premium Regrip"], validDays: 365 });
    expect(pack).toMatchObject({ name: "Ten regrips", regrips: 10, priceCents: 15000, services: ["Basic Overgrip", "Premium Regrip"], validDays: 365, isActive: true });
    const listed = await call("GET", "/api/admin/packs", { token: staff.admin });
    expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(pack.id);
    expect((await call("GET", "/api/packs", {})).body.items.map((item: { id: string }) => item.id)).toContain(pack.id);

    const retired = await call("PATCH", `/api/admin/packs/${pack.id}`, { token: staff.admin, body: { isActive: false, validDays: null } });
    expect(retired.status, JSON.stringify(retired.body)).toBe(200);
    expect(retired.body).toMatchObject({ isActive: false, validDays: null });
    expect((await call("GET", "/api/packs", {})).body.items.map((item: { id: string }) => item.id)).not.toContain(pack.id);
    const customer = await bookingCustomer();
    expect(await call("POST", `/api/packs/${pack.id}/checkout`, { token: customer.token })).toMatchObject({ status: 404, body: { message: "This pack is no longer for sale" } });

    for (const body of [{}, { name: "X", regrips: 0, priceCents: 100, services: ["Basic Overgrip"] }, { name: "X", regrips: 1, priceCents: 100, services: ["Paddle Refresh"] }, { name: "X", regrips: 1, priceCents: 1.5, services: ["Basic Overgrip"] }]) {
      const answer = await call("POST", "/api/admin/packs", { token: staff.admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    expect((await call("POST", "/api/admin/packs", { token: customer.token, body: { name: "X", regrips: 1, priceCents: 100, services: ["Basic Overgrip"] } })).status).toBe(403);
    expect((await call("POST", "/api/packs/no-such-pack/checkout", { token: customer.token })).status).toBe(404);
  });
});

describe("buying a pack", () => {
  it("credits the pack once however often the webhook repeats, and earns points once", async () => {
    const customer = await bookingCustomer();
    const pack = await newPack({ regrips: 10, priceCents: 12000, validDays: 30 });
    expect(await mine(customer)).toEqual({ items: [], left: 0 });
    const { event, pending } = await buy(customer, pack.id);
    // The same event again, and two at once: nothing more.
    const repeats = await Promise.all([postEvent(event), postEvent(event)]);
    for (const repeat of repeats) expect(repeat).toMatchObject({ status: 200, body: { result: "duplicate" } });
    expect(await ledgerHas(event.id)).toBe(true);
    const credits = await creditsOf(customer.userId);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ id: pending.id, status: "paid", used: 0 });
    expect(credits[0]!.expiresAt! > new Date(Date.now() + 29 * 86_400_000).toISOString()).toBe(true);
    expect(await mine(customer)).toMatchObject({ left: 10, items: [{ id: pending.id, name: pack.name, regrips: 10, used: 0, left: 10 }] });
    const points = await call("GET", "/api/loyalty", { token: customer.token });
    expect(points.body.balance).toBe(120);
    // The receipt went once (the outbox of texts and emails is the communications log).
    const { data: log } = await db().entities.communication.query.byUser({ userId: customer.userId }).go();
    expect(log.filter((entry) => entry.template === "packReceipt" && entry.channel === "sms")).toHaveLength(1);
  });

  it("a payment of another amount is audited, not credited", async () => {
    const customer = await bookingCustomer();
    const pack = await newPack();
    const { sessionId, pending } = await openCheckout(customer, pack.id);
    const event = packCheckoutCompleted({ packCreditId: pending.id, userId: customer.userId, amountCents: 1, currency: "usd" }, sessionId);
    expect((await postEvent(event)).body.result).toBe("unchanged");
    expect((await creditsOf(customer.userId))[0]).toMatchObject({ status: "pending" });
    expect(await mine(customer)).toEqual({ items: [], left: 0 });
  });

  it("the local payment page shows the pending pack's amount and Pay credits it", async () => {
    const customer = await bookingCustomer();
    const pack = await newPack({ priceCents: 4567 });
    const { sessionId } = await openCheckout(customer, pack.id);
    const page = await fetch(`${server.origin()}/local-pay/${sessionId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("$45.67");
    const paid = await fetch(`${server.origin()}/local-pay/${sessionId}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toContain("/shop-tools?tab=packs&pack=paid");
    expect(await mine(customer)).toMatchObject({ left: 3 });
  });
  const server = localPaymentServer();
});

describe("a pack's credit on a booking", () => {
  it("covers a booking of a covered service, shows covered on the bill, and a cancel gives it back", async () => {
    const customer = await bookingCustomer();
    const pack = await newPack({ regrips: 2 });
    await buy(customer, pack.id);
    // A service the pack does not cover is charged.
    const other = await book(customer.token, customer.paddleId, { service: demo.stripBlackTacky });
    expect(other).toMatchObject({ status: 201, body: { requiresPayment: true } });
    expect((await orderOf(other.body.id)).packCreditId).toBeUndefined();
    await call("POST", `/api/orders/${other.body.id}/status`, { token: customer.token, body: { status: "CANCELED" } });

    const core = await priceOf(demo.basicBlackDry);
    const covered = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect(covered).toMatchObject({ status: 201, body: { requiresPayment: false } });
    const order = await orderOf(covered.body.id);
    expect(order).toMatchObject({ paymentMethod: "PACK", paymentStatus: "comp", coveredCents: core, totalCents: 0, status: "SCHEDULED" });
    expect(order.lineItems[0]).toMatchObject({ priceCents: 0, description: PACK_COVERED_LINE_NOTE });
    const bill = billOf(order);
    expect(bill.lines[0]).toMatchObject({ covered: true, unitCents: core });
    expect(bill).toMatchObject({ coverageCents: core, totalCents: 0, balanceCents: 0 });
    expect(await mine(customer)).toMatchObject({ left: 1 });
    // Staff at the counter see the balance.
    expect((await call("GET", `/api/customers/${customer.userId}/packs`, { token: staff.employee })).body).toMatchObject({ left: 1, items: [{ name: pack.name, used: 1 }] });
    expect((await call("GET", `/api/customers/${customer.userId}/packs`, { token: customer.token })).status).toBe(403);

    const canceled = await call("POST", `/api/orders/${covered.body.id}/status`, { token: customer.token, body: { status: "CANCELED" } });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await mine(customer)).toMatchObject({ left: 2 });
    expect((await orderOf(covered.body.id)).allowanceReturnedAt).toBeDefined();
  });

  it("records a refund made in Stripe once: part of it leaves the credits, the rest voids what is left; covered regrips stay covered", async () => {
    const customer = await bookingCustomer();
    const pack = await newPack({ regrips: 3, priceCents: 3000 });
    const { pending } = await buy(customer, pack.id);
    const covered = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect(covered).toMatchObject({ status: 201, body: { requiresPayment: false } });
    const [paid] = await creditsOf(customer.userId);
    expect(paid!.stripePaymentIntentId).toBeTruthy();
    // Stripe's charge names no order: the provider says whose pack its payment intent paid for.
    usePaymentProvider({
      ...localProvider(),
      packOfPaymentIntent: async (id: string) => (id === paid!.stripePaymentIntentId ? { userId: customer.userId, packCreditId: pending.id } : undefined),
    });
    try {
      const refund = (cents: number) =>
        stripeEvent("charge.refunded", { id: `ch_${pending.id}`, object: "charge", amount: 3000, amount_refunded: cents, refunded: cents >= 3000, currency: "usd", payment_intent: paid!.stripePaymentIntentId, metadata: {} });
      const packIncome = async () => (await call("GET", "/api/admin/analytics", { token: staff.admin })).body.month.packPaidCents as number;
      const before = await packIncome();
      const part = refund(1000);
      expect((await postEvent(part)).body.result).toBe("applied");
      // The same event again: the pack already records that much, nothing changes.
      expect((await postEvent(part)).body.result).toBe("unchanged");
      expect((await creditsOf(customer.userId))[0]).toMatchObject({ status: "paid", refundedCents: 1000, used: 1 });
      expect(await mine(customer)).toMatchObject({ left: 2 });
      // Nothing more given back (a second event of the same amount): nothing changes.
      expect((await postEvent(refund(1000))).body.result).toBe("unchanged");

      expect((await postEvent(refund(3000))).body.result).toBe("applied");
      expect((await creditsOf(customer.userId))[0]).toMatchObject({ status: "refunded", refundedCents: 3000, used: 1 });
      // The pack income on the dashboard is less what was given back, once each (the repeat counted nothing).
      expect(await packIncome()).toBe(before - 3000);
      expect(await mine(customer)).toMatchObject({ left: 0 });
      // The regrip it covered stays covered; a new booking is charged.
      expect(await orderOf(covered.body.id)).toMatchObject({ paymentMethod: "PACK", totalCents: 0 });
      const second = await call("POST", "/api/paddles", { token: customer.token, body: { brand: "Joola", model: "Perseus", nickname: "Spare" } });
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      expect(await book(customer.token, second.body.id, { service: demo.basicBlackDry })).toMatchObject({ status: 201, body: { requiresPayment: true } });
      const { data: audit } = await db().entities.auditLog.query.byTarget({ targetType: "pack", targetId: pending.id }).go();
      expect(audit.filter((entry) => entry.action === "pack.refunded").map((entry) => entry.diff)).toEqual(
        expect.arrayContaining([expect.objectContaining({ amountCents: 1000, inFull: false }), expect.objectContaining({ amountCents: 2000, inFull: true, creditsLeftVoid: 2 })]),
      );
    } finally {
      usePaymentProvider(localProvider());
    }
  });

  it("covers one unit of a storefront invoice's covered core service at the counter", async () => {
    const customer = await bookingCustomer();
    const pack = await newPack({ regrips: 2 });
    await buy(customer, pack.id);
    const core = await priceOf(demo.basicBlackDry);
    const answer = await call("POST", "/api/storefront/invoice", {
      token: staff.employee,
      body: { customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: demo.basicBlackDry, quantity: 2 }] },
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const order = await orderOf(answer.body.orderId);
    expect(order.lineItems).toMatchObject([
      { skuId: demo.basicBlackDry, priceCents: 0, quantity: 1, description: PACK_COVERED_LINE_NOTE },
      { skuId: demo.basicBlackDry, priceCents: core, quantity: 1 },
    ]);
    expect(order).toMatchObject({ packCreditId: expect.any(String), coveredCents: core });
    expect(billOf(order).coveredBy).toBe("pack");
    expect(await mine(customer)).toMatchObject({ left: 1 });
  });

  it("takes the credit from the pack that expires first", async () => {
    const customer = await bookingCustomer();
    const forever = await buy(customer, (await newPack()).id);
    const soon = await buy(customer, (await newPack({ validDays: 30 })).id);
    const booked = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await orderOf(booked.body.id)).packCreditId).toBe(soon.pending.id);
    expect((await creditsOf(customer.userId)).find((credit) => credit.id === forever.pending.id)).toMatchObject({ used: 0 });
  });

  it("an expired pack covers nothing", async () => {
    const customer = await bookingCustomer();
    const pack = await newPack({ validDays: 1 });
    const { pending } = await buy(customer, pack.id);
    await db().entities.packCredit.patch({ userId: customer.userId, id: pending.id }).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).go();
    expect(await mine(customer)).toMatchObject({ left: 0 });
    expect(await book(customer.token, customer.paddleId, { service: demo.basicBlackDry })).toMatchObject({ status: 201, body: { requiresPayment: true } });
  });

  it("20 concurrent bookings on a one-credit pack cover exactly one", async () => {
    const customer = await bookingCustomer();
    const pack = await newPack({ regrips: 1 });
    await buy(customer, pack.id);
    await restock(demo.basicBlackDry, 20);
    // Twenty paddles, so nothing but the credit is raced for.
    const paddles = await Promise.all(Array.from({ length: 20 }, (_, i) => paddleOf(customer.userId, { nickname: `Paddle ${i}` })));
    const bags = await Promise.all(paddles.map(() => freeBag()));
    const answers = await Promise.all(paddles.map((paddleId, i) => book(customer.token, paddleId, { service: demo.basicBlackDry, bagNumber: bags[i] })));
    for (const answer of answers) {
      // Each is made (covered, or charged in full when it read the credit gone) or refused with the shared words.
      if (answer.status !== 201) expect(answer.body.message, JSON.stringify(answer.body)).toBe(PACK_CREDIT_JUST_USED);
    }
    const made = await Promise.all(answers.filter((answer) => answer.status === 201).map((answer) => orderOf(answer.body.id)));
    expect(made.filter((order) => order.packCreditId !== undefined)).toHaveLength(1);
    expect(made.filter((order) => order.packCreditId === undefined).every((order) => order.totalCents > 0)).toBe(true);
    expect((await creditsOf(customer.userId))[0]).toMatchObject({ used: 1 });
    expect(await mine(customer)).toMatchObject({ left: 0 });
  });
});

// The event kind is told apart by metadata: an order's event never lands on a pack and the reverse.
describe("the webhook tells a pack's payment apart", () => {
  it("ignores a pack event naming no pending pack", async () => {
    const event = stripeEvent("checkout.session.completed", {
      id: "cs_local_pack_x_y",
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: 100,
      currency: "usd",
      metadata: { kind: "pack", userId: "nobody", packCreditId: "none" },
    });
    expect((await postEvent(event)).body.result).toBe("ignored");
  });
});
