/**
 * A customer's own cancel (the terms: "24-hour cancellation for a full refund"), written once:
 * the server's status change (orders/move-order.ts, orders/moves.ts) enforces it, and the order page shows
 * Cancel Order only when it would be accepted, with the refund it would make. Browser-safe.
 *
 * - Before check-in only: awaiting payment or scheduled.
 * - Never an order the shop added to a paid one: the shop cancels it (or takes its payment).
 * - Nothing paid (unpaid, comp, refunded already): canceled, nothing to give back.
 * - Paid: refunded in full until 24 hours before the drop-off time, or within 24 hours of booking, whichever is
 *   later (the terms' "24-hour cancellation", read for the customer); after that the shop cancels it (the page
 *   shows the shop's contact).
 */
import { stageOf, type PaymentStatus, type Stage } from "./lifecycle";

/** The stages a customer may cancel their own order from. */
export const CUSTOMER_CANCEL_STAGES: readonly Stage[] = ["awaiting_payment", "scheduled"];

/** A customer's cancel of a paid order is refunded in full up to this long before drop-off, or this long after booking (the terms). */
export const FULL_REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;

export const CANCEL_AFTER_CHECK_IN = "This order can no longer be canceled online: it has been checked in. Please contact the shop.";
export const CANCEL_AFTER_REFUND_WINDOW =
  "Paid orders can be canceled online for a full refund until 24 hours before drop-off, or within 24 hours of booking. Please contact the shop to cancel this order.";

/** An order the shop added to a paid one (shared/order-balance.ts): the shop's sale at the counter, canceled by the shop. */
export const CANCEL_ADDED_BY_SHOP = "The shop added this to your order after it was paid: please contact the shop to change it.";

export interface CancelableOrder {
  status: string;
  paymentStatus: PaymentStatus;
  totalCents: number;
  refundedAmountCents: number;
  createdAt: string;
  /** When the paddle is dropped off (a counter sale has none: its window is the booking's 24 hours). */
  dropoffDateTime?: string | null;
  /** The window's end kept by a reschedule made after it closed: a later drop-off does not reopen it. */
  refundWindowEndsAt?: string | null;
  /** An order added to a paid one: the stored link (the server's item) or the view's (`addedTo`). */
  addedToOrderId?: string | null;
  addedTo?: unknown;
}

/**
 * The last moment a paid order cancels online with its full refund: 24 hours before drop-off or 24 hours after
 * booking, whichever is later (milliseconds since the epoch; the moment itself is still inside). A reschedule made
 * once the window had closed keeps its end (`refundWindowEndsAt`): moving the drop-off later never reopens it.
 */
export function refundDeadline(order: Pick<CancelableOrder, "createdAt" | "dropoffDateTime" | "refundWindowEndsAt">): number {
  const afterBooking = Date.parse(order.createdAt) + FULL_REFUND_WINDOW_MS;
  const beforeDropoff = order.dropoffDateTime ? Date.parse(order.dropoffDateTime) - FULL_REFUND_WINDOW_MS : Number.NaN;
  const rule = Number.isNaN(beforeDropoff) ? afterBooking : Math.max(afterBooking, beforeDropoff);
  const kept = order.refundWindowEndsAt ? Date.parse(order.refundWindowEndsAt) : Number.NaN;
  return Number.isNaN(kept) ? rule : Math.min(rule, kept);
}

/** What is left of the order's payment to give back. */
export function refundableCents(order: Pick<CancelableOrder, "paymentStatus" | "totalCents" | "refundedAmountCents">): number {
  return order.paymentStatus === "paid" ? Math.max(0, order.totalCents - order.refundedAmountCents) : 0;
}

export type CustomerCancel =
  | { allowed: true; refundCents: number }
  | { allowed: false; message: string; canceled?: true };

/** Whether the order's owner may cancel it now, and what it gives back; or why not, in the server's words. */
export function customerCancel(order: CancelableOrder, now: Date = new Date()): CustomerCancel {
  const stage = stageOf(order.status);
  if (stage === "canceled") return { allowed: false, message: "This order is already Canceled.", canceled: true };
  if (!stage || !CUSTOMER_CANCEL_STAGES.includes(stage)) return { allowed: false, message: CANCEL_AFTER_CHECK_IN };
  // Canceled online, what the shop added would go unpaid while the paddle goes home: the shop cancels it, or not.
  if (order.addedToOrderId || order.addedTo) return { allowed: false, message: CANCEL_ADDED_BY_SHOP };
  const owed = refundableCents(order);
  if (owed === 0) return { allowed: true, refundCents: 0 };
  if (now.getTime() <= refundDeadline(order)) return { allowed: true, refundCents: owed };
  return { allowed: false, message: CANCEL_AFTER_REFUND_WINDOW };
}
