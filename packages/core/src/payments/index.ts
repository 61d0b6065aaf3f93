/**
 * Card payments: checkout, the Stripe webhook, refunds, and the provider
 * (Stripe, or on one machine the local payment page) chosen from configuration.
 * Imported as a namespace: `import { Payments } from "@regrip/core/payments"`.
 */
export * as Payments from "./index";
export { checkoutRefusal, checkoutUrls, startCheckout, type CheckoutAnswer } from "./checkout";
export { applyToOrder, EVENT_LEDGER_TTL_SECONDS, readOrder, type ApplyOutcome, type OrderChange } from "./order-writes";
export {
  cardOf,
  checkoutLines,
  inLambda,
  isNotSetUp,
  isStripeKey,
  NOT_SET_UP,
  orderReference,
  paymentProvider,
  usePaymentProvider,
  type CheckoutLine,
  type CheckoutSession,
  type PaymentDetails,
  type PaymentProvider,
} from "./provider";
export { assertMayRefund, giveBack, recordRefund, refundableCents, refundInFull, refundOrder, type RefundEntry, type RefundMade, type RefundOutcome } from "./refunds";
export { HANDLED_EVENTS, receiveEvent, webhookActor, type EventResult } from "./webhook";
