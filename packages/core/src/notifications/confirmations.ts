/**
 * The confirmations and receipts: a booking confirmation, a payment receipt and a refund notice, each by
 * text and by email as the customer allows each channel (`Texts.notify`: `smsNotifications`, `emailNotifications`).
 *
 * Each is an effect of the very write that records its fact, run after that write commits (db/effects.ts), so it
 * goes exactly once: the booking's transaction (a repeat of its Idempotency-Key writes nothing), the payment's
 * (a webhook event is applied once, by its ledger item), the refund's (recorded once per amount given back, however
 * many times the provider reports it). Nothing here ever fails the write it follows.
 */
import type { Effect } from "../db/effects";
import type { OrderItem } from "../orders/view";
import { env } from "../../../../infra/env";
import { bookAgainPath } from "../shared/book-again";
import { billOf, refundTaxShare, type BillRefund } from "../shared/bill";
import { formatDate, formatInstant, formatTime, localOf } from "../shared/calendar";
import { stageOfStatus } from "../shared/lifecycle";
import { PAYMENT_METHOD_LABELS } from "../shared/payment";
import { holdDeadline, holdEndsAt } from "../shared/unpaid-hold";
import type { OrderMessageParams, TemplateParams } from "../texts/templates";
import { orderPageUrl } from "./index";

/** How a receipt says the order was paid: the card online, else the counter's way ("Cash at the counter"). */
function paidWith(order: Pick<OrderItem, "paymentMethod" | "cardBrand" | "cardLast4">): string | undefined {
  return cardOf(order) ?? (order.paymentMethod === "POS_CASH" || order.paymentMethod === "POS_CARD" ? PAYMENT_METHOD_LABELS[order.paymentMethod] : undefined);
}

/** "Visa ending in 4242": the card that paid online, when it is known. */
function cardOf(order: Pick<OrderItem, "paymentMethod" | "cardBrand" | "cardLast4">): string | undefined {
  if (order.paymentMethod !== "STRIPE" || !order.cardLast4) return undefined;
  const brand = order.cardBrand ? `${order.cardBrand.charAt(0).toUpperCase()}${order.cardBrand.slice(1)} ` : "card ";
  return `${brand}ending in ${order.cardLast4}`;
}

/** The order's facts in the words the three messages use (templates know no calendar), and its bill, as said at `now`. */
function messageParams(order: OrderItem, now: Date = new Date()): OrderMessageParams {
  return {
    ...order,
    bill: billOf(order),
    pickupDay: order.pickupDate ? formatDate(order.pickupDate) : undefined,
    dropoffWhen: order.dropoffDateTime ? formatInstant(new Date(order.dropoffDateTime)) : undefined,
    card: cardOf(order),
    orderUrl: orderPageUrl(order),
    payBy: holdDeadline(order, now) ?? undefined,
  };
}

const to = (order: OrderItem) => ({ userId: order.userId, orderId: order.id });

/**
 * The texts' code (templates, consent, the provider, email) loads when a message goes, after the write commits:
 * off the cold start of the routes that book, take a payment or refund (npm run bench:lambda).
 */
const texts = async () => (await import("../texts")).Texts;

/** What a booking's confirmation says: what, the bag, the drop-off, the pickup day and the bill. */
export const confirmationParams = (order: OrderItem): TemplateParams<"bookingConfirmation"> => messageParams(order);

/** The confirmation of a booking. Run once the booking is written. */
export function bookingConfirmation(order: OrderItem): Effect {
  return { name: `confirm order ${order.id} booking`, run: async () => (await texts()).notify("bookingConfirmation", confirmationParams(order), to(order)) };
}

/** What a payment's receipt says of `paid`, the order as the payment wrote it: the payment, the bill, the pickup day and the link. */
export function receiptParams(paid: OrderItem): TemplateParams<"receipt"> {
  const params = messageParams(paid);
  const pickupDay = stillWorkedOn(paid) ? params.pickupDay : undefined;
  return { order: { ...params, card: paidWith(paid), pickupDay }, url: paid.receiptUrl };
}

/**
 * The receipt of a payment: the payment and how it was paid, the bill and its balance, the pickup day, and a
 * counter sale's receipt link (`receiptUrl`, receipts/) when it has one. `paid` is the order as the payment wrote it.
 */
export function paymentReceipt(paid: OrderItem): Effect {
  return { name: `text order ${paid.id} receipt`, run: async () => (await texts()).notify("receipt", receiptParams(paid), to(paid)) };
}

/**
 * Whether the paddle is still being worked on, so a receipt may promise its pickup day. A payment taken once it is
 * Ready (at the counter, as it is handed over) names none: "it will be ready on" a day would be wrong by then.
 */
function stillWorkedOn(order: OrderItem): boolean {
  const stage = stageOfStatus[order.status];
  return stage !== "ready" && stage !== "picked_up" && stage !== "canceled";
}

/**
 * A refund to tell: its amount, the sales tax in it when the refund says (else the order's tax in proportion), and
 * where the money went: STRIPE to the card through the provider, POS_CARD on the counter's terminal (told once its
 * reference is entered), POS_CASH handed back; absent for a refund Stripe reported, a card's.
 */
export type RefundToTell = Pick<BillRefund, "amountCents"> &
  Partial<Pick<BillRefund, "taxCents">> & { tender?: "STRIPE" | "POS_CASH" | "POS_CARD"; terminalReference?: string };

/** What a refund's notice says: the amount and its tax, where it goes, and the bill of `order` as the refund left it. */
export function refundParams(order: OrderItem, refund: number | RefundToTell): TemplateParams<"refundNotice"> {
  const given = typeof refund === "number" ? { amountCents: refund } : refund;
  return {
    order: { ...order, bill: billOf(order), card: cardOf(order) },
    refund: { amountCents: given.amountCents, taxCents: given.taxCents ?? refundTaxShare(order, given.amountCents) },
    tender: given.tender,
  };
}

/** The notice of a refund (by card, or at the counter): `order` is the order as the refund left it. */
export function refundNotice(order: OrderItem, refund: number | RefundToTell): Effect {
  const amountCents = typeof refund === "number" ? refund : refund.amountCents;
  return {
    name: `tell order ${order.id} refund of ${amountCents}`,
    run: async () => (await texts()).notify("refundNotice", refundParams(order, refund), to(order)),
  };
}

/**
 * The notice that an unpaid booking was released at the end of its hold (orders/expire.ts), with the link that books
 * its paddle and services again. An effect of the cancel's own write, which is conditioned on the order being as read:
 * a second run of the expiry, or a payment landing first, writes nothing and so sends nothing.
 */
export function holdReleasedNotice(order: OrderItem): Effect {
  const site = process.env[env.siteUrl]?.replace(/\/+$/, "");
  return {
    name: `tell order ${order.id} it was released`,
    run: async () =>
      (await texts()).notify(
        "holdReleased",
        {
          order,
          deadline: formatTime(localOf(holdEndsAt(order.createdAt)).time),
          bookAgainUrl: site ? `${site}${bookAgainPath(order.id)}` : undefined,
        },
        to(order),
      ),
  };
}
