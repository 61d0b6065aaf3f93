/**
 * The shop's locations: which ones a customer can book, what they are called, and
 * where and when a customer picks a paddle up. Browser-safe: the booking schema, the booking page, the order page
 * and the pickup details read them from here.
 *
 * The addresses and hours are the demo shop's: the owner's real ones go here (docs/local.md says so).
 * The calendar arithmetic on the hours (cutoff, business days, the promised pickup day) is shared/calendar.ts.
 */
import { dayHours, hoursLines, type LocalDate, type ShopCalendar, type WeekHours } from "./calendar";
import { SHOP_LABELS, type BookableLocation } from "./location-names";

// The names without the hours live in ./location-names (the booking's schema and the texts read only them).
export { BOOKABLE_LOCATIONS, DEFAULT_DROPOFF_LOCATION, isBookableLocation, type BookableLocation } from "./location-names";

export interface ShopLocation extends ShopCalendar {
  value: BookableLocation;
  /** The location labelled with the shop's name. */
  label: string;
  /** Street address, one line per entry. */
  address: readonly string[];
  /** Opening hours, one line per entry: days, then times (from `weekHours`). */
  hours: readonly (readonly [days: string, times: string])[];
}

/**
 * The demo shop's hours: weekdays 10 am to 7 pm, Saturday 9 am to 5 pm, Sunday closed (shared/calendar.ts). The
 * calls are marked pure so a Lambda that reads only the location names leaves the calendar out.
 */
const DEMO_WEEK_HOURS: WeekHours = [
  null,
  /* @__PURE__ */ dayHours("10:00", "19:00"),
  /* @__PURE__ */ dayHours("10:00", "19:00"),
  /* @__PURE__ */ dayHours("10:00", "19:00"),
  /* @__PURE__ */ dayHours("10:00", "19:00"),
  /* @__PURE__ */ dayHours("10:00", "19:00"),
  /* @__PURE__ */ dayHours("09:00", "17:00"),
];

/**
 * The dates both shops are closed (holidays), each `YYYY-MM-DD` on the shop's calendar. A business day is a day
 * the shop is open and not one of these; no paddle is promised on one. Extend the list each year.
 */
export const CLOSED_DATES: readonly LocalDate[] = [
  "2026-11-26", // Thanksgiving
  "2026-12-24",
  "2026-12-25",
  "2027-01-01",
  "2027-05-31", // Memorial Day
  "2027-07-05", // Independence Day (observed)
  "2027-09-06", // Labor Day
  "2027-11-25", // Thanksgiving
  "2027-12-24",
  "2027-12-25",
];

/** A shop of the demo: its name and address, with the demo's hours and closed days. */
function demoShop(value: BookableLocation, address: readonly string[]): ShopLocation {
  return { value, label: SHOP_LABELS[value], address, weekHours: DEMO_WEEK_HOURS, closedDates: CLOSED_DATES, hours: hoursLines(DEMO_WEEK_HOURS) };
}

export const SHOP_LOCATIONS: readonly ShopLocation[] = [
  /* @__PURE__ */ demoShop("LITTLETON", ["2500 W Main St", "Littleton, CO 80120"]),
  /* @__PURE__ */ demoShop("HIGHLANDS_RANCH", ["9300 S Colorado Blvd", "Highlands Ranch, CO 80126"]),
];

/** The shop an order names, or undefined (ONSITE, a partner club; COUNTER, a counter sale; unknown values). */
export function shopLocation(value: string | null | undefined): ShopLocation | undefined {
  return SHOP_LOCATIONS.find((location) => location.value === value);
}
