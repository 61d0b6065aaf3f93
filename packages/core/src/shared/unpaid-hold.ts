/**
 * The unpaid hold, browser-safe: an order booked for card payment holds its
 * stock for `UNPAID_HOLD_MINUTES`; unpaid after that, it is canceled and its
 * stock returned (orders/expire.ts, run every few minutes by a scheduled job).
 * The checkout a customer opens closes by the hold's end.
 */
import { daysBetween, formatDate, formatTime, localOf, WEEKDAY_NAMES } from "./calendar";
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

/**
 * When the hold ends, in the shop's time zone, as said at `now`: "10:53 am today", "12:20 am tomorrow", "9 am on
 * Tuesday" within the week, else "9 am on Monday, November 30".
 */
export function holdDeadlineWhen(createdAt: string, now: Date): string {
  const end = localOf(holdEndsAt(createdAt));
  const days = daysBetween(localOf(now).date, end.date);
  const time = formatTime(end.time);
  if (days <= 0) return `${time} today`;
  if (days === 1) return `${time} tomorrow`;
  if (days < 7) return `${time} on ${WEEKDAY_NAMES[end.weekday]}`;
  return `${time} on ${formatDate(end.date)}`;
}

/** An order as the deadline's words read it: on hold, and with something to pay. */
export type DeadlineOrder = HeldOrder & { totalCents: number };

/**
 * The deadline every message and page of an unpaid booking states ("Pay by 10:53 am today, or the booking is
 * released"), or null when the order is on no hold: paid, covered by a membership, nothing to pay, made at the
 * counter, or moved on by staff. The booking confirmation (text and email), the order page and the payment page all
 * say it with these words.
 */
export function holdDeadline(order: DeadlineOrder, now: Date): string | null {
  if (order.totalCents <= 0 || !isOnHold(order)) return null;
  return `Pay by ${holdDeadlineWhen(order.createdAt, now)}, or the booking is released`;
}
