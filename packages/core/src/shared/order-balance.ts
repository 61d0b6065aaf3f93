/**
 * More for a paid order (POST /api/orders/{id}/added, orders/add-to-paid.ts): after an order is paid, a line added
 * to it is a new balance to pay. Browser-safe: the staff order page's "Add to This Order" shows the rule and its
 * refusals from here, and the server enforces the same.
 *
 * An order is paid in full, once (shared/payment.ts): what is added after is its own order, an **added order**,
 * linked both ways (`addedToOrderId` on it, `addedOrderIds` on the paid one), for the same customer at the same
 * counter, priced from the catalogue at the paid order's tax rate (no promotion, points or cover: those were the
 * first order's), paid as any counter sale is (taken now at the counter, or by the payment link texted to a confirmed
 * number). It holds no bag and claims no paddle: the paddle and its bag stay with the paid order.
 *
 * - When: the paid order is paid (or its total covered by a membership, a pack or points), not refunded, and not yet
 *   picked up or canceled. An unpaid order is edited instead (shared/order-edit.ts); an added order is not added to
 *   (add to the order it was added to).
 * - Its lifecycle: made awaiting payment; once paid it is done at once (Picked Up: it goes home with the paddle of
 *   the order it was added to, and sends no stage text of its own; its receipt goes as any payment's).
 * - The paddle never leaves with a balance: the paid order is not picked up, nor canceled, while one of its added
 *   orders is unpaid (collect it, or cancel that added order first).
 */
import * as z from "zod/mini";
import { EditLineAdd, EDIT_PRODUCT_UNAVAILABLE, EDIT_TOO_MANY } from "./order-edit";
import { stageOfStatus, type OrderStatus, type PaymentStatus } from "./lifecycle";
import { PhoneConfirmedInput, SalePaymentInput } from "./counter-sale";
import { dollars } from "./payment";
import type { AddedOrderSummary } from "./orders";

export const ADD_TO_UNPAID = "This order is not paid yet: edit its lines instead.";
export const ADD_TO_REFUNDED = "This order was refunded, so nothing can be added to it.";
export const ADD_TO_CLOSED = "This order is picked up or canceled, so nothing can be added to it. Sell anything more at the counter as a new sale.";
export const ADD_TO_ADDED = "This order was added to another one: add to that order instead.";
export const ADD_NOTHING = "Add at least one product";
export const ADDED_MOVES_BY_PAYMENT = "This order was added to a paid one: it is done once paid. Take its payment, or cancel it.";
export const ADD_CHANGED = "This order was changed by someone else meanwhile. Look at it again and add once more.";

export interface AddableOrder {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  addedToOrderId?: string | null;
}

/** Why nothing can be added to the order as a new balance now, in the words staff read; null when it can. */
export function addToPaidRefusal(order: AddableOrder): string | null {
  const stage = stageOfStatus[order.status];
  if (order.addedToOrderId) return ADD_TO_ADDED;
  if (stage === "picked_up" || stage === "canceled") return ADD_TO_CLOSED;
  if (order.paymentStatus === "refunded") return ADD_TO_REFUNDED;
  if (order.paymentStatus === "unpaid") return ADD_TO_UNPAID;
  return null;
}

/** The body of POST /api/orders/{id}/added: the products (as an edit adds them) and how the new balance is paid. */
export const AddToPaidOrder = z.object({
  add: z.array(EditLineAdd, { error: EDIT_PRODUCT_UNAVAILABLE }).check(z.minLength(1, ADD_NOTHING), z.maxLength(10, EDIT_TOO_MANY)),
  payment: SalePaymentInput,
  phoneConfirmed: PhoneConfirmedInput,
});
export type AddToPaidOrder = z.output<typeof AddToPaidOrder>;

/** The refusal of a pickup or cancel of an order while its added orders have balances, or null. */
export function addedBalanceRefusal(added: readonly Pick<AddedOrderSummary, "reference" | "dueCents">[], move: "picked_up" | "canceled"): string | null {
  const owing = added.filter((order) => order.dueCents > 0);
  if (!owing.length) return null;
  const named = owing.map((order) => `${order.reference} (${dollars(order.dueCents)} due)`).join(", ");
  return move === "picked_up"
    ? `Collect what was added to this order first: ${named}. Take its payment, or cancel it.`
    : `What was added to this order is still unpaid: ${named}. Cancel that first.`;
}
