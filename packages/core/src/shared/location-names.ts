/**
 * The shops' values and names, without their hours: what the booking's schema and the texts
 * read. ./locations.ts re-exports them with each shop's address, hours and calendar; a Lambda that needs only the
 * names imports them from here and leaves the calendar out (`npm run bench:lambda`).
 */
export const BOOKABLE_LOCATIONS = ["LITTLETON", "HIGHLANDS_RANCH"] as const;
export type BookableLocation = (typeof BOOKABLE_LOCATIONS)[number];

/**
 * The spec's locations: a shop, or ONSITE, at a partner club. A schedule event is at one; ONSITE
 * is a club day's or a delivery run's (the event's `partnerKey` and the order's `partner` name the club).
 */
export const LOCATIONS = [...BOOKABLE_LOCATIONS, "ONSITE"] as const;
export type Location = (typeof LOCATIONS)[number];

/**
 * Where an order is dropped off and picked up: a location, or COUNTER for a counter sale (a storefront invoice or
 * a quick sale, made at the shop's counter). Counter sales written before COUNTER existed were stored as ONSITE
 * with no club; the order entity reads them as COUNTER (entities/serviceOrder.ts `isOldCounterSale`).
 */
export const ORDER_LOCATIONS = [...LOCATIONS, "COUNTER"] as const;
export type OrderLocation = (typeof ORDER_LOCATIONS)[number];

/** Where a counter sale is dropped off and picked up, as the pages say it (the texts say "our counter"). */
export const COUNTER_LABEL = "At the shop's counter";

/** Where a booking drops off when it names no location (the spec's default). */
export const DEFAULT_DROPOFF_LOCATION: BookableLocation = "HIGHLANDS_RANCH";

/** Each shop labelled with its name. */
export const SHOP_LABELS: Record<BookableLocation, string> = {
  LITTLETON: "Regrip Littleton",
  HIGHLANDS_RANCH: "Regrip Highlands Ranch",
};

export function isBookableLocation(value: unknown): value is BookableLocation {
  return typeof value === "string" && (BOOKABLE_LOCATIONS as readonly string[]).includes(value);
}
