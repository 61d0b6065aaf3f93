/**
 * The unpaid hold's end: `expireUnpaidOrders(now)` cancels orders still
 * unpaid an hour after booking and gives their stock back, once; paid,
 * young and staff-handled orders are left alone; a payment that lands at
 * the same moment wins, and one that lands after the cancel is refunded.
 *
 * Runs against a table of its own in DynamoDB Local, so moving `now` hours
 * ahead cancels nothing the other test files booked.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTable } from "../../infra/local/dynamo";
import type { UserActor } from "../../packages/core/src/actor";
import { Audit } from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { book, BookService } from "../../packages/core/src/orders/booking";
import { expireOrder as expireOrderUnscoped, expireUnpaidOrders as expireUnpaidOrdersUnscoped, holdActor } from "../../packages/core/src/orders/expire";
import { withGrants } from "../../packages/core/src/aws/grants";
import { expireUnpaidJob } from "../../infra/jobs";
import { localProvider } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { UNPAID_HOLD_MINUTES } from "../../packages/core/src/shared/unpaid-hold";
import { orderReference } from "../../packages/core/src/shared/orders";
import { Bags } from "../../packages/core/src/bags";
import { freeBag } from "./booking-support";
import { orderOf, payOrder, setOrder } from "./payment-support";

// As the job's function runs them: under its declared grants (infra/jobs.ts), so a write it does not declare fails here.
const expireUnpaidOrders = (now: Date, options: { pageSize?: number } = {}) =>
  withGrants(expireUnpaidJob, () => expireUnpaidOrdersUnscoped(holdActor, { now, ...options }));
const expireOrder = (...args: Parameters<typeof expireOrderUnscoped>) => withGrants(expireUnpaidJob, () => expireOrderUnscoped(...args));

const sharedTable = process.env.TABLE_NAME!;
const overgrip = "sku-basic-overgrip-pink-dry";
const tape = "sku-edge-tape";
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

let actor: UserActor;

async function stockOf(id: string): Promise<number> {
  const { data } = await db().entities.sku.get({ id }).go({ consistent: true });
  return data!.stockQuantity;
}

/** An order booked (through the domain's booking) at `at`, taking one overgrip and one edge tape, in a bag and of a paddle of its own. */
async function bookedAt(at: Date, bagNumber?: string): Promise<string> {
  // A paddle of its own (one open order per paddle).
  const paddleId = randomUUID();
  await db().entities.paddle.create({ userId: actor.userId, id: paddleId, brand: "Joola", nickname: "Held" }).go();
  const input = BookService.parse({ paddleId, bagNumber: bagNumber ?? (await freeBag()), service: overgrip, addOns: [tape] });
  const booked = await book(actor, { form: input, now: at });
  expect(booked.requiresPayment).toBe(true);
  return booked.id;
}

beforeAll(async () => {
  const port = Number(new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB!).port);
  const table = `regrip-expire-${randomUUID().slice(0, 8)}`;
  await ensureTable(port, table);
  process.env.TABLE_NAME = table;
  usePaymentProvider(localProvider());

  const userId = randomUUID();
  actor = { type: "user", userId, username: "hold@regrip.test", givenName: "Hal", roles: ["CUSTOMER"] };
  await db().entities.user.create({ userId, email: "hold@regrip.test", firstName: "Hal", phone: "+17205550199", phoneVerified: true, smsNotifications: false }).go();
  await db()
    .entities.sku.create({ id: overgrip, code: "BO-PINK-DRY", name: "Basic Overgrip", category: "OVERGRIP", type: "ONE_TIME", color: "Pink", feel: "Dry", unitAmountCents: 1200, stockQuantity: 30 })
    .go();
  await db().entities.sku.create({ id: tape, code: "ADD-EDGE-TAPE", name: "Edge Tape", category: "EDGE", type: "ADD_ON", unitAmountCents: 500, stockQuantity: 30 }).go();
});

afterAll(() => {
  process.env.TABLE_NAME = sharedTable;
  usePaymentProvider(undefined);
});

describe("expireUnpaidOrders", () => {
  it("cancels an order unpaid past its hold, gives its stock back and audits it as the system; a second run does nothing", async () => {
    const booked = new Date("2026-03-01T10:00:00.000Z");
    const before = [await stockOf(overgrip), await stockOf(tape)];
    const orderId = await bookedAt(booked);
    expect([await stockOf(overgrip), await stockOf(tape)]).toEqual([before[0] - 1, before[1] - 1]);

    const now = minutes(booked, UNPAID_HOLD_MINUTES + 1);
    const report = await expireUnpaidOrders(now);
    expect(report.canceled).toContain(orderId);
    expect([await stockOf(overgrip), await stockOf(tape)]).toEqual(before);
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: "CANCELED", paymentStatus: "unpaid", stockReturnedAt: now.toISOString() });
    expect(order.statusHistory.at(-1)).toMatchObject({ from: "INVOICED", to: "CANCELED", actorName: "System", note: "Not paid within 60 minutes of booking" });
    const audit = (await Audit.forTarget("order", orderId)).find((entry) => entry.action === "order.status_changed");
    expect(audit?.actorId).toBeUndefined();
    expect(audit?.diff).toMatchObject({ by: "unpaid-hold", role: "system", status: { from: "INVOICED", to: "CANCELED" }, holdMinutes: 60 });

    // Its bag is free again: the next booking may use it.
    expect(audit?.diff).toMatchObject({ bagReleased: order.bagCode });
    expect(await Bags.holderOf(order.bagCode!)).toBeNull();
    const next = await bookedAt(minutes(now, 1), order.bagCode!);
    expect(await Bags.holderOf(order.bagCode!)).toBe(next);

    // Again, and again later: nothing more is canceled or given back.
    expect((await expireUnpaidOrders(now)).canceled).not.toContain(orderId);
    expect((await expireUnpaidOrders(minutes(now, 600))).canceled).not.toContain(orderId);
    expect([await stockOf(overgrip), await stockOf(tape)]).toEqual(before);
  });

  it("tells the customer once, by text and email as they allow, with a link to book again; a payment that wins tells nothing", async () => {
    const userId = randomUUID();
    const told: UserActor = { type: "user", userId, username: "told@regrip.test", givenName: "Tess", roles: ["CUSTOMER"] };
    await db()
      .entities.user.create({ userId, email: "told@regrip.test", firstName: "Tess", phone: "+17205550142", phoneVerified: true, smsNotifications: true, emailNotifications: true })
      .go();
    const bookFor = async (at: Date) => {
      const paddleId = randomUUID();
      await db().entities.paddle.create({ userId, id: paddleId, brand: "Joola", nickname: "Told" }).go();
      return (await book(told, { form: BookService.parse({ paddleId, bagNumber: await freeBag(), service: overgrip }), now: at })).id;
    };
    const released = (orderId: string) => db().entities.communication.query.byOrder({ orderId }).go().then(({ data }) => data.filter((entry) => entry.template === "holdReleased"));

    // 9:10 am in Denver (UTC-7 in March): the hold ends at 10:10 am.
    const booked = new Date("2026-03-07T16:10:00.000Z");
    const orderId = await bookFor(booked);
    const now = minutes(booked, UNPAID_HOLD_MINUTES + 2);
    // Two runs at once, then another: one cancel, one message per channel.
    const runs = await Promise.all([expireUnpaidOrders(now), expireUnpaidOrders(now)]);
    expect(runs.filter((run) => run.canceled.includes(orderId))).toHaveLength(1);
    expect((await expireUnpaidOrders(minutes(now, 5))).canceled).not.toContain(orderId);
    const sent = await released(orderId);
    expect(sent.map((entry) => entry.channel).sort()).toEqual(["email", "sms"]);
    const order = await orderOf(orderId);
    const again = `${process.env.SITE_URL!.replace(/\/+$/, "")}/booking?again=${orderId}`;
    const sms = sent.find((entry) => entry.channel === "sms")!;
    expect(sms).toMatchObject({ recipient: "+17205550142", messageType: "hold_released", status: "sent", userId });
    expect(sms.message).toBe(`Regrip: your booking ${orderReference(order)} for "Told" was not paid by 10:10 am, so we released it. Nothing was charged. Book it again: ${again}`);
    const email = sent.find((entry) => entry.channel === "email")!;
    expect(email).toMatchObject({ recipient: "told@regrip.test", subject: `Your Regrip booking ${orderReference(order)} was released` });
    expect(email.message).toContain(`Book it again: ${again}`);

    // A payment landing as the job reads the order wins: not released, nobody told.
    const paidFirst = await bookFor(booked);
    const read = await orderOf(paidFirst);
    await payOrder(paidFirst);
    expect(await expireOrder(read, now)).toBe(false);
    expect(await released(paidFirst)).toEqual([]);
  });

  it("leaves young unpaid orders alone until their hour is up", async () => {
    const booked = new Date("2026-03-02T10:00:00.000Z");
    const orderId = await bookedAt(booked);
    const stock = await stockOf(overgrip);
    expect((await expireUnpaidOrders(minutes(booked, UNPAID_HOLD_MINUTES - 1))).canceled).not.toContain(orderId);
    expect(await orderOf(orderId)).toMatchObject({ status: "INVOICED", paymentStatus: "unpaid" });
    expect(await stockOf(overgrip)).toBe(stock);
    expect((await expireUnpaidOrders(minutes(booked, UNPAID_HOLD_MINUTES))).canceled).toContain(orderId);
    expect(await stockOf(overgrip)).toBe(stock + 1);
  });

  it("never expires a paid order, nor one staff moved on and rolled back to invoiced", async () => {
    const booked = new Date("2026-03-03T10:00:00.000Z");
    const paid = await bookedAt(booked);
    await payOrder(paid);
    // Paid, then rolled back to invoiced by staff: still paid, never expired.
    const paidRolledBack = await bookedAt(booked);
    await payOrder(paidRolledBack);
    await setOrder(paidRolledBack, { status: "INVOICED" });
    // Unpaid, but the shop has had it in the queue: the shop's to handle.
    const handled = await bookedAt(booked);
    await db()
      .entities.serviceOrder.patch({ id: handled })
      .append({ statusHistory: [{ from: "INVOICED", to: "IN_QUEUE", at: booked.toISOString() }, { from: "IN_QUEUE", to: "INVOICED", at: booked.toISOString() }] })
      .go();

    const report = await expireUnpaidOrders(minutes(booked, 24 * 60));
    for (const id of [paid, paidRolledBack, handled]) expect(report.canceled).not.toContain(id);
    expect(await orderOf(paid)).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid" });
    expect(await orderOf(paidRolledBack)).toMatchObject({ status: "INVOICED", paymentStatus: "paid" });
    expect(await orderOf(handled)).toMatchObject({ status: "INVOICED", paymentStatus: "unpaid" });
  });

  it("lets a payment that lands after the job read the order win: nothing is canceled or given back", async () => {
    const booked = new Date("2026-03-04T10:00:00.000Z");
    const orderId = await bookedAt(booked);
    const read = await orderOf(orderId);
    await payOrder(orderId);
    const stock = await stockOf(overgrip);
    expect(await expireOrder(read, minutes(booked, 90))).toBe(false);
    expect(await orderOf(orderId)).toMatchObject({ status: "SCHEDULED", paymentStatus: "paid" });
    expect((await orderOf(orderId)).stockReturnedAt).toBeUndefined();
    expect(await stockOf(overgrip)).toBe(stock);
  });

  it("refunds a payment that lands after the cancel, and the order stays canceled", async () => {
    const booked = new Date("2026-03-05T10:00:00.000Z");
    const orderId = await bookedAt(booked);
    expect((await expireUnpaidOrders(minutes(booked, 61))).canceled).toContain(orderId);
    const paidLate = await payOrder(orderId);
    expect(paidLate).toMatchObject({ status: "CANCELED", paymentStatus: "refunded", refundedAmountCents: paidLate.totalCents });
  });

  it("reads the hold's partitions a page at a time: every order past its hold is canceled whatever the page size", async () => {
    const booked = new Date("2026-03-06T10:00:00.000Z");
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await bookedAt(minutes(booked, i)));
    const report = await expireUnpaidOrders(minutes(booked, 120), { pageSize: 2 });
    for (const id of ids) expect(report.canceled).toContain(id);
  });
});
