/**
 * Stripe's events, verified and applied to orders exactly once.
 *
 * Every event finds its order through `metadata.orderId` (set on the
 * checkout session, its payment intent and our refunds). Each is applied
 * with its ledger item in one transaction (order-writes.ts, written by the
 * move writer, orders/move-writer.ts), and each
 * decision looks at what the order already holds, so repeats and disorder
 * change nothing they should not:
 *
 * | event | unpaid order | paid order | canceled order |
 * |---|---|---|---|
 * | checkout.session.completed, invoice.paid (amount = total) | paid, card, paidAt; awaiting payment → scheduled | nothing (a second payment intent is audited as a duplicate payment) | paid, then refunded in full (refund due) |
 * | the same with another amount | payment problem recorded, not paid | nothing | payment problem recorded |
 * | checkout.session.expired | forgets the session if it is the current one | nothing | nothing |
 * | payment_intent.payment_failed | paymentAttempts + 1, failure reason | nothing (logged) | attempts + reason |
 * | charge.refunded | kept as earlyRefundedCents (cumulative), applied when the payment lands | refundedAmountCents = the charge's cumulative refund; `refunded` when in full | same |
 *
 * A charge.refunded of a pack's payment is recorded on the bought pack instead (packs/refund.ts: `refundedCents`,
 * cumulative; `refunded` in full, its credits left void).
 *
 * A payment that marks a counter sale paid also texts its receipt, after the commit (receipts/ `withReceipt`).
 *
 * A completed checkout whose `metadata.kind` is "tip" records a tip (tips/record.ts) and never touches the order;
 * one whose kind is "pack" credits a bought pack of regrips (packs/record.ts).
 * An order's checkout that carried a pickup's tip with the balance (`metadata.tipId`, `tipCents`) pays the order
 * the amount less the tip, and records the tip apart, each under a ledger item of its own.
 *
 * `customer.subscription.created`, `.updated`, `.deleted` write the subscription and the active-subscriptions
 * counter (memberships/webhook.ts); so are a subscription's `invoice.paid` and `invoice.payment_failed` and a
 * `checkout.session.completed` in subscription mode applied there.
 */
import type Stripe from "stripe";
import * as z from "zod/mini";
import type { SystemActor } from "../actor";
import { fn } from "../actor/fn";
import { invalid, unavailable } from "../errors";
import { stageOfStatus } from "../shared/lifecycle";
import { findMove, paidStage } from "../orders/moves";
import type { OrderItem } from "../orders/view";
import { secret } from "../secrets";
import { verifyStripeSignature } from "./signature";
import { applyToOrder, readOrder, type ApplyOutcome, type OrderChange } from "./order-writes";
import { paymentProvider, type PaymentDetails } from "./provider";
import { earlyRefundOnPayment } from "./early-refund";
// The refund writer loads with the events that refund (a payment on a canceled order, charge.refunded), off the cold start.
const refunds = () => import("./refunds");
import { dollars } from "../shared/payment";
import { withReceipt } from "../receipts";
import { refundNotice } from "../notifications/confirmations";
// Memberships' and tips' events load their code when they come, off the cold start of an order's payment (npm run bench:lambda).
const memberships = () => import("../memberships/webhook");
import { HANDLED_EVENTS, type HandledEvent } from "./events";
import { PACK_KIND, TIP_KIND, tipCentsOf } from "./provider-parts";
import * as OrderNumbers from "../orders/numbers";

export const webhookActor: SystemActor = { type: "system", name: "stripe-webhook" };

/** The events handled, one handler each (`handlers` below): the list lives in events.ts, read by the scripts too. */
export { HANDLED_EVENTS };

export type EventResult =
  | "applied"
  | "unchanged"
  | "duplicate"
  /** Not an event we handle, or not about one of our orders. */
  | "ignored";

/**
 * The event in `rawBody` when its `Stripe-Signature` is valid for the
 * webhook's signing secret (and recent: Stripe's five-minute tolerance);
 * a 400 otherwise. Works offline: checking a signature needs no API call.
 */
async function verifyEvent(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  const signingSecret = await secret("STRIPE_WEBHOOK_SECRET");
  if (!signingSecret) throw unavailable("The webhook signing secret is not configured.");
  if (!signature) throw invalid("Missing Stripe-Signature header");
  try {
    return verifyStripeSignature<Stripe.Event>(rawBody, signature, signingSecret);
  } catch {
    throw invalid("Invalid signature");
  }
}

const at = (event: Stripe.Event) => new Date(event.created * 1000).toISOString();

const result = (applied: ApplyOutcome): EventResult => (applied.outcome === "missing" ? "ignored" : applied.outcome);

interface Payment {
  amountCents: number | null;
  currency: string | null;
  details: PaymentDetails;
  sessionId?: string;
  invoiceId?: string;
}

/** The decision for a payment of an order (checkout completed, invoice paid). */
function decidePayment(order: OrderItem, payment: Payment, event: Stripe.Event): OrderChange | null {
  const reference = payment.sessionId ?? payment.invoiceId;
  if (order.paymentStatus !== "unpaid") {
    // Paid (or comped) at the counter, then the texted link paid too: the card's money is due back.
    const atCounter = order.paymentMethod !== "STRIPE" && !order.stripePaymentIntentId && !!payment.details.paymentIntentId;
    const other = atCounter || (payment.details.paymentIntentId && order.stripePaymentIntentId && payment.details.paymentIntentId !== order.stripePaymentIntentId);
    if (!other || (order.paymentStatus !== "paid" && !atCounter)) return null;
    // Paid twice (two checkout tabs, or the link after the counter): staff must give one payment back.
    const paidOnline = payment.amountCents === null ? "A card payment" : `A card payment of ${dollars(payment.amountCents)}`;
    return {
      ...(atCounter
        ? { set: { paymentFailureReason: `${paidOnline} came in by the payment link after the order was settled at the counter: give it back from the Stripe dashboard.` } }
        : {}),
      audits: [
        {
          actor: webhookActor,
          action: "order.duplicate_payment",
          targetType: "order",
          targetId: order.id,
          diff: { ...OrderNumbers.audited(order), paymentIntentId: payment.details.paymentIntentId, amountCents: payment.amountCents, eventId: event.id },
        },
      ],
    };
  }
  if (payment.amountCents !== order.totalCents || (payment.currency ?? "").toLowerCase() !== order.currency) {
    const paid = payment.amountCents === null ? "an unknown amount" : dollars(payment.amountCents);
    return {
      set: {
        paymentFailureReason: `A payment of ${paid} (${payment.currency ?? "?"}) does not match the order total of ${dollars(order.totalCents)}; the order was not marked paid.`,
      },
      audits: [
        {
          actor: webhookActor,
          action: "order.payment_mismatch",
          targetType: "order",
          targetId: order.id,
          diff: { ...OrderNumbers.audited(order), amountCents: payment.amountCents, currency: payment.currency, totalCents: order.totalCents, reference, eventId: event.id },
        },
      ],
    };
  }
  const from = stageOfStatus[order.status];
  const move = findMove(from, paidStage(order), "system");
  const canceled = from === "canceled";
  const change: OrderChange = {
    set: {
      paymentStatus: "paid",
      paidAt: at(event),
      ...(payment.details.cardBrand ? { cardBrand: payment.details.cardBrand } : {}),
      ...(payment.details.cardLast4 ? { cardLast4: payment.details.cardLast4 } : {}),
      ...(payment.details.paymentIntentId ? { stripePaymentIntentId: payment.details.paymentIntentId } : {}),
      ...(payment.sessionId ? { stripeCheckoutSessionId: payment.sessionId } : {}),
      ...(payment.invoiceId ? { stripeInvoiceId: payment.invoiceId } : {}),
      ...(canceled ? { paymentFailureReason: "Paid after the order was canceled: the payment is due back to the customer." } : {}),
    },
    remove: canceled ? undefined : ["paymentFailureReason"],
    addAttempts: 1,
    audits: [
      {
        actor: webhookActor,
        action: "order.paid",
        targetType: "order",
        targetId: order.id,
        diff: {
          ...OrderNumbers.audited(order),
          paymentStatus: { from: "unpaid", to: "paid" },
          amountCents: payment.amountCents,
          paymentIntentId: payment.details.paymentIntentId,
          cardBrand: payment.details.cardBrand,
          cardLast4: payment.details.cardLast4,
          reference,
          eventId: event.id,
          ...(canceled ? { refundDue: true } : {}),
        },
      },
    ],
  };
  const early = earlyRefundOnPayment(order, webhookActor);
  if (early) {
    Object.assign(change.set!, early.set);
    change.remove = [...(change.remove ?? []), "earlyRefundedCents"];
    if (early.set.paymentStatus === "refunded") delete change.set!.paymentFailureReason;
    // After the move's own entry: the payment, the move it makes, then the refund that was waiting for it.
    change.auditsAfter = [early.audit];
    // The refund that was waiting is told after the receipt (receipts/ `withReceipt` puts that first).
    change.effects = [refundNotice({ ...order, ...change.set } as OrderItem, { amountCents: early.set.refundedAmountCents!, taxCents: 0, tender: "STRIPE" })];
  }
  // Out of awaiting payment: the writer makes the move (status, history, counts, audit, effects).
  if (move) change.move = { move, actor: webhookActor, at: at(event) };
  return change;
}

async function applyPayment(orderId: string, payment: Payment, event: Stripe.Event): Promise<EventResult> {
  // The receipt goes after the commit, as an effect of the very write the ledger makes once.
  const applied = await applyToOrder(orderId, (order) => withReceipt(order, decidePayment(order, payment, event)), { eventId: event.id });
  // Money that came in for a canceled order goes back at once (after the payment is on record).
  if (applied.outcome === "applied" && applied.change.set?.paymentStatus === "paid" && stageOfStatus[applied.before.status] === "canceled") {
    const order = await readOrder(orderId);
    if (order) await (await refunds()).refundInFull(order, webhookActor, { reason: "Paid after the order was canceled" });
  }
  return result(applied);
}

async function sessionCompleted(event: Stripe.CheckoutSessionCompletedEvent): Promise<EventResult> {
  const session = event.data.object;
  if (session.mode === "subscription") return (await memberships()).handleSubscriptionCheckout(event);
  // A tip's payment is the tip's (tips/record.ts), never the order's.
  if (session.metadata?.kind === TIP_KIND) return (await import("../tips/record")).recordTip(event);
  // A pack's payment credits the pack (packs/record.ts), never an order.
  if (session.metadata?.kind === PACK_KIND) return (await import("../packs/record")).recordPack(event);
  const orderId = session.metadata?.orderId || session.client_reference_id;
  if (!orderId) return "ignored";
  if (session.payment_status !== "paid") {
    // Delayed methods complete unpaid and send async_payment_succeeded later; cards are paid here.
    return result(await applyToOrder(orderId, () => null, { eventId: event.id }));
  }
  let details: PaymentDetails = {};
  try {
    details = await (await paymentProvider()).paymentDetails(session);
  } catch (error) {
    // The card's brand and last digits are nice to have; the payment is recorded without them.
    console.error(`Could not read the card of checkout session ${session.id}`, error);
    details = { paymentIntentId: typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id };
  }
  // A pickup's tip paid with the balance: the order's payment is the amount less the tip, and the tip is recorded
  // apart, with a ledger item of its own, whatever the order's part did (a repeat, a retry after it was written).
  const tipCents = session.metadata?.tipId ? tipCentsOf(session.metadata) : 0;
  const amountCents = session.amount_total === null ? null : session.amount_total - tipCents;
  const paid = await applyPayment(orderId, { amountCents, currency: session.currency, details, sessionId: session.id }, event);
  if (!session.metadata?.tipId) return paid;
  const tip = await (await import("../tips/record")).recordTip(event, { amountCents: tipCents, ledgerId: `${event.id}:tip` });
  return paid === "applied" || tip === "applied" ? "applied" : paid;
}

async function invoicePaid(event: Stripe.InvoicePaidEvent): Promise<EventResult> {
  const invoice = event.data.object;
  const orderId = invoice.metadata?.orderId;
  if (!orderId || !invoice.id) return "ignored";
  return applyPayment(orderId, { amountCents: invoice.amount_paid, currency: invoice.currency, details: {}, invoiceId: invoice.id }, event);
}

async function sessionExpired(event: Stripe.CheckoutSessionExpiredEvent): Promise<EventResult> {
  const session = event.data.object;
  const orderId = session.metadata?.orderId || session.client_reference_id;
  if (!orderId) return "ignored";
  const applied = await applyToOrder(
    orderId,
    (order) =>
      // Only an unpaid order's current session is forgotten, so the next checkout starts a new one.
      order.paymentStatus === "unpaid" && order.stripeCheckoutSessionId === session.id
        ? { remove: ["stripeCheckoutSessionId"], onlyIfSession: session.id }
        : null,
    { eventId: event.id },
  );
  return result(applied);
}

async function paymentFailed(event: Stripe.PaymentIntentPaymentFailedEvent): Promise<EventResult> {
  const intent = event.data.object;
  const orderId = intent.metadata?.orderId;
  if (!orderId) return "ignored";
  const reason = intent.last_payment_error?.message || "The payment failed.";
  const applied = await applyToOrder(
    orderId,
    (order) => {
      if (order.paymentStatus !== "unpaid") {
        console.warn(`payment_intent.payment_failed ${intent.id} for order ${order.id}, which is ${order.paymentStatus}: ignored`);
        return null;
      }
      return {
        set: { paymentFailureReason: reason },
        addAttempts: 1,
        audits: [
          {
            actor: webhookActor,
            action: "order.payment_failed",
            targetType: "order",
            targetId: order.id,
            diff: { reason, paymentIntentId: intent.id, code: intent.last_payment_error?.code, eventId: event.id },
          },
        ],
      };
    },
    { eventId: event.id },
  );
  return result(applied);
}

async function chargeRefunded(event: Stripe.ChargeRefundedEvent): Promise<EventResult> {
  const charge = event.data.object;
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  let orderId: string | undefined = charge.metadata?.orderId;
  if (!orderId && intentId) orderId = await (await paymentProvider()).orderIdOfPaymentIntent(intentId);
  if (!orderId && intentId) {
    // A pack's payment given back (in Stripe's dashboard): recorded on the bought pack (packs/refund.ts).
    const pack = await (await paymentProvider()).packOfPaymentIntent(intentId);
    if (pack) return (await import("../packs/refund")).recordPackRefund(event.id, pack, charge.amount_refunded);
  }
  if (!orderId) return "ignored";
  return result(await (await refunds()).recordRefund(orderId, charge.amount_refunded, webhookActor, { eventId: event.id, reason: "charge.refunded" }));
}

/**
 * One handler for each event of HANDLED_EVENTS, and none for anything else: the type makes a missing or an extra
 * one a compile error, so the list that stage:setup registers and the deploy guide prints cannot drift from what
 * is handled here.
 */
const handlers: { [T in HandledEvent]: (event: Extract<Stripe.Event, { type: T }>) => Promise<EventResult> } = {
  "checkout.session.completed": sessionCompleted,
  "checkout.session.expired": sessionExpired,
  "payment_intent.payment_failed": paymentFailed,
  "invoice.paid": async (event) => {
    const membership = await memberships();
    return membership.subscriptionOfInvoice(event.data.object) ? membership.handleSubscriptionInvoice(event) : invoicePaid(event);
  },
  "invoice.payment_failed": async (event) => (await memberships()).handleSubscriptionInvoice(event),
  "charge.refunded": chargeRefunded,
  "customer.subscription.created": async (event) => (await memberships()).handleSubscriptionEvent(event),
  "customer.subscription.updated": async (event) => (await memberships()).handleSubscriptionEvent(event),
  "customer.subscription.deleted": async (event) => (await memberships()).handleSubscriptionEvent(event),
};

const isHandled = (type: string): type is HandledEvent => Object.hasOwn(handlers, type);

/** Applies one verified event. Throws only for our own failures (Stripe then retries). */
function handleEvent(event: Stripe.Event): Promise<EventResult> {
  if (!isHandled(event.type)) return Promise.resolve("ignored");
  // The map's type pairs each name with its event's type; indexing by a union loses the pairing, hence the cast.
  return (handlers[event.type] as (event: Stripe.Event) => Promise<EventResult>)(event);
}

/** What Stripe posted: the exact bytes of its body, and its `Stripe-Signature` header. */
const StripePost = z.object({ body: z.string(), signature: z.optional(z.string()) });

/**
 * The webhook's entry point: the event in `body` when its signature is valid (a 400 otherwise, changing
 * nothing), applied. Staff work, called by the system (`webhookActor`). Answers which event it was and what
 * applying it did.
 */
export const receiveEvent = /* @__PURE__ */ fn(
  { role: "staff", input: StripePost },
  async (_actor, { body, signature }): Promise<{ type: string; id: string; result: EventResult }> => {
    const event = await verifyEvent(body, signature);
    return { type: event.type, id: event.id, result: await handleEvent(event) };
  },
);
