import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import type { OrderItem } from "../orders/view";
import {
  checkoutCompleted,
  localProvider,
  localSessionId,
  localTipSessionId,
  orderIdOfLocalSession,
  paymentFailed,
  signed,
  tipCheckoutCompleted,
  tipOfLocalSession,
} from "./local";
import { checkoutLines } from "./provider";

const order = {
  id: "3f1c2b8e-1111-4222-8333-944455556666",
  bagNumber: "901",
  lineItems: [{ name: "Strip and Grip", priceCents: 4500, quantity: 1 }],
  subtotalCents: 4500,
  discountAmountCents: 0,
  taxCents: 0,
  totalCents: 4500,
  currency: "usd",
  paymentStatus: "unpaid",
  paymentMethod: "STRIPE",
  refundedAmountCents: 0,
} as unknown as OrderItem;

describe("the local payment stand-in", () => {
  it("carries a tip's order and tip ids in its tip session ids, and its event the tip's metadata", async () => {
    const tipId = "7a1c2b8e-2222-4333-8444-955566667777";
    const session = await localProvider().createTipCheckout(
      { tipId, orderId: order.id, userId: "user-1", amountCents: 675, currency: "usd", reference: "901" },
      { siteUrl: "http://localhost:3000", successUrl: "", cancelUrl: "" },
    );
    expect(session).toEqual({ id: localTipSessionId(order.id, tipId), url: `http://localhost:3000/local-pay/${localTipSessionId(order.id, tipId)}` });
    expect(tipOfLocalSession(session.id)).toEqual({ orderId: order.id, tipId });
    expect(tipOfLocalSession(localSessionId(order.id))).toBeUndefined();
    expect(tipOfLocalSession(`${session.id}_more`)).toBeUndefined();
    const event = tipCheckoutCompleted({ tipId, orderId: order.id, userId: "user-1", amountCents: 675, currency: "usd" }, session.id);
    const object = event.data.object as Stripe.Checkout.Session & { payment_intent: Stripe.PaymentIntent };
    expect(object).toMatchObject({ amount_total: 675, payment_status: "paid", metadata: { kind: "tip", orderId: order.id, userId: "user-1", tipId } });
    expect(object.payment_intent.metadata).toEqual({ kind: "tip", tipId, tipOf: order.id });
  });

  it("carries the order id in its session ids", () => {
    const id = localSessionId(order.id);
    expect(id).toMatch(/^cs_local_/);
    expect(orderIdOfLocalSession(id)).toBe(order.id);
    expect(orderIdOfLocalSession("cs_test_a1b2")).toBeUndefined();
  });

  it("opens its checkout at <site>/local-pay/<sessionId>", async () => {
    const session = await localProvider().createCheckoutSession(order, { siteUrl: "http://localhost:3000", successUrl: "", cancelUrl: "" });
    expect(session.url).toBe(`http://localhost:3000/local-pay/${session.id}`);
  });

  it("signs events that Stripe's own verification accepts, and only with the same secret", () => {
    const event = checkoutCompleted(order, localSessionId(order.id));
    const { payload, signature } = signed(event, "whsec_local_test");
    const verified = Stripe.webhooks.constructEvent(payload, signature, "whsec_local_test");
    expect(verified).toMatchObject({ type: "checkout.session.completed", data: { object: { amount_total: 4500, metadata: { orderId: order.id } } } });
    expect(() => Stripe.webhooks.constructEvent(payload, signature, "whsec_other")).toThrow();
  });

  it("reads the card of a local completed session, and says why a local card was declined", async () => {
    const event = checkoutCompleted(order, "cs_local_x", { card: { brand: "visa", last4: "1111" } });
    const details = await localProvider().paymentDetails(event.data.object as Stripe.Checkout.Session);
    expect(details).toMatchObject({ cardBrand: "visa", cardLast4: "1111", paymentIntentId: expect.stringMatching(/^pi_local_/) });
    expect(paymentFailed(order).data.object).toMatchObject({ metadata: { orderId: order.id }, last_payment_error: { message: "Your card was declined." } });
  });

  it("itemises a checkout whose lines add up to the total", () => {
    expect(checkoutLines(order)).toEqual([{ name: "Strip and Grip", description: undefined, amountCents: 4500, quantity: 1 }]);
  });
});
