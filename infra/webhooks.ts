/**
 * The functions that are not routes of the API, as data: their handlers and what each may touch
 * (infra/grants.ts). Read by the Webhooks stack, by `npm run bench:lambda`, by the local shop
 * (infra/local/webhooks.ts) and by each handler, which runs under its own grants.
 */
import type { Grants } from "./grants";

export interface FunctionDeclaration {
  /** What it is called in refusals and reports. */
  name: string;
  /** The Lambda handler as SST names it (`<file without .ts>.<export>`). */
  handler: string;
  grants: Grants;
  /**
   * The cloud invokes it asynchronously (an SNS topic, CloudWatch Logs, a schedule): an invocation that fails
   * after Lambda's retries goes to its stack's failure queue (stacks/watch.ts), which its role may send to.
   */
  invokedAsync?: boolean;
}

/** Stripe's webhook: verifies with its signing secret, applies payments and refunds to orders, texts and emails the customer their receipt or refund notice. */
export const stripeWebhook = {
  name: "Stripe webhook",
  handler: "packages/functions/src/webhooks/stripe.handler",
  // A payment or refund with its ledger item, audit entries and counters in one transaction; a refund of a
  // payment that came too late goes back through Stripe, under the order's refund lock (put, then delete). Texts a
  // paid counter sale's receipt (receipts/).
  grants: { table: ["read", "put", "update", "delete"], texts: true, email: true, secrets: ["STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY"] },
} as const satisfies FunctionDeclaration;

/** Twilio's webhook: checks its signature with the auth token, stores replies, honours STOP/START, answers HELP. */
export const smsWebhook = {
  name: "SMS webhook (Twilio)",
  handler: "packages/functions/src/webhooks/sms.handler",
  // Each reply stored once (a put on its id), the number's opt-out kept (an upsert), HELP answered by text.
  grants: { table: ["read", "put", "update"], texts: true },
} as const satisfies FunctionDeclaration;

/** Texts in through Amazon SNS (the SmsInbound topic's subscriber): as Twilio's webhook, without a signature. */
export const snsInbound = {
  name: "SMS inbound (SNS)",
  handler: "packages/functions/src/webhooks/sns-sms.inbound",
  grants: { table: ["read", "put", "update"], texts: true },
  invokedAsync: true,
} as const satisfies FunctionDeclaration;

/** SNS's delivery status log lines: marks each text of the communications log delivered or failed. */
export const snsDeliveryStatus = {
  name: "SMS delivery status (SNS)",
  handler: "packages/functions/src/webhooks/sns-sms.deliveryStatus",
  grants: { table: ["read", "update"] },
  invokedAsync: true,
} as const satisfies FunctionDeclaration;

export const webhooks = [stripeWebhook, smsWebhook, snsInbound, snsDeliveryStatus] as const;
