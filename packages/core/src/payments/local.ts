/**
 * The local stand-in for Stripe: without STRIPE_SECRET_KEY a
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
import { createHash, randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { OrderItem } from "../orders/view";
import type { Plan } from "../shared/membership";
import { cardOf, orderCheckoutMetadata, packMetadata, subscriptionMetadata, tipMetadata, type PackCheckout, type PaymentProvider, type TipCheckout, type TipWithPayment } from "./provider-parts";

const SESSION_PREFIX = "cs_local_";

/** The card every local payment is made with. */
export const LOCAL_CARD = { brand: "visa", last4: "4242" } as const;
const LOCAL_DECLINE_MESSAGE = "Your card was declined.";

export function localSessionId(orderId: string): string {
  return `${SESSION_PREFIX}${orderId}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
}

/**
 * A local session of an order's balance with a tip (payments/checkout.ts): `cs_local_<orderId>_t<tipId>`, so the
 * page finds the order as for any session and the pending tip by the end (ids hold no "_", and a random end is hex).
 */
export const localTippedSessionId = (orderId: string, tipId: string) => `${SESSION_PREFIX}${orderId}_t${tipId}`;

/** The tip a local order session carries with the balance (`localTippedSessionId`); undefined for any other session. */
export function tipIdOfLocalSession(sessionId: string): string | undefined {
  if (!orderIdOfLocalSession(sessionId)) return undefined;
  const end = sessionId.slice(sessionId.lastIndexOf("_") + 1);
  return end.startsWith("t") && end.length > 1 ? end.slice(1) : undefined;
}

/**
 * A local subscription checkout's session id. It carries nothing the page trusts: the page finds what was
 * bought in the pending checkout written when the session was made (subscriptions/checkout.ts).
 */
const SUBSCRIPTION_SESSION_PREFIX = "cs_local_sub_";
export const isLocalSubscriptionSession = (sessionId: string) => sessionId.startsWith(SUBSCRIPTION_SESSION_PREFIX);

/** The order id inside a local session id; undefined for anything else. */
export function orderIdOfLocalSession(sessionId: string): string | undefined {
  if (!sessionId.startsWith(SESSION_PREFIX) || isLocalSubscriptionSession(sessionId)) return undefined;
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

const PACK_SESSION_PREFIX = `${SESSION_PREFIX}pack_`;

/** A local pack session's id carries its owner and bought pack (`cs_local_pack_<userId>_<packCreditId>`): the page reads the pending pack by them. */
export const localPackSessionId = (userId: string, packCreditId: string) => `${PACK_SESSION_PREFIX}${userId}_${packCreditId}`;

/** The owner and bought pack of a local pack session id; undefined for anything else. */
export function packOfLocalSession(sessionId: string): { userId: string; packCreditId: string } | undefined {
  if (!sessionId.startsWith(PACK_SESSION_PREFIX)) return undefined;
  const [userId, packCreditId, ...rest] = sessionId.slice(PACK_SESSION_PREFIX.length).split("_");
  return userId && packCreditId && rest.length === 0 ? { userId, packCreditId } : undefined;
}

export function localProvider(): PaymentProvider {
  return {
    name: "local",
    async createCheckoutSession(order, urls) {
      const id = urls.tip ? localTippedSessionId(order.id, urls.tip.tipId) : localSessionId(order.id);
      return { id, url: `${urls.siteUrl}/local-pay/${id}` };
    },
    async createTipCheckout(tip, urls) {
      const id = localTipSessionId(tip.orderId, tip.tipId);
      return { id, url: `${urls.siteUrl}/local-pay/${id}` };
    },
    async createPackCheckout(pack, urls) {
      const id = localPackSessionId(pack.userId, pack.packCreditId);
      return { id, url: `${urls.siteUrl}/local-pay/${id}` };
    },
    async refund(order, amountCents, idempotencyKey) {
      if (!order.stripePaymentIntentId) throw new Error("The order has no card payment to refund.");
      // As Stripe: the same idempotency key answers the same refund.
      const id = idempotencyKey ? createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 16) : randomUUID().replace(/-/g, "").slice(0, 16);
      return { id: `re_local_${id}`, amountCents };
    },
    // Local events carry the payment intent expanded with its charge, as `expand` would give it.
    async paymentDetails(session) {
      return cardOf(session.payment_intent);
    },
    // Every local object carries its order id in its metadata.
    async orderIdOfPaymentIntent() {
      return undefined;
    },
    // The local payment page refunds nothing: a pack's refund is Stripe's (its charge.refunded event).
    async packOfPaymentIntent() {
      return undefined;
    },
    async createSubscriptionCheckout(request) {
      const id = `${SUBSCRIPTION_SESSION_PREFIX}${randomUUID().replace(/-/g, "")}`;
      return { id, url: `${request.siteUrl}/local-pay/${id}` };
    },
    // Stripe answers the updated subscription at once; the local one has nothing to ask and answers the same.
    async cancelAtPeriodEnd(subscription) {
      return { status: subscription.status, cancelAtPeriodEnd: true };
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

/** A payment-mode Checkout session as Stripe's events carry it: paid and complete, or left unpaid and expired. */
const checkoutSession = (id: string, paid: boolean) =>
  ({ id, object: "checkout.session", mode: "payment", status: paid ? "complete" : "expired", payment_status: paid ? "paid" : "unpaid" }) as const;

/** `checkout.session.completed` for a paid session. `amountCents` defaults to the order's total, and its tip's with `tip`. */
export function checkoutCompleted(
  order: OrderFacts,
  sessionId: string,
  options: { amountCents?: number; paymentIntentId?: string; card?: { brand: string; last4: string }; eventId?: string; tip?: TipWithPayment } = {},
): Stripe.Event {
  return stripeEvent(
    "checkout.session.completed",
    {
      ...checkoutSession(sessionId, true),
      amount_total: options.amountCents ?? order.totalCents + (options.tip?.amountCents ?? 0),
      currency: order.currency,
      client_reference_id: order.id,
      metadata: orderCheckoutMetadata(order, options.tip),
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
      ...checkoutSession(sessionId, false),
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
      ...checkoutSession(sessionId, true),
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

/** `checkout.session.completed` for a paid pack session (the local page's Pay; tests). `amountCents` defaults to the pack's. */
export function packCheckoutCompleted(
  pack: Pick<PackCheckout, "packCreditId" | "userId" | "amountCents" | "currency">,
  sessionId: string,
  options: { amountCents?: number; paymentIntentId?: string; eventId?: string } = {},
): Stripe.Event {
  const amount = options.amountCents ?? pack.amountCents;
  const metadata = packMetadata(pack);
  const intentId = options.paymentIntentId ?? `pi_local_${short()}`;
  return stripeEvent(
    "checkout.session.completed",
    {
      ...checkoutSession(sessionId, true),
      amount_total: amount,
      currency: pack.currency,
      metadata,
      payment_intent: {
        id: intentId,
        object: "payment_intent",
        amount,
        currency: pack.currency,
        metadata,
        status: "succeeded",
        latest_charge: { id: `ch_local_${short()}`, object: "charge", amount, payment_intent: intentId, metadata, payment_method_details: { type: "card", card: LOCAL_CARD } },
      },
    },
    { id: options.eventId },
  );
}

// ---------------------------------------------------------------------------
// Subscription events (a checkout in subscription mode, its subscription and invoices), as Stripe sends them.

/** What a subscription event says about its subscription. */
export interface SubscriptionEventFacts {
  id: string;
  userId: string;
  plan: Plan;
  paddleIds: readonly string[];
  status: string;
  /** The current period: Stripe puts its bounds on the subscription's item (this API version). */
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  priceCents: number;
  customerId?: string;
}

/** One calendar month after `start` (Stripe's monthly billing), in UTC. */
export function monthAfter(start: Date): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

const epoch = (at: Date) => Math.floor(at.getTime() / 1000);

/** A `subscription` object as the customer.subscription.* events carry it. */
function subscriptionObject(facts: SubscriptionEventFacts) {
  return {
    id: facts.id,
    object: "subscription",
    status: facts.status,
    customer: facts.customerId ?? `cus_local_${facts.userId.replace(/[^A-Za-z0-9]/g, "").slice(0, 16)}`,
    cancel_at_period_end: facts.cancelAtPeriodEnd ?? false,
    metadata: subscriptionMetadata(facts),
    items: {
      object: "list",
      data: [
        {
          id: `si_local_${facts.id.slice(-12)}`,
          object: "subscription_item",
          current_period_start: epoch(facts.periodStart),
          current_period_end: epoch(facts.periodEnd),
          price: { id: `price_local_${facts.plan.toLowerCase()}`, object: "price", unit_amount: facts.priceCents, currency: "usd", recurring: { interval: "month" } },
        },
      ],
    },
  };
}

/** `customer.subscription.created`, `.updated` or `.deleted`. */
export function subscriptionEvent(
  type: "customer.subscription.created" | "customer.subscription.updated" | "customer.subscription.deleted",
  facts: SubscriptionEventFacts,
  options: { eventId?: string; created?: Date } = {},
): Stripe.Event {
  return stripeEvent(type, subscriptionObject(facts), { id: options.eventId, created: options.created });
}

/**
 * `invoice.paid` or `invoice.payment_failed` of a subscription's invoice: the subscription named where this API
 * version names it (`parent.subscription_details.subscription`), its metadata snapshot beside it.
 */
export function subscriptionInvoiceEvent(
  type: "invoice.paid" | "invoice.payment_failed",
  facts: SubscriptionEventFacts,
  options: { invoiceId?: string; eventId?: string; created?: Date; billingReason?: string; amountCents?: number; reason?: string } = {},
): Stripe.Event {
  const paid = type === "invoice.paid";
  const amount = options.amountCents ?? facts.priceCents;
  return stripeEvent(
    type,
    {
      id: options.invoiceId ?? `in_local_${short()}`,
      object: "invoice",
      status: paid ? "paid" : "open",
      billing_reason: options.billingReason ?? "subscription_create",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      currency: "usd",
      customer: subscriptionObject(facts).customer,
      period_start: epoch(facts.periodStart),
      period_end: epoch(facts.periodEnd),
      metadata: {},
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: facts.id, metadata: subscriptionMetadata(facts) },
      },
      ...(paid ? {} : { last_finalization_error: null, attempt_count: 1, next_payment_attempt: epoch(new Date(facts.periodStart.getTime() + 3 * 86_400_000)) }),
      ...(options.reason ? { description: options.reason } : {}),
    },
    { id: options.eventId, created: options.created },
  );
}

/** `checkout.session.completed` of a checkout in subscription mode. */
function subscriptionCheckoutCompleted(facts: SubscriptionEventFacts, sessionId: string, options: { eventId?: string; created?: Date } = {}): Stripe.Event {
  const metadata = subscriptionMetadata(facts);
  return stripeEvent(
    "checkout.session.completed",
    {
      id: sessionId,
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      payment_status: "paid",
      amount_total: facts.priceCents,
      currency: "usd",
      client_reference_id: facts.userId,
      customer: subscriptionObject(facts).customer,
      subscription: facts.id,
      metadata,
      payment_intent: null,
    },
    { id: options.eventId, created: options.created },
  );
}

/**
 * What Stripe sends when a subscription checkout is paid: the subscription made active for a month, its first
 * invoice paid, the session completed. Ids are derived from the session, so a second Pay of the same session
 * sends the same events (the webhook's ledger applies them once) for the same subscription.
 */
export function subscriptionCheckoutEvents(
  checkout: { sessionId: string; userId: string; plan: Plan; paddleIds: readonly string[]; priceCents: number },
  now: Date = new Date(),
): { subscription: SubscriptionEventFacts; events: Stripe.Event[] } {
  const key = checkout.sessionId.slice(-16);
  const subscription: SubscriptionEventFacts = {
    id: `sub_local_${key}`,
    userId: checkout.userId,
    plan: checkout.plan,
    paddleIds: checkout.paddleIds,
    status: "active",
    periodStart: now,
    periodEnd: monthAfter(now),
    priceCents: checkout.priceCents,
  };
  return {
    subscription,
    events: [
      subscriptionEvent("customer.subscription.created", subscription, { eventId: `evt_local_${key}_created`, created: now }),
      subscriptionInvoiceEvent("invoice.paid", subscription, { invoiceId: `in_local_${key}`, eventId: `evt_local_${key}_paid`, created: now }),
      subscriptionCheckoutCompleted(subscription, checkout.sessionId, { eventId: `evt_local_${key}_completed`, created: now }),
    ],
  };
}

/** The raw body and `Stripe-Signature` header Stripe would post for `event`. */
export function signed(event: Stripe.Event, webhookSecret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
}
