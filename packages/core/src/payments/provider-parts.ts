/**
 * What the payment providers (stripe.ts, local.ts) share: the provider's shape, the lines a checkout shows and
 * the card of a payment. Its own module so neither adapter imports provider.ts, which loads them.
 */
import type Stripe from "stripe";
import type { OrderItem } from "../orders/view";
import type { Plan } from "../shared/membership";
import { billOf, type BillSource } from "../shared/bill";
import { ratePercentText } from "../shared/money-settings";
import { orderReference } from "../shared/orders";

export interface CheckoutUrls {
  /** Where the payer lands after paying: `<site>/orders/<id>?paid=1`, a counter sale's receipt (checkout.ts checkoutUrls). */
  successUrl: string;
  /** Where the payer lands after giving up or a decline: `<site>/orders/<id>?payment=canceled`. */
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

interface Refund {
  id: string;
  amountCents: number;
}

/** What a completed checkout tells about the card, once the provider has looked. */
export interface PaymentDetails {
  paymentIntentId?: string;
  cardBrand?: string;
  cardLast4?: string;
}

/** A checkout in subscription mode for one of the plans (subscriptions/checkout.ts). */
export interface SubscriptionCheckoutRequest {
  userId: string;
  plan: Plan;
  paddleIds: readonly string[];
  /** The plan's name and monthly price (shared/membership.ts PLAN_TERMS), never the client's. */
  planName: string;
  priceCents: number;
  email?: string;
  successUrl: string;
  cancelUrl: string;
  siteUrl: string;
}

/** What the provider answers about a subscription it changed. */
interface SubscriptionFacts {
  status: string;
  cancelAtPeriodEnd: boolean;
}

/**
 * The metadata a subscription checkout puts on the session and on the subscription it makes: who, which plan,
 * which paddles (comma-separated: Stripe's metadata values are strings). memberships/webhook.ts reads it back.
 */
export function subscriptionMetadata(request: Pick<SubscriptionCheckoutRequest, "userId" | "plan" | "paddleIds">): Record<string, string> {
  return { userId: request.userId, plan: request.plan, paddleIds: request.paddleIds.join(",") };
}

/** A tip on an order, as its checkout shows it (tips/index.ts): the amount is the pending tip item's, never the browser's. */
export interface TipCheckout {
  tipId: string;
  orderId: string;
  userId: string;
  amountCents: number;
  currency: string;
  /** The order's short reference, for the line the payer sees. */
  reference: string;
  email?: string;
}

/** What `metadata.kind` says on a tip's checkout session: the webhook records a tip, not an order's payment. */
export const TIP_KIND = "tip";

/**
 * The metadata of a tip's checkout session. Its payment intent carries only the kind and the tip (`tipOf` the
 * order, never `orderId`): the payment events that find an order by `metadata.orderId` (a decline, a refund)
 * must not take a tip's card for the order's own.
 */
export function tipMetadata(tip: Pick<TipCheckout, "tipId" | "orderId" | "userId">) {
  return {
    session: { kind: TIP_KIND, orderId: tip.orderId, userId: tip.userId, tipId: tip.tipId },
    paymentIntent: { kind: TIP_KIND, tipId: tip.tipId, tipOf: tip.orderId },
  };
}

/** A pack of regrips being bought (packs/index.ts): the amount is the pending packCredit item's, never the browser's. */
export interface PackCheckout {
  packCreditId: string;
  userId: string;
  name: string;
  amountCents: number;
  currency: string;
  email?: string;
}

/** What `metadata.kind` says on a pack's checkout session: the webhook credits a pack (packs/record.ts), not an order. */
export const PACK_KIND = "pack";

/** The metadata of a pack's session and of its payment intent: the kind and the bought pack, never an `orderId`. */
export const packMetadata = (pack: Pick<PackCheckout, "packCreditId" | "userId">) => ({ kind: PACK_KIND, packCreditId: pack.packCreditId, userId: pack.userId });

/** The one line of a pack's checkout. */
export const packLineName = (name: string) => `Regrip pack: ${name}`;

/** The one line of a tip's checkout, and the tip's line of a pickup's payment that carries one. */
export const tipLineName = (reference: string) => `Tip for Regrip order ${reference}`;

/**
 * A tip paid with the order's balance in one checkout (payments/checkout.ts, a pickup with a balance): the pending
 * tip item's id and amount, never the browser's.
 */
export interface TipWithPayment {
  tipId: string;
  amountCents: number;
}

/**
 * The metadata of an order's checkout session: the order, and when a tip rides with the balance, the tip and its
 * amount (Stripe's metadata values are strings). The webhook (payments/webhook.ts) records the order's payment of
 * the total less the tip, and the tip apart (tips/record.ts). Its payment intent carries the order alone: the
 * payment is the order's, and a refund of it gives back the order's money, never more than its total.
 */
export function orderCheckoutMetadata(order: Parameters<typeof orderReference>[0], tip?: TipWithPayment): Record<string, string> {
  return {
    orderId: order.id,
    reference: orderReference(order),
    ...(tip ? { tipId: tip.tipId, tipCents: String(tip.amountCents) } : {}),
  };
}

/** The tip's cents a checkout session's metadata names (0 for none, or for anything that is not a whole amount). */
export function tipCentsOf(metadata: Record<string, string> | null | undefined): number {
  const cents = Number(metadata?.tipCents ?? 0);
  return Number.isSafeInteger(cents) && cents > 0 ? cents : 0;
}

export interface PaymentProvider {
  name: "stripe" | "local";
  /**
   * A hosted checkout for the order's stored (server-computed) lines and
   * total, closing at `expiresAt` when given (the unpaid hold's end); with `tip`, the tip as one more line
   * (`tipLineName`) and in the metadata (`orderCheckoutMetadata`).
   */
  createCheckoutSession(order: OrderItem, urls: CheckoutUrls & { siteUrl: string; expiresAt?: Date; tip?: TipWithPayment }): Promise<CheckoutSession>;
  /**
   * A hosted checkout in payment mode for a tip of `tip.amountCents` on an order, with `tipMetadata` (a tip is
   * never the order's payment: its total, payment status and points stay as they are).
   */
  createTipCheckout(tip: TipCheckout, urls: CheckoutUrls & { siteUrl: string }): Promise<CheckoutSession>;
  /** A hosted checkout in payment mode for a pack of regrips, with `packMetadata`. */
  createPackCheckout(pack: PackCheckout, urls: CheckoutUrls & { siteUrl: string }): Promise<CheckoutSession>;
  /**
   * Gives back `amountCents` of the order's card payment; the same `idempotencyKey` asked again gives back nothing
   * more and answers the same refund. Throws when the provider refuses.
   */
  refund(order: OrderItem, amountCents: number, idempotencyKey?: string): Promise<Refund>;
  /** The payment intent and card of a completed checkout session. */
  paymentDetails(session: Stripe.Checkout.Session): Promise<PaymentDetails>;
  /** The order a payment intent was made for, when an event's object (a charge) does not say. */
  orderIdOfPaymentIntent(paymentIntentId: string): Promise<string | undefined>;
  /** The bought pack a payment intent paid for (its `packMetadata`), when it was a pack's; undefined otherwise. */
  packOfPaymentIntent(paymentIntentId: string): Promise<{ userId: string; packCreditId: string } | undefined>;
  /** A hosted checkout in subscription mode: the plan's price every month, the subscription carrying our metadata. */
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  /** Sets the subscription to end when its current period does; answers the subscription as the provider now holds it. */
  cancelAtPeriodEnd(subscription: { id: string; status: string }): Promise<SubscriptionFacts>;
}

/** One line of a checkout: what the payer sees, in cents. */
export interface CheckoutLine {
  name: string;
  description?: string;
  amountCents: number;
  quantity: number;
}

/**
 * The lines a checkout shows for an order, made from its bill (shared/bill.ts) so they add up to the bill's total.
 * Checkout cannot show a negative line, so a promotion, a staff discount or points are not lines of their own: each
 * line is shown at what it was charged (`chargedCents`: its amount less its share of the discount and points, spread
 * over the lines in proportion) with a description naming what came off, and the sales tax is one line of its own
 * ("Sales tax (7.5%)"). A line charged nothing (a covered regrip, a line the discount took to zero) is left out. A
 * line keeps its quantity when its charge divides evenly by it, else it is one line for all its units. Should the
 * bill have no line charged at all (never, as pricing makes orders) the whole total is one line naming the items.
 */
export function checkoutLines(order: BillSource & Pick<OrderItem, "id" | "bagNumber">): CheckoutLine[] {
  const bill = billOf(order);
  const takenOff = [
    ...bill.discounts.map((discount) => discount.label),
    ...(bill.pointsCents > 0 ? [`${bill.pointsRedeemed} points`] : []),
  ];
  const lessWords = takenOff.length > 0 ? `after ${takenOff.join(" and ")}` : "";
  const lines: CheckoutLine[] = [];
  for (const line of bill.lines) {
    if (line.chargedCents <= 0) continue;
    const reduced = line.chargedCents !== line.amountCents;
    const description = [line.description, reduced ? lessWords : ""].filter(Boolean).join("; ") || undefined;
    const even = line.chargedCents % line.quantity === 0;
    lines.push({
      name: even || line.quantity === 1 ? line.name : `${line.name} × ${line.quantity}`,
      description,
      amountCents: even ? line.chargedCents / line.quantity : line.chargedCents,
      quantity: even ? line.quantity : 1,
    });
  }
  if (bill.taxCents > 0) lines.push({ name: `Sales tax (${ratePercentText(bill.taxRateBps)})`, amountCents: bill.taxCents, quantity: 1 });
  const sum = lines.reduce((total, line) => total + line.amountCents * line.quantity, 0);
  if (sum === bill.totalCents && lines.length > 0) return lines;
  const names = bill.lines.map((line) => (line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name));
  return [
    {
      name: `Regrip order ${orderReference(order)}`,
      description: [names.join(", "), lessWords].filter(Boolean).join("; ") || undefined,
      amountCents: bill.totalCents,
      quantity: 1,
    },
  ];
}

/** The card of a payment intent, expanded with its latest charge. */
export function cardOf(paymentIntent: Stripe.PaymentIntent | string | null | undefined): PaymentDetails {
  if (!paymentIntent) return {};
  if (typeof paymentIntent === "string") return { paymentIntentId: paymentIntent };
  const charge = typeof paymentIntent.latest_charge === "object" ? paymentIntent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return { paymentIntentId: paymentIntent.id, cardBrand: card?.brand ?? undefined, cardLast4: card?.last4 ?? undefined };
}
