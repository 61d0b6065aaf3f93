/**
 * The unpaid hold, browser-safe: an order booked for card payment holds its
 * stock for `UNPAID_HOLD_MINUTES`; unpaid after that, it is canceled and its
 * stock returned (orders/expire.ts, run every few minutes by a scheduled job).
 * The checkout a customer opens closes by the hold's end.
 */
import type { PaymentStatus } from "./lifecycle";
import { stageOf } from "./lifecycle";

export const UNPAID_HOLD_MINUTES = 60;
export const UNPAID_HOLD_MS = UNPAID_HOLD_MINUTES * 60 * 1000;

/** Why the system canceled the order, as its history and audit entry say it. */
export const UNPAID_HOLD_NOTE = `Not paid within ${UNPAID_HOLD_MINUTES} minutes of booking`;

/** Stripe Checkout's limits for `expires_at`: at least 30 minutes and at most 24 hours after the session is created. */
export const CHECKOUT_MIN_LIFETIME_MS = 30 * 60 * 1000;
export const CHECKOUT_MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Kept off Stripe's 30-minute floor, so a clock a little ahead of Stripe's is not refused. */
const CHECKOUT_MARGIN_MS = 60 * 1000;

export interface HeldOrder {
  status: string;
  paymentStatus: PaymentStatus;
  createdAt: string;
  statusHistory: readonly { to: string }[];
  /** Set on orders staff made at the counter (storefront invoice, quick sale). */
  processedByStaffId?: string;
}

/** When the hold of an order created at `createdAt` ends. */
export function holdEndsAt(createdAt: string): Date {
  return new Date(Date.parse(createdAt) + UNPAID_HOLD_MS);
}

/**
 * True while the order is on hold: unpaid and awaiting payment since it was
 * made. An order that has been anywhere else (staff moved it into the queue,
 * or rolled it back to invoiced after that) is the shop's to handle, not the
 * hold's. So is an order staff made at the counter (storefront invoice,
 * quick sale): the paddle is in the shop's bag and the customer pays by the
 * texted link, later; staff cancel it if it is never paid.
 */
export function isOnHold(order: HeldOrder): boolean {
  if (order.paymentStatus !== "unpaid") return false;
  if (order.processedByStaffId) return false;
  if (stageOf(order.status) !== "awaiting_payment") return false;
  return order.statusHistory.every((entry) => stageOf(entry.to) === "awaiting_payment");
}

/** True when the order is on hold and its hold has ended at `now`: the expiry job cancels it. */
export function isHoldExpired(order: HeldOrder, now: Date): boolean {
  return isOnHold(order) && now.getTime() >= holdEndsAt(order.createdAt).getTime();
}

/**
 * When a checkout opened at `now` for an order on hold closes: at the hold's
 * end, but never sooner than Stripe allows (30 minutes, plus a margin) nor
 * later than 24 hours. An order that is not on hold (staff's) gets 24 hours.
 */
export function checkoutExpiresAt(order: HeldOrder, now: Date): Date {
  const earliest = now.getTime() + CHECKOUT_MIN_LIFETIME_MS + CHECKOUT_MARGIN_MS;
  const latest = now.getTime() + CHECKOUT_MAX_LIFETIME_MS;
  const wanted = isOnHold(order) ? holdEndsAt(order.createdAt).getTime() : latest;
  return new Date(Math.min(latest, Math.max(earliest, wanted)));
}
