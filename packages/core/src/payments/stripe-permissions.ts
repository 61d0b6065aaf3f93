/**
 * What a restricted Stripe key (`rk_...`) must be allowed for the shop to work: every Stripe API resource the code
 * calls, with the access its calls need. The server's calls are in payments/stripe.ts (Checkout sessions, refunds,
 * payment intents, subscriptions); `npm run stage:setup`'s are in scripts/lib/stripe-webhook.ts (webhook endpoints,
 * over REST). The deploy guide's list is this constant (scripts/lib/stripe-webhook.ts `stripeKeyMarkdown`, held by
 * scripts/lib/docs.test.ts), and scripts/lib/stripe-calls.test.ts holds it to the calls the sources make: a new call
 * on a resource not listed here, or a listed resource nothing calls any more, fails there.
 *
 * Read by no function: a deployed stage only ever uses the key.
 */
export interface StripeKeyPermission {
  /** The resource as the Stripe dashboard's restricted key form names it. */
  resource: string;
  /** The SDK's name for it (`stripe.<sdk>.<method>`): `checkout.sessions`, `paymentIntents`. */
  sdk: string;
  access: "read" | "write";
  /** Fields of other objects the code expands into this resource (`expand: ["latest_charge"]` reads a Charge). */
  expandedAs?: readonly string[];
  /** What the shop does with it. */
  why: string;
}

export const STRIPE_KEY_PERMISSIONS = [
  { resource: "Checkout Sessions", sdk: "checkout.sessions", access: "write", why: "a card checkout, a tip, a membership's checkout" },
  { resource: "Refunds", sdk: "refunds", access: "write", why: "a card refund" },
  { resource: "Subscriptions", sdk: "subscriptions", access: "write", why: "a membership canceled at the end of its period" },
  { resource: "Webhook Endpoints", sdk: "webhookEndpoints", access: "write", why: "`npm run stage:setup` finds, creates or completes the stage's endpoint" },
  { resource: "PaymentIntents", sdk: "paymentIntents", access: "read", why: "the webhook finds a payment's order and its card" },
  { resource: "Charges", sdk: "charges", access: "read", expandedAs: ["latest_charge"], why: "the card's brand and last 4 digits, read from the payment intent's latest charge" },
] as const satisfies readonly StripeKeyPermission[];
