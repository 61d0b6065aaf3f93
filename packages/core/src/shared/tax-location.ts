/**
 * Where an order is taxed (shared/money-settings.ts re-exports it): apart, so the day figures that count tax by place
 * (stats/daily.ts) load no schema or words with it (npm run bench:lambda). Browser-safe.
 */
import { BOOKABLE_LOCATIONS, DEFAULT_DROPOFF_LOCATION, type BookableLocation } from "./location-names";

/**
 * Where an order is taxed: the shop it is dropped off at or sold at (a counter sale names its shop), or ONSITE for a
 * club day or a delivery run (one rate for every partner club, set by the admin).
 */
export const TAX_LOCATIONS = [...BOOKABLE_LOCATIONS, "ONSITE"] as const;
export type TaxLocation = (typeof TAX_LOCATIONS)[number];

/** The place an order is taxed at: its shop, ONSITE for a club day or delivery run, a counter sale's shop. */
export function taxLocationOf(order: { dropoffLocation?: string | null; counterShop?: string | null }): TaxLocation {
  const place = order.dropoffLocation;
  // A counter sale made before counters named their shop is taxed as the default shop's.
  if (place === "COUNTER") return (order.counterShop as BookableLocation | null | undefined) ?? DEFAULT_DROPOFF_LOCATION;
  return (TAX_LOCATIONS as readonly string[]).includes(place ?? "") ? (place as TaxLocation) : DEFAULT_DROPOFF_LOCATION;
}
