/**
 * Card payments through Stripe: Checkout sessions, refunds, and the look-ups
 * the webhook needs (the card of a payment intent, the order of a charge).
 * The order id travels in the metadata of the session and of its payment
 * intent, which is how every event finds its order.
 */
import Stripe from "stripe";
import { orderReference } from "../shared/orders";
import { holdDeadline } from "../shared/unpaid-hold";
import { cardOf, checkoutLines, orderCheckoutMetadata, PACK_KIND, packLineName, packMetadata, subscriptionMetadata, tipLineName, tipMetadata, type PaymentProvider } from "./provider-parts";
import type { OrderItem } from "../orders/view";

/** Stripe Checkout's message beside its Pay button: the unpaid hold's deadline, for an order on hold. */
function withDeadline(order: OrderItem): { custom_text?: { submit: { message: string } } } {
  const deadline = holdDeadline(order, new Date());
  return deadline ? { custom_text: { submit: { message: `${deadline}.` } } } : {};
}

/** `config` is for tests: `{ host, port, protocol: "http" }` points the client at a local fake. */
export function stripeProvider(apiKey: string, config: Stripe.StripeConfig = {}): PaymentProvider {
  // Two tries of 8 s at most, so a silent Stripe fails inside the handler's Lambda timeout (stacks/handlers.ts).
  const stripe = new Stripe(apiKey, { maxNetworkRetries: 1, timeout: 8_000, ...config });
  return {
    name: "stripe",

    async createCheckoutSession(order, urls) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          ...checkoutLines(order).map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: order.currency,
              unit_amount: line.amountCents,
              product_data: { name: line.name, ...(line.description ? { description: line.description } : {}) },
            },
          })),
          // A pickup's tip paid with the balance: one line more, its amount the pending tip's.
          ...(urls.tip ? [{ quantity: 1, price_data: { currency: order.currency, unit_amount: urls.tip.amountCents, product_data: { name: tipLineName(orderReference(order)) } } }] : []),
        ],
        client_reference_id: order.id,
        metadata: orderCheckoutMetadata(order, urls.tip),
        payment_intent_data: { metadata: { orderId: order.id }, description: `Regrip order ${orderReference(order)}` },
        ...(order.customer?.email ? { customer_email: order.customer.email } : {}),
        success_url: urls.successUrl,
        cancel_url: urls.cancelUrl,
        // Closed by the end of the order's unpaid hold, so nobody pays for an order about to be canceled.
        ...(urls.expiresAt ? { expires_at: Math.floor(urls.expiresAt.getTime() / 1000) } : {}),
        // The hold's deadline in the confirmation's and the order page's words, above Stripe's Pay button.
        ...withDeadline(order),
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async createTipCheckout(tip, urls) {
      const metadata = tipMetadata(tip);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: tip.currency, unit_amount: tip.amountCents, product_data: { name: tipLineName(tip.reference) } } }],
          metadata: metadata.session,
          payment_intent_data: { metadata: metadata.paymentIntent, description: tipLineName(tip.reference) },
          ...(tip.email ? { customer_email: tip.email } : {}),
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
        },
        // One pending tip, one session: a retried request does not open a second one.
        { idempotencyKey: `tip-${tip.tipId}` },
      );
      if (!session.url) throw new Error(`Stripe returned tip checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async createPackCheckout(pack, urls) {
      const metadata = packMetadata(pack);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: pack.currency, unit_amount: pack.amountCents, product_data: { name: packLineName(pack.name) } } }],
          metadata,
          payment_intent_data: { metadata, description: packLineName(pack.name) },
          ...(pack.email ? { customer_email: pack.email } : {}),
          success_url: urls.successUrl,
          cancel_url: urls.cancelUrl,
        },
        // One pending pack, one session: a retried request does not open a second one.
        { idempotencyKey: `pack-${pack.packCreditId}` },
      );
      if (!session.url) throw new Error(`Stripe returned pack checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async refund(order, amountCents, idempotencyKey) {
      if (!order.stripePaymentIntentId) throw new Error("The order has no card payment to refund.");
      const refund = await stripe.refunds.create(
        { payment_intent: order.stripePaymentIntentId, amount: amountCents, metadata: { orderId: order.id } },
        // The same refund asked twice (a retry, a double click) is made once.
        { idempotencyKey: idempotencyKey ?? `refund-${order.id}-${order.refundedAmountCents + amountCents}` },
      );
      return { id: refund.id, amountCents: refund.amount };
    },

    async paymentDetails(session) {
      const intent = session.payment_intent;
      if (typeof intent !== "string") return cardOf(intent);
      return cardOf(await stripe.paymentIntents.retrieve(intent, { expand: ["latest_charge"] }));
    },

    async orderIdOfPaymentIntent(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      return intent.metadata?.orderId || undefined;
    },

    async packOfPaymentIntent(paymentIntentId) {
      const { metadata } = await stripe.paymentIntents.retrieve(paymentIntentId);
      return metadata?.kind === PACK_KIND && metadata.userId && metadata.packCreditId ? { userId: metadata.userId, packCreditId: metadata.packCreditId } : undefined;
    },

    // Checkout in subscription mode: the plan's monthly price (PLAN_TERMS, never the client's), our metadata on
    // the session and on the subscription it makes, so every customer.subscription.* and invoice event finds its owner.
    async createSubscriptionCheckout(request) {
      const metadata = subscriptionMetadata(request);
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: request.priceCents,
              recurring: { interval: "month" },
              product_data: { name: `Regrip ${request.planName}` },
            },
          },
        ],
        client_reference_id: request.userId,
        metadata,
        subscription_data: { metadata },
        ...(request.email ? { customer_email: request.email } : {}),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async cancelAtPeriodEnd({ id }) {
      const subscription = await stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey: `cancel-at-period-end-${id}` });
      return { status: subscription.status, cancelAtPeriodEnd: subscription.cancel_at_period_end };
    },
  };
}
