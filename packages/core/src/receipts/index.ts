/**
 * Receipts for orders made at the counter (storefront invoice, quick sale): a walk-in pays by the texted link with
 * no account, so the checkout returns to a receipt page reached by an unguessable link, and the receipt is texted
 * once the payment lands.
 *
 * - The token (token.ts): 128 random bits, made with the order (storefront/), kept on it as `receiptToken`; the link
 *   (`receiptUrl`, shared/receipts.ts) is kept beside the payment link when that is made, so the webhook, which
 *   knows no site address, can text it.
 * - GET /api/receipts/{id}?t=<token> (`get`): public; compared in constant time; a wrong or missing token and an
 *   unknown order are the same 404.
 * - The receipt (`withReceipt`): an effect added to the payment's decision of every order (a booking paid online
 *   too), texted and emailed as the customer allows, so it runs after the commit that marks the order paid, once: a
 *   replayed event commits nothing (the writer's event ledger) and sends nothing.
 *
 * Imported as a namespace: `import { Receipts } from "@regrip/core/receipts"`.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { db } from "../db";
import { notFound } from "../errors";
import type { OrderChange } from "../orders/move-writer";
import type { OrderItem } from "../orders/view";
import { billOf, type Bill } from "../shared/bill";
import { Id } from "../shared/ids";
import { stageOfStatus } from "../shared/lifecycle";
import { isBookableLocation, SHOP_LABELS } from "../shared/location-names";
import { orderReference } from "../shared/orders";
import { PAYMENT_METHOD_LABELS } from "../shared/payment";
import { RECEIPT_NOT_FOUND, type ReceiptView } from "../shared/receipts";
import { paymentReceipt } from "../notifications/confirmations";
import { receiptTokenMatches } from "./token";

export * as Receipts from "./index";

/** The receipt of `order`: its lines, money and payment, and nothing about who bought it or who sold it. */
function receiptView(order: OrderItem): ReceiptView {
  return {
    shopName: ((where) => (isBookableLocation(where) ? SHOP_LABELS[where] : "Regrip"))(order.pickupLocation ?? order.dropoffLocation),
    reference: orderReference(order),
    bagNumber: order.bagNumber ?? null,
    date: order.createdAt,
    lines: order.lineItems.map((line) => ({ name: line.name, detail: line.description || null, quantity: line.quantity, priceCents: line.priceCents })),
    subtotalCents: order.subtotalCents,
    discountAmountCents: order.discountAmountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    currency: order.currency,
    payment: {
      status: order.paymentStatus,
      method: PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod,
      cardBrand: order.cardBrand ?? null,
      cardLast4: order.cardLast4 ?? null,
      paidAt: order.paymentStatus === "unpaid" ? null : (order.paidAt ?? null),
    },
    refundedAmountCents: order.refundedAmountCents,
    bill: publicBill(order),
  };
}

/** The order's bill without the staff's side of it (who took a payment or gave a refund, a discount's notes). */
function publicBill(order: OrderItem): Bill {
  const bill = billOf(order);
  return {
    ...bill,
    discounts: bill.discounts.map(({ notes: _notes, ...discount }) => discount),
    payments: bill.payments.map((payment) => ({ ...payment, by: null })),
    refunds: bill.refunds.map((refund) => ({ ...refund, by: null })),
  };
}

/**
 * The token as sent in the query: any text (a wrong one is a 404 like a missing one), bounded as every string a
 * route takes is (hostile.test.ts): one past 200 characters is no token of ours, a 400 in the same words.
 */
const SentToken = z.optional(z.string().check(z.maxLength(200, RECEIPT_NOT_FOUND)));
/** The query of GET /api/receipts/{id}: the link's token. */
export const ReceiptQuery = z.object({ t: SentToken });
const ReceiptRequest = z.object({ id: Id, t: SentToken });

/** GET /api/receipts/{id}?t=<token>: the order's receipt for whoever holds its link; 404 otherwise. */
export const get = /* @__PURE__ */ fn({ role: "public", input: ReceiptRequest }, async (_actor, { id, t }): Promise<ReceiptView> => {
  const { data: order } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  // Hashed and compared even when there is no order, so the answer takes as long either way.
  const matches = receiptTokenMatches(order?.receiptToken ?? "-", t);
  if (!order || !order.receiptToken || !matches) throw notFound(RECEIPT_NOT_FOUND);
  return receiptView(order);
});

/**
 * `change` with the payment's receipt among its effects when it marks an unpaid order paid (not a canceled one: that
 * payment goes straight back, and the refund notice says so): texted and emailed as the customer allows each
 * (notifications/confirmations.ts), with a counter sale's receipt link. Pure, as a payment decision must be: the
 * receipt is sent by the writer's commit, never by this, so once per payment however often the event comes.
 */
export function withReceipt(order: OrderItem, change: OrderChange | null): OrderChange | null {
  const paying = order.paymentStatus === "unpaid" && change?.set?.paymentStatus === "paid";
  if (!change || !paying || stageOfStatus[order.status] === "canceled") return change;
  const paid = { ...order, ...change.set } as OrderItem;
  // The receipt first, then whatever the payment brought with it (a refund reported before it).
  return { ...change, effects: [paymentReceipt(paid), ...(change.effects ?? [])] };
}
