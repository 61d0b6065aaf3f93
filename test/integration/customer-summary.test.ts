/**
 * The customer page's call, GET /api/customers/{id}/summary (docs/api-staff.md, Customers), and the points an
 * admin adjusts for any customer, a walk-in who is no member included: through the route table against DynamoDB
 * Local. What the summary reads is counted at the DynamoDB client: one bounded Query per part, never a Scan.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Audit } from "../../packages/core/src/audit";
import { inboundTextPost } from "../../infra/local/sms-reply";
import { invokeWebhook } from "../../infra/local/webhooks";
import { conversationIdOf } from "../../packages/core/src/shared/inbox";
import { CUSTOMER_NOTES_MAX, CUSTOMER_NOTES_TOO_LONG } from "../../packages/core/src/shared/customers";
import { dynamoClient } from "../../packages/core/src/db/client";
import { SUMMARY_ORDERS, SUMMARY_POINTS_ENTRIES, SUMMARY_TEXTS, type CustomerSummary } from "../../packages/core/src/shared/customer-summary";
import { book, bookingCustomer } from "./booking-support";
import { staffTokens } from "./payment-support";
import { call, newCustomer } from "./support";

let staff: { employee: string; admin: string };

beforeAll(async () => {
  staff = await staffTokens();
});

const summaryOf = (id: string, token = staff.employee) => call<CustomerSummary>("GET", `/api/customers/${encodeURIComponent(id)}/summary`, { token });
const adjust = (userId: string, body: unknown, token = staff.admin, headers?: Record<string, string>) =>
  call("POST", `/api/admin/loyalty/${userId}/adjust`, { token, body, headers });

async function walkIn(): Promise<string> {
  const made = await call("POST", "/api/admin/customers", { token: staff.employee, body: { firstName: "Wendy", lastName: `Walkin${randomUUID().slice(0, 6)}` } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}

/** Every DynamoDB command sent while `run` runs: its name and input. */
type Sent = { command: string; input: Record<string, any> };
let removeRecorder: (() => void) | undefined;
afterEach(() => removeRecorder?.());
async function recorded<T>(run: () => Promise<T>): Promise<{ result: T; sent: Sent[] }> {
  const sent: Sent[] = [];
  const name = `summaryReads-${randomUUID()}`;
  const stack = dynamoClient().middlewareStack;
  stack.add(
    ((next: (args: any) => Promise<any>, context: { commandName: string }) => async (args: { input: Record<string, any> }) => {
      sent.push({ command: context.commandName, input: args.input });
      return next(args);
    }) as never,
    { step: "initialize", name },
  );
  removeRecorder = () => stack.remove(name);
  try {
    return { result: await run(), sent };
  } finally {
    removeRecorder();
    removeRecorder = undefined;
  }
}

describe("GET /api/customers/{id}/summary", () => {
  it("answers a customer's contact, paddles, orders with their bills, points, membership, packs and texts", async () => {
    const customer = await bookingCustomer();
    const booked = await book(customer.token, customer.paddleId);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const answer = await summaryOf(customer.userId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const summary = answer.body;
    expect(summary.customer).toMatchObject({ id: customer.userId, firstName: "Pat", lastName: "Player", phoneVerified: true, hasAccount: true, membership: null, points: 0 });
    expect(summary.customer.preferences).toMatchObject({ smsNotifications: true, emailNotifications: true });
    expect(summary.paddles).toEqual({ items: [expect.objectContaining({ id: customer.paddleId, nickname: "Big Blue", openOrderId: booked.body.id })], more: false });
    expect(summary.orders.more).toBe(false);
    expect(summary.orders.items).toHaveLength(1);
    const [order] = summary.orders.items;
    // The order's own bill (shared/bill.ts), the same the order's page reads.
    const seen = await call("GET", `/api/orders/${booked.body.id}`, { token: staff.employee });
    expect(order).toEqual({
      id: booked.body.id,
      number: seen.body.number,
      stage: seen.body.stage,
      paymentStatus: seen.body.paymentStatus,
      createdAt: seen.body.createdAt,
      paddle: seen.body.paddle,
      bagCode: seen.body.bag.code3,
      bill: seen.body.bill,
    });
    expect(summary.points).toEqual({ balance: 0, entries: [], more: false });
    expect(summary.membership).toMatchObject({ plan: null, status: "none" });
    expect(summary.packs).toEqual({ items: [], left: 0 });
    // No text from the customer yet: no conversation in the inbox.
    expect(summary.texts).toBeNull();

    // The customer texts the shop, staff answer from the inbox: the conversation and its messages, oldest first.
    const phone = (await call("GET", `/api/customers/${customer.userId}`, { token: staff.employee })).body.phone as string;
    const signed = inboundTextPost("http://shop.test/webhooks/sms", process.env.TWILIO_AUTH_TOKEN!, phone, "Is my paddle done?");
    const inbound = await invokeWebhook({ method: "POST", url: "/webhooks/sms", headers: { host: "shop.test", ...signed.headers }, body: Buffer.from(signed.body) });
    expect(inbound?.statusCode).toBe(200);
    const texts = (await summaryOf(customer.userId)).body.texts;
    expect(texts).toMatchObject({ conversationId: conversationIdOf(phone), unread: 1, optedOut: false, more: false });
    expect(texts!.messages.map((m) => [m.direction, m.body])).toEqual([["inbound", "Is my paddle done?"]]);
    // Read, so the shop-wide unread count other files see is as it was.
    expect((await call("POST", `/api/admin/conversations/${conversationIdOf(phone)}/read`, { token: staff.employee })).status).toBe(200);
  });

  it("answers no texts for a customer without a phone", async () => {
    expect((await summaryOf(await walkIn())).body.texts).toBeNull();
  });

  it("reads one bounded Query per part and never scans", async () => {
    const customer = await bookingCustomer();
    const { result, sent } = await recorded(() => summaryOf(customer.userId));
    expect(result.status).toBe(200);
    expect(sent.filter((s) => s.command === "ScanCommand")).toEqual([]);
    const queries = sent.filter((s) => s.command === "QueryCommand");
    const limits = queries.map((s) => s.input.Limit as number | undefined);
    // The orders, the points' ledger and the texts: their page and one more. Paddles: at most 51.
    expect(limits).toEqual(expect.arrayContaining([SUMMARY_ORDERS + 1, SUMMARY_POINTS_ENTRIES + 1, SUMMARY_TEXTS + 1, 51]));
    // Subscriptions and packs (a customer's few, in their own partition) without a Limit: no more Queries than parts.
    expect(queries.length).toBeLessThanOrEqual(7);
    for (const query of queries) expect(query.input.ExpressionAttributeValues, JSON.stringify(query.input)).toBeDefined();
  });

  it("says there are older points entries when there are more than its page", async () => {
    const id = await walkIn();
    for (let i = 0; i < SUMMARY_POINTS_ENTRIES + 1; i += 1) expect((await adjust(id, { points: 1, reason: `Gift ${i}` })).status).toBe(200);
    const { body } = await summaryOf(id);
    expect(body.points.balance).toBe(SUMMARY_POINTS_ENTRIES + 1);
    expect(body.points.entries).toHaveLength(SUMMARY_POINTS_ENTRIES);
    expect(body.points.more).toBe(true);
    expect(body.points.entries[0].reason).toBe(`Gift ${SUMMARY_POINTS_ENTRIES}`);
  });

  it("is for staff: an admin too; a customer gets 403, a signed-out caller 401; unknown id 404, a bad id 400", async () => {
    const id = await walkIn();
    expect((await summaryOf(id, staff.admin)).status).toBe(200);
    const customer = await newCustomer();
    const me = await call("GET", "/api/auth/user", { token: customer.token });
    expect(await summaryOf(me.body.id, customer.token)).toMatchObject({ status: 403 });
    expect(await summaryOf(id, customer.token)).toMatchObject({ status: 403 });
    expect((await call("GET", `/api/customers/${id}/summary`)).status).toBe(401);
    expect(await summaryOf(randomUUID())).toMatchObject({ status: 404, body: { message: "Customer not found" } });
    const bad = await summaryOf("not an id!");
    expect(bad.status).toBe(400);
    expect(typeof (bad.body as unknown as { message: unknown }).message).toBe("string");
  });
});

describe("POST /api/admin/loyalty/{userId}/adjust for any customer", () => {
  it("adjusts a walk-in's points (no membership, no account), audited, seen on the customer page", async () => {
    const id = await walkIn();
    expect((await summaryOf(id)).body.customer.membership).toBeNull();
    expect(await adjust(id, { points: 40, reason: "Sorry about the wait" })).toMatchObject({ status: 200, body: { balance: 40 } });
    const { body } = await summaryOf(id);
    expect(body.customer.points).toBe(40);
    expect(body.points).toEqual({
      balance: 40,
      entries: [expect.objectContaining({ type: "adjust", points: 40, reason: "Sorry about the wait", orderId: null })],
      more: false,
    });
    const audit = await Audit.forTarget("user", id);
    expect(audit.filter((entry) => entry.action === "loyalty.adjusted").map((entry) => entry.diff)).toEqual([{ points: 40, reason: "Sorry about the wait" }]);
  });

  it("makes one adjustment of a repeated Idempotency-Key (a double click)", async () => {
    const id = await walkIn();
    const key = randomUUID();
    const both = await Promise.all([
      adjust(id, { points: 25, reason: "Birthday" }, staff.admin, { "idempotency-key": key }),
      adjust(id, { points: 25, reason: "Birthday" }, staff.admin, { "idempotency-key": key }),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await adjust(id, { points: 25, reason: "Birthday" }, staff.admin, { "idempotency-key": key })).body).toEqual({ balance: 25 });
    const { body } = await summaryOf(id);
    expect(body.points.balance).toBe(25);
    expect(body.points.entries).toHaveLength(1);
    // Another key is another adjustment.
    expect((await adjust(id, { points: 5, reason: "Birthday" }, staff.admin, { "idempotency-key": randomUUID() })).body).toEqual({ balance: 30 });
  });

  it("stays an admin's: an employee gets 403 and nothing changes; a bad body 400", async () => {
    const id = await walkIn();
    expect((await adjust(id, { points: 10, reason: "Employee" }, staff.employee)).status).toBe(403);
    expect((await adjust(id, { points: 0, reason: "Zero" })).status).toBe(400);
    expect((await adjust(id, { points: 10, reason: " " })).status).toBe(400);
    expect((await adjust(id, { points: -1, reason: "Below zero" })).status).toBe(409);
    expect((await summaryOf(id)).body.points).toEqual({ balance: 0, entries: [], more: false });
  });
});

describe("PUT /api/customers/{id}/notes", () => {
  const save = (id: string, body: unknown, token = staff.employee) => call("PUT", `/api/customers/${encodeURIComponent(id)}/notes`, { token, body });

  it("keeps staff's notes on a customer, trimmed, shown on the customer page; audited without the words; empty clears them", async () => {
    const id = await walkIn();
    expect((await summaryOf(id)).body.customer.notes).toBeNull();
    expect(await save(id, { notes: "  Likes a thin overgrip. Call before noon.  " })).toMatchObject({ status: 200, body: { notes: "Likes a thin overgrip. Call before noon." } });
    expect((await summaryOf(id)).body.customer.notes).toBe("Likes a thin overgrip. Call before noon.");
    // The same words again write nothing.
    expect((await save(id, { notes: "Likes a thin overgrip. Call before noon." })).status).toBe(200);
    const audit = (await Audit.forTarget("user", id)).filter((entry) => entry.action === "customer.updated");
    expect(audit.map((entry) => entry.diff)).toEqual([{ fields: ["notes"] }]);
    expect(await save(id, { notes: " " }, staff.admin)).toMatchObject({ status: 200, body: { notes: null } });
    expect((await summaryOf(id)).body.customer.notes).toBeNull();
  });

  it("refuses what it cannot keep, changing nothing: too long 400, no notes 400, unknown 404, a customer 403", async () => {
    const id = await walkIn();
    expect(await save(id, { notes: "x".repeat(CUSTOMER_NOTES_MAX + 1) })).toMatchObject({ status: 400, body: { message: CUSTOMER_NOTES_TOO_LONG } });
    expect((await save(id, {})).status).toBe(400);
    expect((await save(id, { notes: 5 })).status).toBe(400);
    expect(await save(randomUUID(), { notes: "Nobody" })).toMatchObject({ status: 404, body: { message: "Customer not found" } });
    expect((await save(id, { notes: "Mine" }, (await newCustomer()).token)).status).toBe(403);
    expect((await summaryOf(id)).body.customer.notes).toBeNull();
  });
});
