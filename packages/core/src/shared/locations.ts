/**
 * The shop's locations (customer-side §9, DESIGN intro): which ones a customer can book, what they are called, and
 * where and when a customer picks a paddle up. Browser-safe: the booking schema, the booking page, the order page
 * and the pickup details read them from here.
 *
 * The addresses and hours are the demo shop's: the owner's real ones go here (README "The demo shop" says so).
 */
export const BOOKABLE_LOCATIONS = ["LITTLETON", "HIGHLANDS_RANCH"] as const;
export type BookableLocation = (typeof BOOKABLE_LOCATIONS)[number];

/** Where a booking drops off when it names no location (customer-side §9). */
export const DEFAULT_DROPOFF_LOCATION: BookableLocation = "HIGHLANDS_RANCH";

export interface ShopLocation {
  value: BookableLocation;
  /** The location labelled with the shop's name (customer-side §9). */
  label: string;
  /** Street address, one line per entry. */
  address: readonly string[];
  /** Opening hours, one line per entry: days, then times. */
  hours: readonly (readonly [days: string, times: string])[];
}

export const SHOP_LOCATIONS: readonly ShopLocation[] = [
  {
    value: "LITTLETON",
    label: "Regrip Littleton",
    address: ["2500 W Main St", "Littleton, CO 80120"],
    hours: [
      ["Monday to Friday", "10 am to 7 pm"],
      ["Saturday", "9 am to 5 pm"],
      ["Sunday", "Closed"],
    ],
  },
  {
    value: "HIGHLANDS_RANCH",
    label: "Regrip Highlands Ranch",
    address: ["9300 S Colorado Blvd", "Highlands Ranch, CO 80126"],
    hours: [
      ["Monday to Friday", "10 am to 7 pm"],
      ["Saturday", "9 am to 5 pm"],
      ["Sunday", "Closed"],
    ],
  },
];

export function isBookableLocation(value: unknown): value is BookableLocation {
  return typeof value === "string" && (BOOKABLE_LOCATIONS as readonly string[]).includes(value);
}

/** The location an order names, or undefined (ONSITE and unknown values have no counter). */
export function shopLocation(value: string | null | undefined): ShopLocation | undefined {
  return SHOP_LOCATIONS.find((location) => location.value === value);
}
