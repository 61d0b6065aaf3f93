/**
 * Helpers for the lifecycle, checkout, webhook and refund tests: orders
 * booked through the API, events signed as Stripe signs them and posted to
 * the real webhook handler with a function-URL event, and readers for what
 * a move leaves behind (history, audit entries, texts).
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { afterAll, beforeAll, inject } from "vitest";
import { env } from "../../infra/env";
import { ensureTable } from "../../infra/local/dynamo";
import { seedDemoShop } from "../../infra/local/seed";
import { createLocalServer } from "../../infra/local/server";
import { webDistDir } from "../../infra/local/web";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import type { OrderItem } from "../../packages/core/src/orders/view";
import { checkoutCompleted, localProvider, localSessionId, signed } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { writeLabelled } from "../../packages/core/src/db/labelled";
import * as OrderNumbers from "../../packages/core/src/orders/numbers";
import type { OrderStatus, PaymentStatus } from "../../packages/core/src/shared/lifecycle";
import { handler as stripeWebhook } from "../../packages/functions/src/webhooks/stripe";
import { functionUrlEvent } from "../../infra/local/webhooks";
import { book, bookingCustomer, demo } from "./booking-support";
import { seed, signIn } from "./support";

export const webhookSecret = () => process.env.STRIPE_WEBHOOK_SECRET!;

export async function staffTokens() {
  const [employee, admin] = await Promise.all([
    signIn(seed.employee.username, seed.employee.password),
    signIn(seed.admin.username, seed.admin.password),
  ]);
  return { employee, admin };
}

export async function orderOf(id: string): Promise<OrderItem> {
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  if (!data) throw new Error(`order ${id} is missing`);
  return data;
}

/**
 * A new customer (verified phone, one paddle) with one unpaid order, written
 * as POST /api/book-service writes it (order with its number from the shop's
 * counter, first history entry, audit entry) but without taking stock: these tests book far more orders than the
 * demo shop has grips. The booking route itself is tested in booking.test.ts.
 */
export async function bookedOrder(options: { createdAt?: Date; totalCents?: number; discountCents?: number; pickupDate?: string } = {}) {
  const customer = await bookingCustomer();
  const { data: user } = await db().entities.user.get({ userId: customer.userId }).go();
  const at = (options.createdAt ?? new Date()).toISOString();
  const orderId = randomUUID();
  const lineItems = [
    { skuId: demo.stripBlackTacky, name: "Strip and Grip", description: "Black, Tacky", priceCents: 4500, quantity: 1 },
    { skuId: demo.buildUp, name: "Handle Build-Up", priceCents: 800, quantity: 1 },
  ];
  const subtotalCents = 5300;
  const discountAmountCents = options.discountCents ?? 0;
  const written = await OrderNumbers.whileLost(async () => {
    const number = await OrderNumbers.draw();
    return writeLabelled((entities) => [
      OrderNumbers.taken(entities, number, orderId),
      { label: "order", write: entities.serviceOrder
        .create({
          id: orderId,
          number,
          userId: customer.userId,
          paddleId: customer.paddleId,
          bagNumber: "901",
          status: "INVOICED",
          statusHistory: [{ to: "INVOICED", actorId: customer.userId, actorName: "Pat", note: "Booked online", at }],
          dropoffLocation: "LITTLETON",
          pickupLocation: "LITTLETON",
          ...(options.pickupDate ? { pickupDate: options.pickupDate } : {}),
          lineItems,
          subtotalCents,
          discountAmountCents,
          ...(discountAmountCents ? { promoCode: "SAVE" } : {}),
          totalCents: options.totalCents ?? subtotalCents - discountAmountCents,
          paymentMethod: "STRIPE",
          paymentStatus: "unpaid",
          customer: { firstName: user?.firstName, lastName: user?.lastName, email: user?.email, phone: user?.phone },
          paddle: { nickname: "Big Blue", brand: "Joola", model: "Perseus" },
          createdAt: at,
          updatedAt: at,
        })
        .commit() },
      { label: "audit", write: entities.auditLog
        .create({ actorId: customer.userId, actorName: "Pat", action: "order.created", targetType: "order", targetId: orderId, createdAt: at })
        .commit() },
    ]);
  });
  if (!written.committed) throw new Error(`writing a booked order: ${JSON.stringify(written.codes)}`);
  return { customer, orderId, order: await orderOf(orderId) };
}

/** An order booked through POST /api/book-service (takes stock: use sparingly). */
export async function bookedThroughApi() {
  const customer = await bookingCustomer();
  const answer = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
  if (answer.status !== 201) throw new Error(`booking failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { customer, orderId: answer.body.id as string, order: await orderOf(answer.body.id) };
}

/** Puts an order straight into a state (test setup only: no history, no audit). */
export async function setOrder(id: string, fields: { status?: OrderStatus; paymentStatus?: PaymentStatus; refundedAmountCents?: number }) {
  await db().entities.serviceOrder.patch({ id }).set(fields).go();
}

export interface WebhookAnswer {
  status: number;
  body: { received?: boolean; result?: string; message?: string };
}

/** Posts `event` to the webhook handler as a function URL would, signed with `secret` (the webhook's own by default). */
export async function postEvent(
  event: Stripe.Event,
  options: { secret?: string; signature?: string | null; payload?: string; base64?: boolean } = {},
): Promise<WebhookAnswer> {
  const { payload, signature } = signed(event, options.secret ?? webhookSecret());
  const body = options.payload ?? payload;
  const headers: Record<string, string> = { "content-type": "application/json" };
  const sig = options.signature === undefined ? signature : options.signature;
  if (sig !== null) headers["stripe-signature"] = sig;
  const built = functionUrlEvent({ method: "POST", url: "/webhooks/stripe", headers, body: Buffer.from(body) });
  const functionEvent = options.base64 ? { ...built, body: Buffer.from(body).toString("base64"), isBase64Encoded: true } : built;
  const reply = await stripeWebhook(functionEvent);
  return { status: reply.statusCode, body: JSON.parse(reply.body ?? "{}") };
}

/** Pays the order through the webhook, as the payment page's Pay does. */
export async function payOrder(orderId: string, options: { paymentIntentId?: string } = {}) {
  const order = await orderOf(orderId);
  const answer = await postEvent(checkoutCompleted(order, order.stripeCheckoutSessionId ?? localSessionId(orderId), options));
  if (answer.status !== 200 || answer.body.result !== "applied") throw new Error(`paying failed: ${JSON.stringify(answer)}`);
  return orderOf(orderId);
}

export async function auditOf(orderId: string) {
  return (await Audit.forTarget("order", orderId)).reverse();
}

export async function textsOf(orderId: string) {
  const page = await db().entities.communication.query.byOrder({ orderId }).go();
  return page.data;
}

export async function ledgerHas(eventId: string): Promise<boolean> {
  const { data } = await db().entities.uniqueValue.get({ kind: "stripeEvent", value: eventId }).go({ consistent: true });
  return !!data;
}

/**
 * The local server (its payment page, the webhook it posts to) on a free port, for the tests of one describe block:
 * started before them and closed after. `origin()` is its address once started.
 */
export function localPaymentServer(): { origin: () => string } {
  let server: Server;
  let origin = "";
  beforeAll(async () => {
    server = createLocalServer({ webDist: webDistDir, webConfig: {}, cognitoPort: 1 });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { origin: () => origin };
}

/**
 * A table of the file's own (named `regrip-<name>-<random>`), seeded as the demo shop, for tests that read shop-wide
 * figures (the dashboard's) no other file may change, and the local payment provider. The shared table is back
 * after the file.
 */
export function ownShopTable(name: string): void {
  const sharedTable = process.env[env.tableName]!;
  beforeAll(async () => {
    const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
    const table = `regrip-${name}-${randomUUID().slice(0, 8)}`;
    await ensureTable(port, table);
    process.env[env.tableName] = table;
    await seedDemoShop({ cognitoPort: inject("cognitoPort"), userPoolId: inject("userPoolId"), accounts: seed });
    usePaymentProvider(localProvider());
  }, 120_000);
  afterAll(() => {
    process.env[env.tableName] = sharedTable;
    usePaymentProvider(undefined);
  });
}
