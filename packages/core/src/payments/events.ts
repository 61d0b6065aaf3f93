/**
 * The Stripe events the webhook handles, written once: the webhook's dispatcher (webhook.ts) has exactly one handler
 * per name here (its type refuses a missing or an extra one), `npm run stage:setup` registers the stage's Stripe
 * webhook endpoint for exactly these, and the deploy guide's list is this list (scripts/lib/docs.test.ts holds it).
 * A module of its own that imports nothing at run time, so the scripts read it without loading the webhook.
 */
import type Stripe from "stripe";

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "checkout.session.expired",
  "payment_intent.payment_failed",
  "invoice.paid",
  "invoice.payment_failed",
  "charge.refunded",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const satisfies readonly Stripe.Event["type"][];

export type HandledEvent = (typeof HANDLED_EVENTS)[number];
