/**
 * The local stand-in for Stripe (DESIGN §2): without STRIPE_SECRET_KEY a
 * checkout is the local payment page at `<site>/local-pay/<sessionId>`
 * (served by infra/local, like DynamoDB Local it is not part of the web
 * app). Its Pay and Decline buttons send the events Stripe would send,
 * built here and signed with STRIPE_WEBHOOK_SECRET, to the same webhook
 * handler. Tests build their events here too.
 *
 * A local session id carries its order id (`cs_local_<orderId>_<random>`),
 * so the page needs no store of its own: the order's
 * `stripeCheckoutSessionId` says whether the session is the current one.
 */
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { OrderItem } from "../orders/view";
import { orderReference } from "../shared/orders";
import { cardOf, checkoutLines, tipMetadata, type PaymentProvider, type TipCheckout } from "./provider-parts";

const SESSION_PREFIX = "cs_local_";

/** The card every local payment is made with. */
export const LOCAL_CARD = { brand: "visa", last4: "4242" } as const;
const LOCAL_DECLINE_MESSAGE = "Your card was declined.";

export function localSessionId(orderId: string): string {
  return `${SESSION_PREFIX}${orderId}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
}

/** The order id inside a local session id; undefined for anything else. */
export function orderIdOfLocalSession(sessionId: string): string | undefined {
  if (!sessionId.startsWith(SESSION_PREFIX)) return undefined;
  const rest = sessionId.slice(SESSION_PREFIX.length);
  const cut = rest.lastIndexOf("_");
  return cut > 0 ? rest.slice(0, cut) : undefined;
}

const TIP_SESSION_PREFIX = `${SESSION_PREFIX}tip_`;

/** A local tip session's id carries its order and tip (`cs_local_tip_<orderId>_<tipId>`): the page reads the pending tip by them. */
export const localTipSessionId = (orderId: string, tipId: string) => `${TIP_SESSION_PREFIX}${orderId}_${tipId}`;

/** The order and tip of a local tip session id; undefined for anything else. */
export function tipOfLocalSession(sessionId: string): { orderId: string; tipId: string } | undefined {
  if (!sessionId.startsWith(TIP_SESSION_PREFIX)) return undefined;
  const [orderId, tipId, ...rest] = sessionId.slice(TIP_SESSION_PREFIX.length).split("_");
  return orderId && tipId && rest.length === 0 ? { orderId, tipId } : undefined;
}

export function localProvider(): PaymentProvider {
  return {
    name: "local",
    async createCheckoutSession(order, urls) {
      const id = localSessionId(order.id);
      return { id, url: `${urls.siteUrl}/local-pay/${id}` };
    },
    async createTipCheckout(tip, urls) {
      const id = localTipSessionId(tip.orderId, tip.tipId);
      return { id, url: `${urls.siteUrl}/local-pay/${id}` };
    },
    async refund(order, amountCents) {
      if (!order.stripePaymentIntentId) throw new Error("The order has no card payment to refund.");
      return { id: `re_local_${randomUUID().replace(/-/g, "").slice(0, 16)}`, amountCents };
    },
    // Local events carry the payment intent expanded with its charge, as `expand` would give it.
    async paymentDetails(session) {
      return cardOf(session.payment_intent);
    },
    // Every local object carries its order id in its metadata.
    async orderIdOfPaymentIntent() {
      return undefined;
    },
  };
}

// ---------------------------------------------------------------------------
// Events, shaped as Stripe sends them (only the fields a handler may read
// are filled; the rest of Stripe's objects is left out).

const short = () => randomUUID().replace(/-/g, "").slice(0, 16);

type OrderFacts = Pick<OrderItem, "id" | "bagNumber" | "lineItems" | "totalCents" | "currency" | "promoCode">;

export function stripeEvent<T extends Stripe.Event["type"]>(
  type: T,
  object: unknown,
  options: { id?: string; created?: Date } = {},
): Stripe.Event {
  return {
    id: options.id ?? `evt_local_${short()}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor((options.created ?? new Date()).getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event;
}

function paymentIntent(order: Pick<OrderItem, "id" | "totalCents" | "currency">, options: { id?: string; card?: { brand: string; last4: string }; failure?: string }) {
  const id = options.id ?? `pi_local_${short()}`;
  return {
    id,
    object: "payment_intent",
    amount: order.totalCents,
    currency: order.currency,
    metadata: { orderId: order.id },
    status: options.failure ? "requires_payment_method" : "succeeded",
    last_payment_error: options.failure ? { type: "card_error", code: "card_declined", message: options.failure } : null,
    latest_charge: options.card
      ? {
          id: `ch_local_${short()}`,
          object: "charge",
          amount: order.totalCents,
          payment_intent: id,
          metadata: { orderId: order.id },
          payment_method_details: { type: "card", card: { brand: options.card.brand, last4: options.card.last4 } },
        }
      : null,
  };
}

/** `checkout.session.completed` for a paid session. `amountCents` defaults to the order's total. */
export function checkoutCompleted(
  order: OrderFacts,
  sessionId: string,
  options: { amountCents?: number; paymentIntentId?: string; card?: { brand: string; last4: string }; eventId?: string } = {},
): Stripe.Event {
  return stripeEvent(
    "checkout.session.completed",
    {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: options.amountCents ?? order.totalCents,
      currency: order.currency,
      client_reference_id: order.id,
      metadata: { orderId: order.id, reference: orderReference(order) },
      line_items: checkoutLines(order),
      payment_intent: paymentIntent(order, { id: options.paymentIntentId, card: options.card ?? LOCAL_CARD }),
    },
    { id: options.eventId },
  );
}

/** `checkout.session.expired`: the session was left unpaid. */
export function checkoutExpired(order: OrderFacts, sessionId: string, options: { eventId?: string } = {}): Stripe.Event {
  return stripeEvent(
    "checkout.session.expired",
    {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "expired",
      payment_status: "unpaid",
      amount_total: order.totalCents,
      currency: order.currency,
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      payment_intent: null,
    },
    { id: options.eventId },
  );
}

/** `payment_intent.payment_failed`: the card was declined. */
export function paymentFailed(order: OrderFacts, options: { reason?: string; eventId?: string } = {}): Stripe.Event {
  return stripeEvent("payment_intent.payment_failed", paymentIntent(order, { failure: options.reason ?? LOCAL_DECLINE_MESSAGE }), {
    id: options.eventId,
  });
}

/** `invoice.paid`: a hosted invoice for the order was paid. */
export function invoicePaid(order: OrderFacts, options: { amountCents?: number; invoiceId?: string; eventId?: string } = {}): Stripe.Event {
  return stripeEvent(
    "invoice.paid",
    {
      id: options.invoiceId ?? `in_local_${short()}`,
      object: "invoice",
      status: "paid",
      amount_paid: options.amountCents ?? order.totalCents,
      currency: order.currency,
      metadata: { orderId: order.id },
    },
    { id: options.eventId },
  );
}

/** `charge.refunded`: `refundedCents` is the charge's cumulative refunded amount. */
export function chargeRefunded(
  order: OrderFacts & Pick<OrderItem, "stripePaymentIntentId">,
  refundedCents: number,
  options: { eventId?: string; withMetadata?: boolean } = {},
): Stripe.Event {
  return stripeEvent(
    "charge.refunded",
    {
      id: `ch_local_${short()}`,
      object: "charge",
      amount: order.totalCents,
      amount_refunded: refundedCents,
      refunded: refundedCents >= order.totalCents,
      currency: order.currency,
      payment_intent: order.stripePaymentIntentId ?? null,
      metadata: options.withMetadata === false ? {} : { orderId: order.id },
    },
    { id: options.eventId },
  );
}

/** `checkout.session.completed` for a paid tip session (the local page's Pay; tests). `amountCents` defaults to the tip's. */
export function tipCheckoutCompleted(
  tip: Pick<TipCheckout, "tipId" | "orderId" | "userId" | "amountCents" | "currency">,
  sessionId: string,
  options: { amountCents?: number; paymentIntentId?: string; eventId?: string } = {},
): Stripe.Event {
  const amount = options.amountCents ?? tip.amountCents;
  const metadata = tipMetadata(tip);
  const intentId = options.paymentIntentId ?? `pi_local_${short()}`;
  return stripeEvent(
    "checkout.session.completed",
    {
      id: sessionId,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: amount,
      currency: tip.currency,
      metadata: metadata.session,
      payment_intent: {
        id: intentId,
        object: "payment_intent",
        amount,
        currency: tip.currency,
        metadata: metadata.paymentIntent,
        status: "succeeded",
        latest_charge: {
          id: `ch_local_${short()}`,
          object: "charge",
          amount,
          payment_intent: intentId,
          metadata: metadata.paymentIntent,
          payment_method_details: { type: "card", card: LOCAL_CARD },
        },
      },
    },
    { id: options.eventId },
  );
}

/** The raw body and `Stripe-Signature` header Stripe would post for `event`. */
export function signed(event: Stripe.Event, webhookSecret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
}
