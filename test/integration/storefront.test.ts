/**
 * The counter (docs/api-staff.md "Storefront and quick sale"): the storefront
 * catalogue, the invoice and the quick sale, through the route table. Every
 * amount is priced on the server; stock is taken in the order's transaction
 * and given back on cancel; the payment link is texted and logged.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { useSmsProvider } from "../../packages/core/src/sms";
import { absentBagCode, bookingCustomer, demo, freeBag, paddleOf } from "./booking-support";
import { auditOf, orderOf, staffTokens, textsOf } from "./payment-support";
import { call, newCustomer } from "./support";

let staff: { employee: string; admin: string };
let employeeId: string;

beforeAll(async () => {
  usePaymentProvider(localProvider());
  staff = await staffTokens();
  employeeId = (await call("GET", "/api/auth/user", { token: staff.employee })).body.id;
});
afterEach(() => useSmsProvider(undefined));

/** Skus made for this file (visible to the storefront, not a core service or add-on, so the customer catalogue is untouched). */
const madeSkus: string[] = [];
async function testSku(fields: { stockQuantity: number | null; priceCents?: number; isVisible?: boolean; displayOrder?: number; category?: "OTHER" | "EDGE"; color?: string; feel?: string }) {
  const id = `sku-counter-${randomUUID()}`;
  await db()
    .entities.sku.create({
      id,
      code: `CTR-${id.slice(-12).toUpperCase()}`,
      name: `Counter item ${id.slice(-6)}`,
      category: fields.category ?? "OTHER",
      type: "ONE_TIME",
      unitAmountCents: fields.priceCents ?? 1250,
      stockQuantity: fields.stockQuantity ?? 0,
      unlimitedStock: fields.stockQuantity === null,
      displayOrder: fields.displayOrder ?? 9997,
      isVisible: fields.isVisible ?? true,
      ...(fields.color ? { color: fields.color } : {}),
      ...(fields.feel ? { feel: fields.feel } : {}),
    })
    .go();
  madeSkus.push(id);
  return id;
}
afterAll(async () => {
  for (const id of madeSkus) await db().entities.sku.delete({ id }).go();
});

async function stockOf(id: string): Promise<number> {
  const { data } = await db().entities.sku.get({ id }).go({ consistent: true });
  return data!.stockQuantity;
}

/** Where an order is, as stored (no read mapping: the raw item). */
async function storedPlace(id: string) {
  const { data } = await db().entities.serviceOrder.get({ id }).go({ data: "raw", consistent: true });
  const item = (data as unknown as { Item: Record<string, unknown> }).Item;
  return { dropoffLocation: item.dropoffLocation, pickupLocation: item.pickupLocation, isOnsite: item.isOnsite };
}

async function ordersOf(userId: string) {
  return (await db().entities.serviceOrder.query.byUser({ userId }).go({ pages: "all" })).data;
}

const invoice = (body: unknown, headers: Record<string, string> = {}, token = staff.employee) =>
  call("POST", "/api/storefront/invoice", { token, body, headers: { "idempotency-key": randomUUID(), ...headers } });

/**
 * A quick sale; one naming a customer and no bag gets a bag made for it, so these sales never take the lowest free
 * bag another file types (the assignment itself is tested in quick-sale.test.ts).
 */
const quickSale = async (body: unknown, headers: Record<string, string> = {}, token = staff.employee) => {
  const sent = typeof body === "object" && body !== null && "customerId" in body && !("bagNumber" in body) ? { ...body, bagNumber: await freeBag() } : body;
  return call("POST", "/api/book-service", { token, body: sent, headers: { "idempotency-key": randomUUID(), ...headers } });
};

describe("GET /api/storefront/products", () => {
  it("answers visible skus in the storefront's category order and headings, by displayOrder then price, never cached", async () => {
    const hidden = await testSku({ stockQuantity: 5, isVisible: false });
    const cheapLate = await testSku({ stockQuantity: 5, priceCents: 100, displayOrder: 9999 });
    const dearEarly = await testSku({ stockQuantity: 5, priceCents: 9900, displayOrder: 9998 });
    const cheapEarly = await testSku({ stockQuantity: 5, priceCents: 200, displayOrder: 9998 });
    const answer = await call("GET", "/api/storefront/products", { token: staff.employee });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const groups = answer.body.groups as { category: string; heading: string; items: { id: string; price: number; displayOrder: number }[] }[];
    expect(groups.map((g) => [g.category, g.heading])).toEqual([
      ["BASE_GRIP", "Core Services"],
      ["OVERGRIP", "Overgrips"],
      ["EDGE", "Edge Protection"],
      ["WEIGHT", "Weights"],
      ["OTHER", "Other Services"],
    ]);
    for (const group of groups) {
      const keys = group.items.map((i) => [i.displayOrder, i.price]);
      expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    }
    const all = groups.flatMap((g) => g.items.map((i) => i.id));
    expect(all).not.toContain(hidden);
    // The quick sale's own items are hidden from the storefront too.
    expect(all).not.toContain("sku-qs-regrip");
    const other = groups.find((g) => g.category === "OTHER")!.items.map((i) => i.id);
    expect(other.filter((id) => [cheapLate, dearEarly, cheapEarly].includes(id))).toEqual([cheapEarly, dearEarly, cheapLate]);
  });

  it("is staff only", async () => {
    expect((await call("GET", "/api/storefront/products", { token: (await newCustomer()).token })).status).toBe(403);
    expect((await call("GET", "/api/storefront/products")).status).toBe(401);
  });
});

describe("POST /api/storefront/invoice", () => {
  it("prices the cart on the server (client totals and prices ignored), takes the stock and texts the link", async () => {
    const customer = await bookingCustomer();
    const sku = await testSku({ stockQuantity: 10, priceCents: 1250 });
    const bag = await freeBag();
    const answer = await invoice({
      customerId: customer.userId,
      customerName: "Someone Else",
      phone: "+10000000000",
      bagNumber: ` ${bag} `,
      myGripNotes: "Handle wrap is loose",
      items: [
        { id: sku, quantity: 2, name: "Free stuff", price: 1 },
        { id: demo.refresh, quantity: 1, price: 0 },
      ],
      totalAmount: 1,
      discountAmountCents: 99999,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { orderId, checkoutUrl, smsStatus, order } = answer.body;
    expect(order).toMatchObject({
      id: orderId,
      userId: customer.userId,
      status: "WAITING_ON_PAYMENT",
      stage: "awaiting_payment",
      bagNumber: bag,
      bag: { code3: bag },
      subtotalCents: 2 * 1250 + 800,
      discountAmountCents: 0,
      totalCents: 3300,
      myGripNotes: "Handle wrap is loose",
      processedByStaffId: employeeId,
      paymentStatus: "unpaid",
      // A counter sale: made at the shop's counter, no club day.
      dropoffLocation: "COUNTER",
      pickupLocation: "COUNTER",
      isOnsite: false,
      partner: null,
    });
    expect(await storedPlace(orderId)).toEqual({ dropoffLocation: "COUNTER", pickupLocation: "COUNTER", isOnsite: false });
    expect(checkoutUrl).toContain("/local-pay/");
    expect(smsStatus).toEqual({ success: true, message: expect.any(String) });
    expect(await stockOf(sku)).toBe(8);
    const stored = await orderOf(orderId);
    expect(stored.invoiceUrl).toBe(checkoutUrl);
    expect(stored.stockTaken).toEqual([{ skuId: sku, quantity: 2 }]);
    expect((await auditOf(orderId)).map((entry) => entry.action)).toContain("order.invoiced");

    // The outbox of npm start's SMS stand-in holds the text with the link; the log calls it storefront_order.
    const texts = await textsOf(orderId);
    expect(texts).toEqual([expect.objectContaining({ messageType: "storefront_order", status: "sent", recipient: expect.any(String) })]);
    expect(texts[0].message).toContain(checkoutUrl);
    const lines = readFileSync(process.env.SMS_OUTBOX_FILE!, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines.find((line) => line.id === texts[0].externalId)?.body).toContain(checkoutUrl);
  });

  it.each([
    ["WELCOME10", 10_000, 1_000],
    ["GRIP5", 10_000, 500],
  ])("applies promo %s on the server", async (promoCode, subtotal, discount) => {
    const customer = await bookingCustomer();
    const sku = await testSku({ stockQuantity: null, priceCents: 5000 });
    const answer = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 2 }], promoCode: promoCode.toLowerCase(), discountAmountCents: 0 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.order).toMatchObject({ subtotalCents: subtotal, discountAmountCents: discount, totalCents: subtotal - discount, promoCode });
  });

  it("caps an amount promo at the subtotal: nothing to pay, no link", async () => {
    const customer = await bookingCustomer();
    const sku = await testSku({ stockQuantity: null, priceCents: 300 });
    const answer = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 1 }], promoCode: "GRIP5" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.order).toMatchObject({ subtotalCents: 300, discountAmountCents: 300, totalCents: 0, paymentStatus: "comp" });
    expect(answer.body.checkoutUrl).toBeNull();
    expect(answer.body.smsStatus.success).toBe(false);
    expect(await textsOf(answer.body.orderId)).toEqual([]);
  });

  it("refuses what the cart cannot have, writing nothing", async () => {
    const customer = await bookingCustomer();
    const sku = await testSku({ stockQuantity: 1 });
    const hidden = await testSku({ stockQuantity: 5, isVisible: false });
    const base = { customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 1 }] };
    const cases: [unknown, number, string][] = [
      [{ ...base, items: [{ id: sku, quantity: 2 }] }, 409, "Only 1 left of Counter item"],
      [{ ...base, items: [{ id: hidden, quantity: 1 }] }, 400, "That product is not available"],
      [{ ...base, items: [{ id: "sku-no-such", quantity: 1 }] }, 400, "That product is not available"],
      [{ ...base, items: [] }, 400, "Your cart is empty"],
      [{ ...base, bagNumber: "12" }, 400, "Please enter a 3-digit bag number"],
      [{ ...base, bagNumber: "1234" }, 400, "Please enter a 3-digit bag number"],
      [{ ...base, bagNumber: await absentBagCode() }, 409, "does not exist"],
      [{ ...base, promoCode: "NOPE" }, 404, "Invalid promo code"],
      [{ ...base, customerId: randomUUID() }, 404, "Customer not found"],
    ];
    for (const [body, status, message] of cases) {
      const answer = await invoice(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toContain(message);
    }
    expect(await stockOf(sku)).toBe(1);
    expect(await ordersOf(customer.userId)).toEqual([]);
  });

  it("names the variant when it refuses more than is in stock (a 99 of 'Only 4 left')", async () => {
    const customer = await bookingCustomer();
    const sku = await testSku({ stockQuantity: 4, color: "Black", feel: "Tacky" });
    const answer = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 99 }] });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`Only 4 left of Counter item ${sku.slice(-6)} (Black, Tacky)`);
    expect(await stockOf(sku)).toBe(4);
  });

  it("sells the last unit once when two invoices race for it", async () => {
    const sku = await testSku({ stockQuantity: 1 });
    const [a, b] = await Promise.all([bookingCustomer(), bookingCustomer()]);
    const bags = [await freeBag(), await freeBag()];
    const answers = await Promise.all([a, b].map((c, i) => invoice({ customerId: c.userId, bagNumber: bags[i], items: [{ id: sku, quantity: 1 }] })));
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(answers.find((x) => x.status === 409)?.body.message).toBe(`Sorry, Counter item ${sku.slice(-6)} is out of stock`);
    expect(await stockOf(sku)).toBe(0);
    expect((await ordersOf(a.userId)).length + (await ordersOf(b.userId)).length).toBe(1);
  });

  it("requires the customer's phone", async () => {
    const customer = await newCustomer();
    const me = await call("GET", "/api/auth/user", { token: customer.token });
    const sku = await testSku({ stockQuantity: 3 });
    const answer = await invoice({ customerId: me.body.id, bagNumber: await freeBag(), items: [{ id: sku, quantity: 1 }] });
    expect(answer).toMatchObject({ status: 400, body: { message: "Customer must have a phone number to receive payment link" } });
    expect(await stockOf(sku)).toBe(3);
  });

  it("gives the stock back when the order is canceled", async () => {
    const customer = await bookingCustomer();
    const sku = await testSku({ stockQuantity: 4 });
    const answer = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 3 }] });
    expect(answer.status).toBe(201);
    expect(await stockOf(sku)).toBe(1);
    const cancel = await call("POST", `/api/orders/${answer.body.orderId}/status`, { token: staff.employee, body: { status: "CANCELED" } });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await stockOf(sku)).toBe(4);
  });

  it("answers a repeated Idempotency-Key with the same order, taking stock and texting once", async () => {
    const customer = await bookingCustomer();
    const sku = await testSku({ stockQuantity: 5 });
    const key = randomUUID();
    const body = { customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 1 }] };
    const first = await invoice(body, { "idempotency-key": key });
    const again = await invoice(body, { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(again.body.checkoutUrl).toBe(first.body.checkoutUrl);
    expect(again.body.smsStatus).toEqual(first.body.smsStatus);
    expect(await stockOf(sku)).toBe(4);
    expect(await ordersOf(customer.userId)).toHaveLength(1);
    expect(await textsOf(first.body.orderId)).toHaveLength(1);
  });

  it("still answers 201 with the order when the text fails", async () => {
    useSmsProvider({
      name: "twilio",
      send: async () => {
        throw new Error("Twilio is down");
      },
    });
    const customer = await bookingCustomer();
    const sku = await testSku({ stockQuantity: 2 });
    const answer = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: sku, quantity: 1 }] });
    expect(answer.status).toBe(201);
    expect(answer.body.smsStatus).toEqual({ success: false, message: "Twilio is down" });
    expect(answer.body.checkoutUrl).toContain("/local-pay/");
    expect((await orderOf(answer.body.orderId)).status).toBe("WAITING_ON_PAYMENT");
    expect(await stockOf(sku)).toBe(1);
    expect(await textsOf(answer.body.orderId)).toEqual([expect.objectContaining({ messageType: "storefront_order", status: "failed" })]);
  });

  it("holds the bag: a second open order cannot name it, and the cancel frees it (stock and bag alike)", async () => {
    const [first, second] = [await bookingCustomer(), await bookingCustomer()];
    const sku = await testSku({ stockQuantity: 5 });
    const bag = await freeBag();
    const held = await invoice({ customerId: first.userId, bagNumber: bag, items: [{ id: sku, quantity: 1 }] });
    expect(held.status).toBe(201);
    const refused = await invoice({ customerId: second.userId, bagNumber: bag, items: [{ id: sku, quantity: 1 }] });
    expect(refused).toMatchObject({ status: 409, body: { message: `Bag ${bag} is in use by another open order` } });
    expect(await stockOf(sku)).toBe(4);
    expect(await ordersOf(second.userId)).toEqual([]);
    expect((await call("POST", `/api/orders/${held.body.orderId}/status`, { token: staff.employee, body: { status: "CANCELED" } })).status).toBe(200);
    const again = await invoice({ customerId: second.userId, bagNumber: bag, items: [{ id: sku, quantity: 1 }] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await stockOf(sku)).toBe(4);
  });

  it("is staff only", async () => {
    const customer = await bookingCustomer();
    const answer = await invoice({ customerId: customer.userId, bagNumber: await freeBag(), items: [{ id: demo.refresh, quantity: 1 }] }, {}, customer.token);
    expect(answer.status).toBe(403);
    expect(await ordersOf(customer.userId)).toEqual([]);
  });
});

describe("POST /api/book-service, the quick sale", () => {
  const paddle = { nickname: "Counter Blue", brand: "Joola", model: "Hyperion" };

  it.each([
    [["regrip"], null, 4500, 4500],
    [["edge_guard"], null, 1500, 1500],
    [["overgrip"], null, 800, 800],
    [["regrip", "edge_guard", "overgrip"], { amount: 10.5, notes: "Loyal player" }, 6800, 5750],
  ])("prices %j from the catalogue (discount %j)", async (services, discount, subtotal, total) => {
    const customer = await bookingCustomer();
    const answer = await quickSale({ customerId: customer.userId, paddle, services, discount, total: 1, staffId: "someone-else" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ id: answer.body.orderId, requiresPayment: true, smsStatus: { success: true } });
    expect(answer.body.checkoutUrl).toContain("/local-pay/");
    const order = await orderOf(answer.body.orderId);
    expect(order).toMatchObject({ userId: customer.userId, subtotalCents: subtotal, totalCents: total, discountAmountCents: subtotal - total, processedByStaffId: employeeId });
    expect(await storedPlace(order.id)).toEqual({ dropoffLocation: "COUNTER", pickupLocation: "COUNTER", isOnsite: false });
    if (discount) expect(order).toMatchObject({ discountByStaffId: employeeId, discountNotes: "Loyal player" });
    else expect(order.discountByStaffId).toBeUndefined();
    // The paddle was made for the customer, audited.
    const { data: made } = await db().entities.paddle.get({ userId: customer.userId, id: order.paddleId! }).go();
    expect(made).toMatchObject({ nickname: "Counter Blue", brand: "Joola", model: "Hyperion" });
    const paddleAudit = (await db().entities.auditLog.query.byTarget({ targetType: "paddle", targetId: order.paddleId! }).go()).data;
    expect(paddleAudit.map((entry) => entry.action)).toEqual(["paddle.created_for_customer"]);
    expect(await textsOf(order.id)).toEqual([expect.objectContaining({ messageType: "storefront_order" })]);
  });

  it("never goes below 0 with a discount larger than the services: an admin's comp, refused to an employee", async () => {
    const customer = await bookingCustomer();
    const refused = await quickSale({ customerId: customer.userId, paddle, services: ["overgrip"], discount: { amount: 100 } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    const answer = await quickSale({ customerId: customer.userId, paddle, services: ["overgrip"], discount: { amount: 100, notes: "Tournament prize" } }, {}, staff.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ requiresPayment: false, checkoutUrl: null });
    expect(await orderOf(answer.body.orderId)).toMatchObject({ subtotalCents: 800, discountAmountCents: 800, totalCents: 0, paymentStatus: "comp" });
  });

  it("takes the quick-sale products' stock", async () => {
    const before = await stockOf("sku-qs-regrip");
    const customer = await bookingCustomer();
    expect((await quickSale({ customerId: customer.userId, paddle, services: ["regrip"], discount: null })).status).toBe(201);
    expect(await stockOf("sku-qs-regrip")).toBe(before - 1);
  });

  it("answers 428 when the customer has no verified phone, writing nothing", async () => {
    const customer = await bookingCustomer();
    await db().entities.user.patch({ userId: customer.userId }).set({ phoneVerified: false }).go();
    const answer = await quickSale({ customerId: customer.userId, paddle, services: ["regrip"], discount: null });
    // A payment link (the default) needs a confirmed number: the code, or the employee's confirmation.
    expect(answer.status).toBe(428);
    expect(answer.body.message).toContain("Phone number verification required");
    expect(await ordersOf(customer.userId)).toEqual([]);
  });

  it.each([
    [{ services: [] }, "Please select at least one service"],
    [{ paddle: { nickname: " " } }, "Nickname is required"],
    [{ discount: { amount: -1 } }, "Discount must be at least 0"],
  ])("refuses %j with the spec's message", async (override, message) => {
    const customer = await bookingCustomer();
    const answer = await quickSale({ customerId: customer.userId, paddle, services: ["regrip"], discount: null, ...override });
    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect(await ordersOf(customer.userId)).toEqual([]);
  });

  it("is the staff form: a customer sending customerId gets 403; their own booking still works", async () => {
    const customer = await bookingCustomer();
    const refused = await quickSale({ customerId: customer.userId, paddle, services: ["regrip"], discount: null }, {}, customer.token);
    expect(refused.status).toBe(403);
    const mixed = await quickSale({ customerId: customer.userId, paddleId: customer.paddleId, bagNumber: await freeBag(), service: demo.basicBlackDry }, {}, customer.token);
    expect(mixed.status).toBe(403);
    expect(await ordersOf(customer.userId)).toEqual([]);
    const own = await call("POST", "/api/book-service", {
      token: customer.token,
      body: { paddleId: await paddleOf(customer.userId), bagNumber: await freeBag(), service: demo.stripBlackTacky },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(Object.keys(own.body).sort()).toEqual(["bagNumber", "id", "number", "pickupDate", "requiresPayment"]);
  });
});

describe("a counter sale written before COUNTER", () => {
  /** An order stored the old way: ONSITE, the club's location, with no club and isOnsite true. */
  async function oldStyleOrder(userId: string, fields: Record<string, unknown> = {}) {
    const at = new Date().toISOString();
    const { data } = await db()
      .entities.serviceOrder.create({
        userId,
        status: "WAITING_ON_PAYMENT",
        statusHistory: [{ to: "WAITING_ON_PAYMENT", actorId: employeeId, actorName: "Sam", note: "Invoiced at the storefront", at }],
        dropoffLocation: "ONSITE",
        dropoffDateTime: at,
        pickupLocation: "ONSITE",
        isOnsite: true,
        lineItems: [{ skuId: demo.refresh, name: "Counter item", priceCents: 800, quantity: 1 }],
        subtotalCents: 800,
        totalCents: 800,
        processedByStaffId: employeeId,
        ...fields,
      })
      .go();
    return data.id;
  }

  it("is read as a counter sale through the API (the customer's and staff's views), the stored item left as it was", async () => {
    const customer = await bookingCustomer();
    const id = await oldStyleOrder(customer.userId);
    const counterSale = { dropoffLocation: "COUNTER", pickupLocation: "COUNTER", isOnsite: false, partner: null };
    const mine = await call("GET", `/api/orders/${id}`, { token: customer.token });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject(counterSale);
    expect((await call("GET", `/api/orders/${id}`, { token: staff.employee })).body).toMatchObject(counterSale);
    const list = await call("GET", "/api/orders", { token: customer.token });
    expect(list.body.orders.find((order: { id: string }) => order.id === id)).toMatchObject(counterSale);
    expect(await storedPlace(id)).toEqual({ dropoffLocation: "ONSITE", pickupLocation: "ONSITE", isOnsite: true });
  });

  it("leaves a club day's order, which names its club, at the club", async () => {
    const customer = await bookingCustomer();
    const partner = { locationKey: "counter-test-club", name: "Counter Test Club" };
    const id = await oldStyleOrder(customer.userId, { partner, scheduleEventId: "event-of-a-club-day", processedByStaffId: undefined });
    const club = await call("GET", `/api/orders/${id}`, { token: customer.token });
    expect(club.body).toMatchObject({ dropoffLocation: "ONSITE", pickupLocation: "ONSITE", isOnsite: true, partner: { name: "Counter Test Club" } });
  });
});
