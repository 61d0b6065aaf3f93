/**
 * The shops' values and names, without their hours: what the booking's schema and the texts
 * read. ./locations.ts re-exports them with each shop's address, hours and calendar; a Lambda that needs only the
 * names imports them from here and leaves the calendar out (`npm run bench:lambda`).
 */
export const BOOKABLE_LOCATIONS = ["LITTLETON", "HIGHLANDS_RANCH"] as const;
export type BookableLocation = (typeof BOOKABLE_LOCATIONS)[number];

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
