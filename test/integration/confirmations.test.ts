/**
 * Confirmations and receipts, through the route table and the real webhook path: a booking, a card
 * payment and a refund each send their message once per channel the customer allows (text: `smsNotifications`,
 * email: `emailNotifications`), none on a channel switched off, and none twice when a request is repeated or Stripe
 * delivers an event again. Every email is in the communications log (channel `email`, the subject, the address)
 * and in the local email outbox; a route that did not declare the email grant sends none.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { env } from "../../infra/env";
import { readOutbox } from "../../infra/local/outbox-page";
import { db } from "../../packages/core/src/db";
import type { EmailOutboxEntry } from "../../packages/core/src/email/providers";
import { chargeRefunded, checkoutCompleted, localProvider, localSessionId } from "../../packages/core/src/payments/local";
import { usePaymentProvider } from "../../packages/core/src/payments/provider";
import { findRoute } from "../../packages/functions/src/routes";
import { holdDeadline } from "../../packages/core/src/shared/unpaid-hold";
import { book, bookingCustomer, demo } from "./booking-support";
import { bookedOrder, orderOf, postEvent, staffTokens, textsOf } from "./payment-support";
import { call } from "./support";

type Logged = Awaited<ReturnType<typeof textsOf>>[number];

/** The order's log entries of `template`, by channel. */
async function sentOf(orderId: string, template: string): Promise<{ sms: Logged[]; email: Logged[] }> {
  const entries = (await textsOf(orderId)).filter((entry) => entry.template === template);
  return { sms: entries.filter((entry) => entry.channel === "sms"), email: entries.filter((entry) => entry.channel === "email") };
}

/** The emails to `address` in the local email outbox. */
const outboxTo = (address: string) => readOutbox<EmailOutboxEntry>(process.env[env.emailOutboxFile], 10_000).filter((entry) => entry.to === address);

async function allow(userId: string, channels: { sms: boolean; email: boolean }) {
  await db().entities.user.patch({ userId }).set({ smsNotifications: channels.sms, emailNotifications: channels.email }).go();
}

let staff: { employee: string; admin: string };
beforeAll(async () => {
  staff = await staffTokens();
  usePaymentProvider(localProvider());
});
afterEach(async () => {
  vi.restoreAllMocks();
  // The tax rates a test set go back to none: the files of a worker share its table.
  await db().entities.shopSettings.delete({ name: "money" }).go();
});

describe("the booking confirmation", () => {
  it("is texted and emailed once per booking, a repeat of its Idempotency-Key sends nothing more", async () => {
    const customer = await bookingCustomer();
    const { data: user } = await db().entities.user.get({ userId: customer.userId }).go();
    await allow(customer.userId, { sms: true, email: true });
    const key = `confirm-${randomUUID()}`;
    const first = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry }, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const orderId = first.body.id as string;
    const again = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry, bagNumber: first.body.bagNumber }, { "Idempotency-Key": key });
    expect(again.body.id).toBe(orderId);

    const sent = await sentOf(orderId, "bookingConfirmation");
    expect(sent.sms).toHaveLength(1);
    expect(sent.email).toHaveLength(1);
    const order = await orderOf(orderId);
    expect(sent.sms[0]).toMatchObject({ recipient: user!.phone, messageType: "booking_confirmation", status: "sent", userId: customer.userId });
    expect(sent.sms[0].message).toContain(`"Big Blue" (bag ${order.bagNumber})`);
    expect(sent.sms[0].message).toContain("Drop it off at Regrip Littleton");
    // The shop's phone closes the text; its whole contact the email (the seed's starter values).
    expect(sent.sms[0].message).toContain("Questions? Call (303) 555-0100.");
    // Unpaid: the real deadline of its hold, in the shop's time zone, and what happens after it.
    expect(order.paymentStatus).toBe("unpaid");
    const payBy = holdDeadline(order, new Date(order.createdAt));
    expect(payBy).toMatch(/^Pay by \d{1,2}(:\d\d)? [ap]m (today|tomorrow), or the booking is released$/);
    expect(sent.sms[0].message).toContain(`. ${payBy}.`);
    expect(sent.sms[0].message).not.toContain("before drop-off");
    expect(sent.email[0]).toMatchObject({
      channel: "email",
      recipient: customer.email,
      messageType: "booking_confirmation",
      status: "sent",
      subject: `You're booked: Regrip order R-${order.number}`,
    });
    expect(sent.email[0].message).toContain("Questions? The shop:\nRegrip Littleton\n2500 W Main St\nLittleton, CO 80120\nMonday to Friday: 10 am to 7 pm");
    expect(sent.email[0].message).toContain("(303) 555-0100\nlittleton@regrip.shop");
    // What, the bag, the drop-off and the pickup day.
    const words = sent.email[0].message;
    expect(words).toContain(`Paddle: "Big Blue", in bag ${order.bagNumber}`);
    expect(words).toContain(`  ${order.lineItems[0].name}`);
    expect(words).toContain("Drop-off: Regrip Littleton");
    expect(order.pickupDate).toBeTruthy();
    expect(words).toMatch(/Ready for pickup: \w+day, \w+ \d+ at Regrip Littleton/);
    expect(words).toContain(`  Total: $${(order.totalCents / 100).toFixed(2)}\n${payBy}.`);
    // The email left through the outbox (no sender is set on this machine), as logged.
    const outbox = outboxTo(customer.email).filter((entry) => entry.subject === sent.email[0].subject);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ id: sent.email[0].externalId, body: words });
  });

  it("names the promotion, the points, the sales tax and the total of a booking at a taxed shop, by text and by email", async () => {
    const rates = await call("PUT", "/api/admin/settings/money", {
      token: staff.admin,
      body: { taxRateBps: { LITTLETON: 750, HIGHLANDS_RANCH: 725, ONSITE: 400 }, employeeDiscountLimitPercent: 20 },
    });
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
    const customer = await bookingCustomer();
    await allow(customer.userId, { sms: true, email: true });
    const granted = await call("POST", `/api/admin/loyalty/${customer.userId}/adjust`, { token: staff.admin, body: { points: 100, reason: "Confirmation test" } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    // Puts back the units the booking takes, so the demo stock holds however often the tests run.
    for (const id of [demo.stripBlackTacky, demo.guardBlack, demo.edgeTape]) await db().entities.sku.patch({ id }).add({ stockQuantity: 1 }).go();
    const booked = await book(
      customer.token,
      customer.paddleId,
      { dropoffLocation: "LITTLETON", addOns: [demo.guardBlack, demo.edgeTape], promoCode: "GRIP5", redeemPoints: 100 },
      { "idempotency-key": randomUUID() },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // $45 regrip + $15 guard + $5 tape, GRIP5 $5 off, 100 points $10 off, the goods taxed at 7.5 %: $1.15 (money.test.ts).
    const order = await orderOf(booked.body.id);
    expect(order).toMatchObject({ discountAmountCents: 500, pointsDiscountCents: 1000, taxCents: 115, totalCents: 5115 });
    const sent = await sentOf(order.id, "bookingConfirmation");
    expect(sent.sms).toHaveLength(1);
    expect(sent.email).toHaveLength(1);
    const names = order.lineItems.map((line) => line.name);
    expect(sent.sms[0].message).toContain(
      `. ${names[0]} $45.00, ${names[1]} $15.00, ${names[2]} $5.00, Promotion GRIP5 -$5.00, 100 points -$10.00, Sales tax $1.15, Total $51.15. Pay by `,
    );
    expect(sent.email[0].message).toContain(
      [
        "What we'll do:",
        `  ${names[0]}${order.lineItems[0].description ? ` (${order.lineItems[0].description})` : ""}: $45.00`,
        `  ${names[1]}${order.lineItems[1].description ? ` (${order.lineItems[1].description})` : ""}: $15.00`,
        `  ${names[2]}${order.lineItems[2].description ? ` (${order.lineItems[2].description})` : ""}: $5.00`,
        "  Promotion GRIP5: -$5.00",
        "  100 points: -$10.00",
        "  Sales tax (7.5%): $1.15",
        "  Total: $51.15",
        "Pay by ",
      ].join("\n"),
    );
    // The confirmation's amounts are the order page's bill.
    const page = await call("GET", `/api/orders/${order.id}`, { token: customer.token });
    expect(page.body.bill).toMatchObject({ discounts: [{ label: "Promotion GRIP5", amountCents: 500 }], pointsCents: 1000, taxCents: 115, totalCents: 5115 });

    // Paid by card: the receipt names the same amounts, the payment and the balance.
    expect((await postEvent(checkoutCompleted(order, localSessionId(order.id), { card: { brand: "visa", last4: "4242" } }))).body.result).toBe("applied");
    const receipt = await sentOf(order.id, "receipt");
    expect(receipt.sms[0].message).toContain("We received $51.15 for order");
    expect(receipt.sms[0].message).toContain("Promotion GRIP5 -$5.00, 100 points -$10.00, Sales tax $1.15, Total $51.15.");
    expect(receipt.email[0].message).toContain(
      ["  Promotion GRIP5: -$5.00", "  100 points: -$10.00", "  Sales tax (7.5%): $1.15", "  Total: $51.15", "  Paid (Visa ending in 4242): $51.15", "  Balance due: $0.00"].join("\n"),
    );
  });

  it("goes on no channel the customer switched off", async () => {
    const textsOnly = await bookingCustomer();
    await allow(textsOnly.userId, { sms: true, email: false });
    const a = await book(textsOnly.token, textsOnly.paddleId, { service: demo.basicBlackDry });
    expect(a.status).toBe(201);
    expect(await sentOf(a.body.id, "bookingConfirmation")).toMatchObject({ sms: [{ channel: "sms" }], email: [] });

    const emailOnly = await bookingCustomer();
    await allow(emailOnly.userId, { sms: false, email: true });
    const b = await book(emailOnly.token, emailOnly.paddleId, { service: demo.basicBlackDry });
    expect(await sentOf(b.body.id, "bookingConfirmation")).toMatchObject({ sms: [], email: [{ channel: "email", recipient: emailOnly.email }] });
  });
});

describe("the payment receipt", () => {
  it("is texted and emailed once when the card payment lands, however often Stripe delivers the event", async () => {
    const { customer, orderId, order } = await bookedOrder();
    await allow(customer.userId, { sms: true, email: true });
    await db().entities.serviceOrder.patch({ id: orderId }).set({ pickupDate: "2026-12-01" }).go();
    const event = checkoutCompleted(order, localSessionId(orderId), { card: { brand: "visa", last4: "4242" } });
    expect((await postEvent(event)).body.result).toBe("applied");
    expect((await postEvent(event)).body.result).toBe("duplicate");
    expect((await postEvent(event)).body.result).toBe("duplicate");

    const sent = await sentOf(orderId, "receipt");
    expect(sent.sms).toHaveLength(1);
    expect(sent.email).toHaveLength(1);
    expect(sent.sms[0].message).toBe(
      `Regrip: thanks! We received $53.00 for order R-${order.number} (Visa ending in 4242). Strip and Grip $45.00, Handle Build-Up $8.00, Total $53.00. It will be ready on Tuesday, December 1. Your order: ${process.env[env.siteUrl]}/orders/${orderId}`,
    );
    expect(sent.email[0]).toMatchObject({ recipient: customer.email, messageType: "receipt", subject: `Your Regrip receipt for order R-${order.number}` });
    expect(sent.email[0].message).toContain(
      [
        "  Strip and Grip (Black, Tacky): $45.00",
        "  Handle Build-Up: $8.00",
        "  Total: $53.00",
        "  Paid (Visa ending in 4242): $53.00",
        "  Balance due: $0.00",
        "Ready for pickup: Tuesday, December 1 at Regrip Littleton",
      ].join("\n"),
    );
    expect(outboxTo(customer.email).filter((entry) => entry.subject === `Your Regrip receipt for order R-${order.number}`)).toHaveLength(1);
  });

  it("goes on no channel switched off, and a payment of another amount sends none", async () => {
    const { customer, orderId, order } = await bookedOrder();
    await allow(customer.userId, { sms: false, email: false });
    expect((await postEvent(checkoutCompleted(order, localSessionId(orderId)))).body.result).toBe("applied");
    expect(await sentOf(orderId, "receipt")).toEqual({ sms: [], email: [] });

    const other = await bookedOrder();
    await allow(other.customer.userId, { sms: true, email: true });
    await postEvent(checkoutCompleted(other.order, localSessionId(other.orderId), { amountCents: 100 }));
    expect((await orderOf(other.orderId)).paymentStatus).toBe("unpaid");
    expect(await sentOf(other.orderId, "receipt")).toEqual({ sms: [], email: [] });
  });
});

describe("the refund notice", () => {
  it("is texted and emailed once when staff cancel with a refund, and Stripe's later report of it sends nothing", async () => {
    const { customer, orderId, order } = await bookedOrder();
    await allow(customer.userId, { sms: true, email: true });
    await postEvent(checkoutCompleted(order, localSessionId(orderId)));
    const answer = await call("POST", `/api/orders/${orderId}/status`, { token: staff.employee, body: { status: "CANCELED", refund: true, note: "Paddle cracked on arrival" } });
    expect(answer.status).toBe(200);
    const refunded = await orderOf(orderId);
    expect(refunded).toMatchObject({ paymentStatus: "refunded", refundedAmountCents: 5300 });
    const event = chargeRefunded(refunded, 5300);
    expect((await postEvent(event)).body.result).toBe("unchanged");
    expect((await postEvent(event)).body.result).toBe("duplicate");

    const sent = await sentOf(orderId, "refundNotice");
    expect(sent.sms.map((entry) => entry.message)).toEqual([
      `Regrip: we've refunded $53.00 for order R-${order.number}: back to your Visa ending in 4242. It can take 5 to 10 days to show on your statement. Your bill: Total $53.00, Refunded -$53.00, Still paid $0.00.`,
    ]);
    expect(sent.email).toHaveLength(1);
    expect(sent.email[0].message).toContain(["  Total: $53.00", "  Paid (Visa ending in 4242): $53.00", "  Refunded: -$53.00", "  Still paid: $0.00"].join("\n"));
    expect(sent.email[0]).toMatchObject({ messageType: "refund", recipient: customer.email, subject: `Your Regrip refund for order R-${order.number}` });
  });

  it("tells a refund made in Stripe (charge.refunded) once, and only on the channels allowed", async () => {
    const { customer, orderId, order } = await bookedOrder();
    await allow(customer.userId, { sms: false, email: true });
    await postEvent(checkoutCompleted(order, localSessionId(orderId)));
    const partial = chargeRefunded(await orderOf(orderId), 800);
    expect((await postEvent(partial)).body.result).toBe("applied");
    expect((await postEvent(partial)).body.result).toBe("duplicate");
    // The same cumulative figure in a new event changes nothing and tells nothing.
    expect((await postEvent(chargeRefunded(await orderOf(orderId), 800))).body.result).toBe("unchanged");
    const sent = await sentOf(orderId, "refundNotice");
    expect(sent.sms).toEqual([]);
    expect(sent.email.map((entry) => entry.message.split("\n")[0])).toEqual([`We've refunded $8.00 for order R-${order.number}: back to your Visa ending in 4242. It can take 5 to 10 days to show on your statement.`]);
    // The bill as the refund left it: what was paid, what came back, what stays paid.
    expect(sent.email[0].message).toContain(["  Total: $53.00", "  Paid (Visa ending in 4242): $53.00", "  Refunded: -$8.00", "  Still paid: $45.00"].join("\n"));
  });
});

describe("the email grant", () => {
  it("refuses an email from a route that did not declare it: the booking stands, the text goes, no email is sent", async () => {
    const route = findRoute("POST /api/book-service")!;
    const saved = route.grants;
    route.grants = { ...saved, email: false };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const customer = await bookingCustomer();
      await allow(customer.userId, { sms: true, email: true });
      const answer = await book(customer.token, customer.paddleId, { service: demo.basicBlackDry });
      expect(answer.status).toBe(201);
      const sent = await sentOf(answer.body.id, "bookingConfirmation");
      expect(sent.sms).toHaveLength(1);
      expect(sent.email).toEqual([]);
      expect(outboxTo(customer.email)).toEqual([]);
      const said = logged.mock.calls.flat().map((part) => (part instanceof Error ? part.message : String(part)));
      expect(said.join("\n")).toContain("POST /api/book-service is not granted email");
    } finally {
      route.grants = saved;
    }
  });
});
