/**
 * A customer's own reschedule (POST /api/orders/{id}/reschedule), written once: the server enforces it
 * (orders/reschedule.ts) and the order page offers Change drop-off only when it would be accepted. Browser-safe.
 *
 * - Before check-in only: awaiting payment or scheduled, paid or not (a paid order keeps its payment: a
 *   reschedule changes no money).
 * - The new time is the booking's: within the shop's hours, not past, at most `DROPOFF_DAYS_AHEAD` days ahead
 *   (shared/calendar.ts); an onsite order moves to another club day with a seat left.
 */
import { stageOf } from "./lifecycle";

export const RESCHEDULE_AFTER_CHECK_IN = "This order has been checked in: its drop-off can no longer be changed online. Please contact the shop.";
export const RESCHEDULE_CANCELED = "This order is canceled: there is no drop-off to change.";
export const CHOOSE_DROPOFF_TIME = "Please choose a new drop-off time.";
export const CHOOSE_CLUB_DAY = "Please choose another club day.";

/** Why the order's drop-off cannot be moved now, or undefined when it can. */
export function rescheduleRefusal(order: { status: string }): string | undefined {
  const stage = stageOf(order.status);
  if (stage === "canceled") return RESCHEDULE_CANCELED;
  if (stage !== "awaiting_payment" && stage !== "scheduled") return RESCHEDULE_AFTER_CHECK_IN;
  return undefined;
}

/** The order page opened on its drop-off change: the drop-off reminder's link. */
export const reschedulePath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}?change=dropoff`;
/** The order page's query that saves its drop-off's `.ics` (Add to Calendar) as it opens: the confirmation email's link. */
export const CALENDAR_LINK_QUERY = "?calendar=1";

/** The order page opened at its cancel: the drop-off reminder's other link. */
export const cancelPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}?cancel=1`;
