/**
 * POST /api/book-service through the route table against DynamoDB Local:
 * prices from the catalogue, every refusal's message, stock taken in the
 * order's transaction (the last unit sold once), Idempotency-Key repeats,
 * the phone-verification gate.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { hoursOn, instantOf, nextBusinessDay, nextOpening, pickupDateFor, todayOf } from "../../packages/core/src/shared/calendar";
import { shopLocation } from "../../packages/core/src/shared/locations";
import { absentBagCode, book, bookingBody, bookingCustomer, demo, freeBag, newBag, paddleOf } from "./booking-support";
import { call, newCustomer, seed, signIn } from "./support";

type Customer = Awaited<ReturnType<typeof bookingCustomer>>;

let casey: { token: string };

async function stockOf(id: string): Promise<number> {
  const { data } = await db().entities.sku.get({ id }).go({ consistent: true });
  if (!data) throw new Error(`no sku ${id}`);
  return data.stockQuantity;
}

async function orderItem(id: string) {
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  return data;
}

async function ordersOf(userId: string) {
  return (await db().entities.serviceOrder.query.byUser({ userId }).go({ pages: "all" })).data;
}

/** Skus made for one test (a core-service variant with little stock), deleted afterwards so the catalogue stays the demo's. */
const madeSkus: string[] = [];
async function testSku(stockQuantity: number, overrides: Record<string, unknown> = {}): Promise<{ id: string; name: string; variant: string }> {
  const id = `sku-test-${randomUUID()}`;
  const name = "Strip and Grip";
  await db()
    .entities.sku.create({
      id,
      code: `TEST-${id.slice(-12).toUpperCase()}`,
      name,
      category: "BASE_GRIP",
      type: "ONE_TIME",
      color: `Test ${id.slice(-6)}`,
      feel: "Tacky",
      unitAmountCents: 4500,
      stockQuantity,
      displayOrder: 9999,
      ...overrides,
    })
    .go();
  madeSkus.push(id);
  return { id, name, variant: `${name} (Test ${id.slice(-6)}, Tacky)` };
}

async function testPromotion(fields: { percentage?: number; amountCents?: number; isActive?: boolean }): Promise<string> {
  const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
  // As every promotion is made (seed, admin): with its code's reservation, which is how a code is looked up.
  const id = randomUUID();
  await db()
    .transaction.write(({ promotion, uniqueValue }) => [
      promotion.create({ id, code, percentage: 0, amountCents: 0, ...fields }).commit(),
      uniqueValue.create({ ...uniqueKey("promoCode", code), ownerId: id }).commit(),
    ])
    .go();
  return code;
}

beforeAll(async () => {
  casey = { token: await signIn(seed.customer.username, seed.customer.password) };
  // Other tests book the demo skus too: top them up so no test depends on how many units are left.
  for (const id of [demo.stripBlackTacky, demo.premiumTealTacky, demo.extraOvergrip, demo.guardTeal, demo.guardBlack, demo.edgeTape]) {
    await db().entities.sku.patch({ id }).add({ stockQuantity: 100 }).go();
  }
});

afterAll(async () => {
  for (const id of madeSkus) await db().entities.sku.delete({ id }).go();
});

describe("POST /api/book-service: prices", () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await bookingCustomer();
  });

  it("books a core service variant with add-ons, the weight on two areas and a percentage promo, to the cent", async () => {
    const before = await Promise.all([demo.premiumTealTacky, demo.extraOvergrip, demo.guardTeal, demo.edgeTape].map(stockOf));
    // A bag of its own: which demo bags are still free depends on the files its worker ran before (worker-table.ts).
    const bag = await newBag();
    const started = Date.now();
    const answer = await book(customer.token, customer.paddleId, {
      bagNumber: bag.code3,
      service: demo.premiumTealTacky,
      addOns: [demo.extraOvergrip, demo.weight, demo.guardTeal, demo.edgeTape],
      weightAreas: ["top_shelf", "neck_shoulders"],
      promoCode: " welcome10 ",
      customerNotes: "  Please keep the butt cap.  ",
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      number: expect.stringMatching(/^R-\d{4,}$/),
      requiresPayment: true,
      pickupDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      bagNumber: bag.code3,
    });

    const got = await call("GET", `/api/orders/${answer.body.id}`, { token: customer.token });
    expect(got.status).toBe(200);
    const order = got.body;
    // 5,500 + 800 + 2 × 600 + 1,500 + 500 = 9,500; 10% = 950. Each line named by its place (what an edit removes it by).
    expect(order.lineItems).toEqual([
      { id: "line-1", skuId: demo.premiumTealTacky, name: "Premium Regrip", description: "Teal · Tacky", price: 5500, quantity: 1 },
      { id: "line-2", skuId: demo.extraOvergrip, name: "Extra Overgrip", description: null, price: 800, quantity: 1 },
      { id: "line-3", skuId: demo.weight, name: "Performance Weight Tape", description: "Bottom Corners & Neck, Top Shelf", price: 600, quantity: 2 },
      { id: "line-4", skuId: demo.guardTeal, name: "Premium Edge Guard", description: "Teal", price: 1500, quantity: 1 },
      { id: "line-5", skuId: demo.edgeTape, name: "Edge Tape", description: null, price: 500, quantity: 1 },
    ]);
    expect(order).toMatchObject({
      subtotalCents: 9500,
      discountAmountCents: 950,
      promoCode: "WELCOME10",
      taxCents: 0,
      totalCents: 8550,
      currency: "usd",
      status: "INVOICED",
      stage: "awaiting_payment",
      paymentStatus: "unpaid",
      paymentMethod: "STRIPE",
      userId: customer.userId,
      paddleId: customer.paddleId,
      bagNumber: bag.code3,
      bag: { code3: bag.code3 },
      dropoffLocation: "LITTLETON",
      pickupLocation: "LITTLETON",
      isOnsite: false,
      customerNotes: "Please keep the butt cap.",
      user: { firstName: "Pat", lastName: "Player", email: customer.email, phone: expect.stringMatching(/^\+1\d{10}$/) },
      paddle: { nickname: "Big Blue", brand: "Joola", model: "Perseus" },
    });
    expect(order).not.toHaveProperty("myGripNotes");
    expect(order.statusHistory).toEqual([
      { from: null, to: "INVOICED", actorId: customer.userId, actorName: "Pat", note: "Booked online", at: order.createdAt },
    ]);
    // With no drop-off time sent, the drop-off is the shop's next opening (now when it is open); the pickup day is
    // the calendar's for it (shared/calendar.ts), from the shop's opening that day.
    const shop = shopLocation("LITTLETON")!;
    expect(order.dropoffDateTime).toBe(nextOpening(shop, new Date(order.createdAt)).toISOString());
    expect(order.pickupDate).toBe(pickupDateFor(shop, new Date(order.dropoffDateTime)));
    expect(answer.body.pickupDate).toBe(order.pickupDate);
    expect(order.pickupDateTime).toBe(instantOf(order.pickupDate, hoursOn(shop, order.pickupDate)!.open).toISOString());
    expect(Date.parse(order.createdAt)).toBeGreaterThanOrEqual(started - 1000);

    // One unit of each counted sku; the weight is unlimited.
    const after = await Promise.all([demo.premiumTealTacky, demo.extraOvergrip, demo.guardTeal, demo.edgeTape].map(stockOf));
    expect(after).toEqual(before.map((n) => n - 1));

    // The paddle is now in the bag, and the booking is in the audit log.
    const { data: paddle } = await db().entities.paddle.get({ userId: customer.userId, id: customer.paddleId }).go();
    expect(paddle?.bagId).toBe(bag.id);
    const audit = await db().entities.auditLog.query.byTarget({ targetType: "order", targetId: order.id }).go();
    expect(audit.data).toEqual([
      expect.objectContaining({ action: "order.created", actorId: customer.userId, actorName: "Pat", createdAt: order.createdAt }),
    ]);
  });

  it("takes a fixed promo amount", async () => {
    // One open order per paddle: each booking here is of a paddle of its own.
    const answer = await book(customer.token, await paddleOf(customer.userId), { addOns: [demo.buildUp], promoCode: "GRIP5" });
    expect(answer.status).toBe(201);
    expect(await orderItem(answer.body.id)).toMatchObject({ subtotalCents: 5500, discountAmountCents: 500, totalCents: 5000, promoCode: "GRIP5" });
  });

  it("takes a percentage that is not a round figure", async () => {
    const code = await testPromotion({ percentage: 15 });
    // 4,500 + 600 = 5,100; 15% = 765.
    const answer = await book(customer.token, await paddleOf(customer.userId), { addOns: [demo.weight], weightAreas: ["sides"], promoCode: code });
    expect(answer.status).toBe(201);
    expect(await orderItem(answer.body.id)).toMatchObject({ subtotalCents: 5100, discountAmountCents: 765, totalCents: 4335 });
  });

  it("caps a fixed amount at the subtotal: a free order is SCHEDULED, comp, and needs no payment", async () => {
    const code = await testPromotion({ amountCents: 100_000 });
    const answer = await book(customer.token, await paddleOf(customer.userId), { promoCode: code });
    expect(answer.status).toBe(201);
    expect(answer.body.requiresPayment).toBe(false);
    const order = (await call("GET", `/api/orders/${answer.body.id}`, { token: customer.token })).body;
    expect(order).toMatchObject({
      subtotalCents: 4500,
      discountAmountCents: 4500,
      totalCents: 0,
      status: "SCHEDULED",
      stage: "scheduled",
      paymentStatus: "comp",
      paymentMethod: "COMP",
    });
    expect(order.statusHistory).toEqual([expect.objectContaining({ from: null, to: "SCHEDULED", note: "Booked online" })]);
  });

  it("makes a 100% promotion free", async () => {
    const code = await testPromotion({ percentage: 100 });
    const answer = await book(customer.token, await paddleOf(customer.userId), { addOns: [demo.extraOvergrip], promoCode: code });
    expect(answer.status).toBe(201);
    expect(answer.body.requiresPayment).toBe(false);
    expect(await orderItem(answer.body.id)).toMatchObject({ subtotalCents: 5300, discountAmountCents: 5300, totalCents: 0, status: "SCHEDULED" });
  });

  it("ignores every price, discount, total, status and pickup the client sends", async () => {
    const answer = await call("POST", "/api/book-service", {
      token: customer.token,
      body: {
        ...bookingBody(await paddleOf(customer.userId), { addOns: [demo.extraOvergrip], bagNumber: await freeBag() }),
        discountAmountCents: 5300,
        subtotalCents: 1,
        totalCents: 0,
        price: 1,
        taxCents: 0,
        lineItems: [{ skuId: demo.stripBlackTacky, name: "Strip and Grip", priceCents: 1, quantity: 1 }],
        status: "PICKED_UP",
        paymentStatus: "paid",
        pickupDate: "2020-01-01",
        pickupDateTime: "2020-01-01T00:00:00.000Z",
        userId: "someone-else",
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.requiresPayment).toBe(true);
    const order = await orderItem(answer.body.id);
    expect(order).toMatchObject({
      subtotalCents: 5300,
      discountAmountCents: 0,
      totalCents: 5300,
      status: "INVOICED",
      paymentStatus: "unpaid",
      pickupLocation: "LITTLETON",
      userId: customer.userId,
    });
    expect(order?.lineItems.map((line) => line.priceCents)).toEqual([4500, 800]);
    expect(order?.pickupDateTime).not.toBe("2020-01-01T00:00:00.000Z");
    expect(order?.pickupDate).not.toBe("2020-01-01");
  });

  it("defaults the drop-off to Highlands Ranch and keeps a given drop-off time within its hours", async () => {
    const { dropoffLocation: _omitted, ...body } = bookingBody(await paddleOf(customer.userId), { bagNumber: await freeBag() });
    // 3:30 pm on the shop's next business day, sent with an offset (the shop's own, -06:00 or -07:00).
    const shop = shopLocation("HIGHLANDS_RANCH")!;
    const day = nextBusinessDay(shop, todayOf(new Date()));
    const at = instantOf(day, "15:30");
    const offset = (Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10), 15, 30) - at.getTime()) / 3_600_000;
    const sent = `${day}T15:30:00-0${-offset}:00`;
    const answer = await call("POST", "/api/book-service", {
      token: customer.token,
      // isOnsite is accepted from older clients and ignored: an order is onsite only on an onsite day.
      body: { ...body, dropoffDateTime: sent, isOnsite: true, promoCode: "", addOns: null, weightAreas: null },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await orderItem(answer.body.id)).toMatchObject({
      dropoffLocation: "HIGHLANDS_RANCH",
      pickupLocation: "HIGHLANDS_RANCH",
      dropoffDateTime: at.toISOString(),
      isOnsite: false,
      pickupDate: answer.body.pickupDate,
    });
  });

  it("refuses a bag number the shop has no bag for, and writes nothing (bags module: test/integration/bags.test.ts)", async () => {
    const code = await absentBagCode();
    const before = await ordersOf(customer.userId);
    expect(await book(customer.token, await paddleOf(customer.userId), { bagNumber: code })).toMatchObject({
      status: 400,
      body: { message: `Bag ${code} does not exist` },
    });
    expect(await ordersOf(customer.userId)).toEqual(before);
  });
});

describe("POST /api/book-service: refusals", () => {
  let customer: Customer;
  let other: Customer;
  beforeAll(async () => {
    customer = await bookingCustomer();
    other = await bookingCustomer();
  });

  const cases: Array<[string, (paddleId: string) => Record<string, unknown>, number, string]> = [
    ["no paddle", (p) => ({ ...bookingBody(p), paddleId: undefined }), 400, "Please complete all required fields"],
    ["no bag number", (p) => ({ ...bookingBody(p), bagNumber: undefined }), 400, "Please complete all required fields"],
    ["no service", (p) => ({ ...bookingBody(p), service: undefined }), 400, "Please complete all required fields"],
    ["an empty body", () => ({}), 400, "Please complete all required fields"],
    ["a 2-digit bag number", (p) => bookingBody(p, { bagNumber: "12" }), 400, "Please enter a 3-digit bag number"],
    ["a 4-digit bag number", (p) => bookingBody(p, { bagNumber: "1234" }), 400, "Please enter a 3-digit bag number"],
    ["a bag number with a letter", (p) => bookingBody(p, { bagNumber: "12A" }), 400, "Please enter a 3-digit bag number"],
    ["a numeric bag number", (p) => bookingBody(p, { bagNumber: 123 }), 400, "Please enter a 3-digit bag number"],
    ["an unknown location", (p) => bookingBody(p, { dropoffLocation: "ONSITE" }), 400, "Please choose a drop-off location"],
    ["a bad drop-off time", (p) => bookingBody(p, { dropoffDateTime: "tomorrow" }), 400, "Please choose a valid drop-off time"],
    ["notes over 500 characters", (p) => bookingBody(p, { customerNotes: "x".repeat(501) }), 400, "Notes must be 500 characters or less"],
    ["an add-on as the service", (p) => bookingBody(p, { service: demo.extraOvergrip }), 400, "Please choose a core service"],
    ["an unknown service", (p) => bookingBody(p, { service: "sku-nope" }), 400, "Please choose a core service"],
    ["an unknown add-on", (p) => bookingBody(p, { addOns: ["sku-nope"] }), 400, "That add-on is not available"],
    ["a core service as an add-on", (p) => bookingBody(p, { addOns: [demo.premiumTealTacky] }), 400, "That add-on is not available"],
    ["an add-on twice", (p) => bookingBody(p, { addOns: [demo.extraOvergrip, demo.extraOvergrip] }), 400, "Each add-on can be chosen once"],
    ["two edge guards", (p) => bookingBody(p, { addOns: [demo.guardBlack, demo.guardTeal] }), 400, "Only one edge guard at a time"],
    ["the weight without areas", (p) => bookingBody(p, { addOns: [demo.weight] }), 400, "Choose at least one area for the weight"],
    ["an unknown weight area", (p) => bookingBody(p, { addOns: [demo.weight], weightAreas: ["handle"] }), 400, "That weight area is not available"],
    ["an unknown promo code", (p) => bookingBody(p, { promoCode: "NOPE" }), 400, "Invalid promo code"],
    ["a variant out of stock", (p) => bookingBody(p, { service: demo.stripRedDry }), 409, "Sorry, Strip and Grip (Red, Dry) is out of stock"],
    ["an add-on out of stock", (p) => bookingBody(p, { addOns: [demo.guardPink] }), 409, "Sorry, Premium Edge Guard (Pink) is out of stock"],
    ["a paddle that does not exist", (p) => bookingBody(p, { paddleId: randomUUID() }), 404, "Paddle not found"],
  ];

  it.each(cases)("refuses %s, writing nothing", async (_, body, status, message) => {
    const before = await stockOf(demo.stripBlackTacky);
    const answer = await call("POST", "/api/book-service", { token: customer.token, body: body(customer.paddleId) });
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ message });
    expect(await ordersOf(customer.userId)).toEqual([]);
    expect(await stockOf(demo.stripBlackTacky)).toBe(before);
  });

  it("accepts notes of exactly 500 characters", async () => {
    const answer = await book(other.token, other.paddleId, { customerNotes: "y".repeat(500) });
    expect(answer.status).toBe(201);
    expect((await orderItem(answer.body.id))?.customerNotes).toHaveLength(500);
  });

  it("refuses an inactive promo code with its message", async () => {
    const code = await testPromotion({ percentage: 10, isActive: false });
    const answer = await book(customer.token, customer.paddleId, { promoCode: code });
    expect(answer).toMatchObject({ status: 400, body: { message: "This promo code is no longer active" } });
  });

  it("refuses another customer's paddle exactly as a missing one", async () => {
    const answer = await book(customer.token, other.paddleId);
    expect(answer).toMatchObject({ status: 404, body: { message: "Paddle not found" } });
    expect(await ordersOf(customer.userId)).toEqual([]);
  });

  it("refuses a paddle the customer no longer owns", async () => {
    await db().entities.paddle.patch({ userId: other.userId, id: other.paddleId }).set({ ownershipStatus: "no_longer_own" }).go();
    try {
      const answer = await book(other.token, other.paddleId);
      expect(answer).toMatchObject({ status: 404, body: { message: "Paddle not found" } });
    } finally {
      await db().entities.paddle.patch({ userId: other.userId, id: other.paddleId }).set({ ownershipStatus: "owned" }).go();
    }
  });

  it("refuses signed out", async () => {
    const answer = await call("POST", "/api/book-service", { body: bookingBody(customer.paddleId) });
    expect(answer.status).toBe(401);
  });
});

describe("POST /api/book-service: phone verification", () => {
  it("answers 428 to a customer whose phone is not verified, and writes nothing", async () => {
    const customer = await newCustomer();
    const me = await call("GET", "/api/auth/user", { token: customer.token });
    const userId = me.body.id as string;
    const { data: paddle } = await db().entities.paddle.create({ userId, brand: "Selkirk", nickname: "Lefty" }).go();
    const before = await stockOf(demo.stripBlackTacky);

    const answer = await book(customer.token, paddle.id, {}, { "Idempotency-Key": "unverified-1" });
    expect(answer.status).toBe(428);
    expect(answer.body).toEqual({ message: "Phone number verification required" });
    expect(await ordersOf(userId)).toEqual([]);
    expect(await stockOf(demo.stripBlackTacky)).toBe(before);
    const { data: reservation } = await db().entities.uniqueValue.get(uniqueKey("idempotencyKey", `${userId}:unverified-1`)).go();
    expect(reservation).toBeNull();

    // A phone set but not verified is still refused; a body that does not fit is a 400 first.
    await db().entities.user.patch({ userId }).set({ phone: "+17205550199", phoneVerified: false }).go();
    expect((await book(customer.token, paddle.id)).status).toBe(428);
    expect(await book(customer.token, paddle.id, { bagNumber: "1" })).toMatchObject({
      status: 400,
      body: { message: "Please enter a 3-digit bag number" },
    });
  });

  it("answers 428 to a signed-in user with no user item yet", async () => {
    const customer = await newCustomer();
    const answer = await book(customer.token, randomUUID());
    expect(answer).toMatchObject({ status: 428, body: { message: "Phone number verification required" } });
  });

  it("books for the seeded customer, whose phone is verified", async () => {
    const me = await call("GET", "/api/auth/user", { token: casey.token });
    expect(me.body.phoneVerified).toBe(true);
    const { data: paddle } = await db().entities.paddle.create({ userId: me.body.id, brand: "Engage", nickname: "Pursuit" }).go();
    const answer = await book(casey.token, paddle.id);
    expect(answer.status).toBe(201);
    expect(await orderItem(answer.body.id)).toMatchObject({
      customer: { firstName: "Casey", lastName: "Dink", email: "casey@regrip.test", phone: "+13035550142" },
    });
  });
});

describe("POST /api/book-service: stock under concurrency", () => {
  it("sells the last unit once when two customers book it at the same moment", async () => {
    const sku = await testSku(1);
    const [a, b] = await Promise.all([bookingCustomer(), bookingCustomer()]);
    const answers = await Promise.all([a, b].map((c) => book(c.token, c.paddleId, { service: sku.id })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: `Sorry, ${sku.variant} is out of stock` });
    expect(await stockOf(sku.id)).toBe(0);
    const orders = [...(await ordersOf(a.userId)), ...(await ordersOf(b.userId))];
    expect(orders).toHaveLength(1);
  });

  it("sells exactly the stock there is to many customers at once, never below 0", async () => {
    const sku = await testSku(2);
    const customers = await Promise.all(Array.from({ length: 6 }, () => bookingCustomer()));
    const answers = await Promise.all(customers.map((c) => book(c.token, c.paddleId, { service: sku.id })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(await stockOf(sku.id)).toBe(0);
  });

  it("refuses when the stock ran out between the catalogue read and the booking", async () => {
    const sku = await testSku(1);
    const customer = await bookingCustomer();
    expect((await book(customer.token, customer.paddleId, { service: sku.id })).status).toBe(201);
    const again = await book(customer.token, customer.paddleId, { service: sku.id });
    expect(again).toMatchObject({ status: 409, body: { message: `Sorry, ${sku.variant} is out of stock` } });
    expect(await stockOf(sku.id)).toBe(0);
  });
});

describe("POST /api/book-service: Idempotency-Key", () => {
  it("answers a sequential repeat with the same order and takes stock once", async () => {
    const sku = await testSku(5);
    const customer = await bookingCustomer();
    const headers = { "Idempotency-Key": `key-${randomUUID()}` };
    const first = await book(customer.token, customer.paddleId, { service: sku.id }, headers);
    const second = await book(customer.token, customer.paddleId, { service: sku.id }, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await stockOf(sku.id)).toBe(4);
    expect(await ordersOf(customer.userId)).toHaveLength(1);
    expect((await orderItem(first.body.id))?.idempotencyKey).toBe(headers["Idempotency-Key"]);

    // A new key is a new booking.
    const third = await book(customer.token, await paddleOf(customer.userId), { service: sku.id }, { "Idempotency-Key": `key-${randomUUID()}` });
    expect(third.status).toBe(201);
    expect(third.body.id).not.toBe(first.body.id);
    expect(await stockOf(sku.id)).toBe(3);
  });

  it("answers concurrent repeats with one order", async () => {
    const sku = await testSku(5);
    const customer = await bookingCustomer();
    const headers = { "Idempotency-Key": `key-${randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 4 }, () => book(customer.token, customer.paddleId, { service: sku.id }, headers)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await ordersOf(customer.userId)).toHaveLength(1);
    expect(await stockOf(sku.id)).toBe(4);
  });

  it("answers the first order even after its last unit is gone", async () => {
    const sku = await testSku(1);
    const customer = await bookingCustomer();
    const headers = { "Idempotency-Key": `key-${randomUUID()}` };
    const first = await book(customer.token, customer.paddleId, { service: sku.id }, headers);
    const second = await book(customer.token, customer.paddleId, { service: sku.id }, headers);
    expect(first.status).toBe(201);
    expect(second).toEqual(expect.objectContaining({ status: 201, body: first.body }));
  });

  it("keeps each customer's keys apart", async () => {
    const [a, b] = await Promise.all([bookingCustomer(), bookingCustomer()]);
    const headers = { "Idempotency-Key": `shared-${randomUUID()}` };
    const first = await book(a.token, a.paddleId, {}, headers);
    const second = await book(b.token, b.paddleId, {}, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it("refuses a key that is not printable", async () => {
    const customer = await bookingCustomer();
    const answer = await book(customer.token, customer.paddleId, {}, { "Idempotency-Key": "x".repeat(201) });
    expect(answer).toMatchObject({ status: 400, body: { message: "Idempotency-Key must be at most 200 characters" } });
  });

  it("lets a key be used again after a refused booking", async () => {
    const customer = await bookingCustomer();
    const headers = { "Idempotency-Key": `key-${randomUUID()}` };
    expect((await book(customer.token, customer.paddleId, { service: demo.stripRedDry }, headers)).status).toBe(409);
    const retry = await book(customer.token, customer.paddleId, {}, headers);
    expect(retry.status).toBe(201);
  });
});
