/**
 * The booking's refusals of where and when beside the schedule's own (./schedule.ts: EVENT_FULL,
 * RUN_FULL, EVENT_NOT_AVAILABLE, NO_DELIVERY_RUN), browser-safe: the booking page shows them under their fields
 * and the server answers them. A module of their own, read only by the booking's lazily loaded code
 * (orders/booking-place.ts), so no Lambda's cold start carries them (`npm run bench:lambda`).
 */

/** The booking's `scheduleEventId` names no onsite day (unknown, or a cutoff or a delivery run). */
export const NOT_A_CLUB_DAY = "Please choose a club day from the schedule";
/** The booking's `pickupLocation` is another shop than the drop-off. */
export const PICKUP_SHOP_MISMATCH = "Please pick up at the shop you drop off at, or choose a club";
/** The booking's `pickupLocation` names no active partner club. */
export const PICKUP_LOCATION_UNKNOWN = "Please choose a pickup location";

