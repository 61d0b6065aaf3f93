/**
 * What the confirmation, the receipt and the refund notice say of an order (notifications/confirmations.ts sends them):
 * the order's facts in the templates' words and its bill (shared/bill.ts). Loaded when a message goes, after its
 * write commits, so the bill and the calendar's words stay off the cold start of the routes that book, take a
 * payment or refund (npm run bench:lambda).
 */
import type { OrderItem } from "../orders/view";
import { billOf, refundTaxShare, type BillRefund } from "../shared/bill";
import { formatDate, formatInstant } from "../shared/calendar";
import { stageOfStatus } from "../shared/lifecycle";
import { PAYMENT_METHOD_LABELS } from "../shared/payment";
import { holdDeadline } from "../shared/unpaid-hold";
import type { OrderMessageParams, TemplateParams } from "../texts/templates";
import { orderPageUrl } from "./index";

export { shopWords } from "./shop-words";

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

/** What a booking's confirmation says: what, the bag, the drop-off, the pickup day and the bill. */
export const confirmationParams = (order: OrderItem): TemplateParams<"bookingConfirmation"> => messageParams(order);

/** What a payment's receipt says of `paid`, the order as the payment wrote it: the payment, the bill, the pickup day and the link. */
export function receiptParams(paid: OrderItem): TemplateParams<"receipt"> {
  const params = messageParams(paid);
  const pickupDay = stillWorkedOn(paid) ? params.pickupDay : undefined;
  return { order: { ...params, card: paidWith(paid), pickupDay }, url: paid.receiptUrl };
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

/** What the notice of an edit of the order's lines says: the order as edited, its bill, and `changes` in words. */
export const linesChangedParams = (order: OrderItem, changes: string): TemplateParams<"orderLinesChanged"> => ({ ...messageParams(order), changes });
