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
import { formatDate, formatInstant } from "../shared/calendar";
import { stageOfStatus } from "../shared/lifecycle";
import { PAYMENT_METHOD_LABELS } from "../shared/payment";
import type { OrderMessageParams } from "../texts/templates";
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

/** The order's facts in the words the three messages use (templates know no calendar). */
function messageParams(order: OrderItem): OrderMessageParams {
  return {
    ...order,
    lines: order.lineItems.map((line) => ({ name: line.name, detail: line.description || null, quantity: line.quantity, priceCents: line.priceCents })),
    pickupDay: order.pickupDate ? formatDate(order.pickupDate) : undefined,
    dropoffWhen: order.dropoffDateTime ? formatInstant(new Date(order.dropoffDateTime)) : undefined,
    card: cardOf(order),
    orderUrl: orderPageUrl(order),
    toPay: order.paymentStatus === "unpaid" && order.totalCents > 0,
  };
}

const to = (order: OrderItem) => ({ userId: order.userId, orderId: order.id });

/**
 * The texts' code (templates, consent, the provider, email) loads when a message goes, after the write commits:
 * off the cold start of the routes that book, take a payment or refund (npm run bench:lambda).
 */
const texts = async () => (await import("../texts")).Texts;

/** The confirmation of a booking: what, the bag, the drop-off and the pickup day. Run once the booking is written. */
export function bookingConfirmation(order: OrderItem): Effect {
  return { name: `confirm order ${order.id} booking`, run: async () => (await texts()).notify("bookingConfirmation", messageParams(order), to(order)) };
}

/**
 * The receipt of a payment: the lines, the total, the card and the pickup day, and a counter sale's receipt link
 * (`receiptUrl`, receipts/) when it has one. `paid` is the order as the payment wrote it.
 */
export function paymentReceipt(paid: OrderItem): Effect {
  return {
    name: `text order ${paid.id} receipt`,
    run: async () => {
      const params = messageParams(paid);
      const pickupDay = stillWorkedOn(paid) ? params.pickupDay : undefined;
      return (await texts()).notify("receipt", { order: { ...params, card: paidWith(paid), pickupDay }, url: paid.receiptUrl }, to(paid));
    },
  };
}

/**
 * Whether the paddle is still being worked on, so a receipt may promise its pickup day. A payment taken once it is
 * Ready (at the counter, as it is handed over) names none: "it will be ready on" a day would be wrong by then.
 */
function stillWorkedOn(order: OrderItem): boolean {
  const stage = stageOfStatus[order.status];
  return stage !== "ready" && stage !== "picked_up" && stage !== "canceled";
}

/** A refund as its notice tells it: how much, of it how much tax, and where the money went. */
export interface RefundTold {
  amountCents: number;
  taxCents: number;
  /** STRIPE: to the card through the provider; POS_CARD: on the counter's terminal; POS_CASH: handed back. */
  tender: "STRIPE" | "POS_CASH" | "POS_CARD";
  terminalReference?: string;
}

/** The notice of a refund given back (by card, on the counter's terminal, or in cash). */
export function refundNotice(order: OrderItem, refund: RefundTold): Effect {
  return {
    name: `tell order ${order.id} refund of ${refund.amountCents}`,
    run: async () =>
      (await texts()).notify(
        "refundNotice",
        { order: { ...order, card: cardOf(order) }, amountCents: refund.amountCents, taxCents: refund.taxCents, tender: refund.tender },
        to(order),
      ),
  };
}
