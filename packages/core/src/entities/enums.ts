/**
 * Closed value sets stored in the table. Each is a readonly tuple so an
 * ElectroDB enum attribute (`type: ORDER_STATUSES`) and a zod schema
 * (`z.enum(ORDER_STATUSES)`) are built from the same list.
 */

export { ROLES, type Role } from "../shared/roles";

export const ACCOUNT_STATUSES = ["active", "suspended", "closed"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** How the person signs in; every route goes through Cognito, federated or not. */
export const AUTH_PROVIDERS = ["cognito", "google", "apple", "github"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

/** Paddle value sets live with the paddle view (browser-safe). */
export {
  OWNERSHIP_STATUSES,
  PADDLE_MATERIALS,
  PADDLE_SHAPES,
  type OwnershipStatus,
  type PaddleMaterial,
  type PaddleShape,
} from "../shared/paddles";

/** The twelve stored order statuses and the payment states live with the lifecycle (browser-safe). */
export { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from "../shared/lifecycle";

/** A schedule event's locations, and an order's (COUNTER too: a counter sale), live with the shops' names (browser-safe). */
export { LOCATIONS, ORDER_LOCATIONS, type Location, type OrderLocation } from "../shared/location-names";

export const PAYMENT_METHODS = ["STRIPE", "POS_CASH", "POS_CARD", "SUBSCRIPTION", "PACK", "COMP"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];


/** The plans and their terms live with the membership rules (browser-safe). */
export { PLANS, type Plan } from "../shared/plans";

/** Stripe's subscription states, stored as Stripe reports them. */
export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A product's (a sku item's) types and categories live with the catalogue (browser-safe). */
export { PRODUCT_CATEGORIES, PRODUCT_TYPES, type ProductCategory, type ProductType } from "../shared/catalogue";

/**
 * A points ledger entry: earned by a payment (+), redeemed on an order (−), returned when that order is canceled
 * (+), taken back by a refund (−), adjusted by an admin (±), expired (−).
 */
export const LOYALTY_ENTRY_TYPES = ["earn", "redeem", "return", "takeback", "adjust", "expire"] as const;
export type LoyaltyEntryType = (typeof LOYALTY_ENTRY_TYPES)[number];

export const AUDIT_TARGET_TYPES = [
  "order",
  "user",
  "paddle",
  "bag",
  "sku",
  "promotion",
  "subscription",
  "pack",
  "communication",
  "schedule",
  "partner",
  "system",
  "settings",
  "drawer",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export { SCHEDULE_EVENT_TYPES, type ScheduleEventType } from "../shared/schedule";

export const COMMUNICATION_CHANNELS = ["sms", "email"] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

export const COMMUNICATION_MESSAGE_TYPES = [
  "order_checked_in",
  "order_ready",
  "order_picked_up",
  "general",
  "test",
  "broadcast",
  "storefront_order",
  "receipt",
  "verification",
  /** The daily job's reminders (reminders/): pickup, storage fee, final notice, regrip; and the admins' low-stock summary. */
  "reminder",
  "booking_confirmation",
  "refund",
  /** A membership's receipt, failed charge or cancel. */
  "membership",
  /** An unpaid booking released at the end of its hold. */
  "hold_released",
] as const;
export type CommunicationMessageType = (typeof COMMUNICATION_MESSAGE_TYPES)[number];

export const COMMUNICATION_STATUSES = ["sent", "delivered", "failed", "pending"] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];

export const SMS_CONVERSATION_STATES = ["active", "closed"] as const;
export type SmsConversationState = (typeof SMS_CONVERSATION_STATES)[number];

export const SMS_DIRECTIONS = ["inbound", "outbound"] as const;
export type SmsDirection = (typeof SMS_DIRECTIONS)[number];

/** `received` for inbound; the rest follow the provider's delivery reports. */
export const SMS_MESSAGE_STATUSES = ["received", "queued", "sent", "delivered", "undelivered", "failed"] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

/**
 * Actions limited per subject over a rolling window (rateLimit items): verification codes texted to one phone
 * number (`phoneCode`), and asked for by one user (`phoneCodeUser`); looks at the public bag status page from one
 * source address (`bagLooks`).
 */
export const RATE_LIMIT_SCOPES = ["phoneCode", "phoneCodeUser", "bagLooks"] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];

export const VERIFICATION_TYPES = ["phone", "email"] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/**
 * What a uniqueValue item reserves. Besides the spec's unique columns this
 * covers one-per-key facts that must hold under concurrency: a Stripe event
 * handled once, an Idempotency-Key used once, one user per Stripe customer.
 */
export const UNIQUE_KINDS = [
  "email",
  "username",
  "bagQrSlug",
  "bagCode",
  /** The open order holding a bag (value: the bag's code; ownerId: the order id). */
  "bagHold",
  "promoCode",
  "skuCode",
  "stripeCustomer",
  "stripeEvent",
  "idempotencyKey",
  /** An inbound text already stored (value: the provider's message id): the SMS webhook's repeats store nothing. */
  "smsInbound",
  /** A refund of an order being made (value: the order id; ownerId: the request's own id): one refund of an order at a time. Expires in a minute. */
  "refundLock",
  /**
   * A subscription checkout started (value: its session id; ownerId: the user; result: the plan, paddles and
   * price asked for): what the local payment page shows and pays, never what the browser says. Expires in a day.
   */
  "subscriptionCheckout",
  /**
   * The open order a paddle is in (value: the paddle's id; ownerId: the order id): one open order per paddle.
   * Written with the order, deleted when it is picked up or canceled, written again when it is reopened.
   */
  "paddleOpenOrder",
  /** The admins' low-stock text of a shop day (value: the day), claimed before it is sent: once a day. Expires in 3. */
  "lowStockSummary",
  /**
   * The one paid tip of an order (value: the order's id; ownerId: the tip's id), written in the transaction that
   * records the tip paid: a second payment for the same order, even at the same moment, finds it taken.
   */
  "orderTip",
  /** An order's number (value: the number; ownerId: the order), claimed in the order's transaction: never two orders with one number. */
  "orderNumber",
  /**
   * A membership invoice's message sent (value: `paid:<invoice id>` or `failed:<invoice id>`; ownerId: the
   * subscription): Stripe may report one invoice in more than one event, and its receipt goes once.
   */
  "membershipInvoice",
  /** The open cash drawer session of a shop (value: the location; ownerId: the session): one open drawer per shop (drawers/). */
  "drawerOpen",
] as const;
export type UniqueKind = (typeof UNIQUE_KINDS)[number];
