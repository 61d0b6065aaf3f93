/**
 * The grip schedule and the partner clubs as the API answers them, browser-safe: onsite gripping days
 * at a partner club, delivery runs to one, and a shop's overnight cutoff for a day. The calendar arithmetic is
 * ./calendar.ts; where a paddle is dropped off and picked up is ./locations.ts for the two shops.
 */
import { DROPOFF_DAYS_AHEAD, formatDate, type DayHours, type LocalDate, type LocalTime, type ZoneOffsets } from "./calendar";

export const SCHEDULE_EVENT_TYPES = ["ONSITE_GRIPPING", "OVERNIGHT_CUTOFF", "DELIVERY"] as const;
export type ScheduleEventType = (typeof SCHEDULE_EVENT_TYPES)[number];
/** The events a customer books a seat on (GET /api/schedule lists only these). */
export type BookableEventType = Exclude<ScheduleEventType, "OVERNIGHT_CUTOFF">;

/** An event's seats when the admin names none (the spec's default). */
export const DEFAULT_EVENT_CAPACITY = 20;
export const MAX_EVENT_CAPACITY = 500;
/** How far ahead GET /api/schedule looks when no `to` is given, and the most it will look. */
export const SCHEDULE_DEFAULT_DAYS = 60;
export const SCHEDULE_MAX_DAYS = 366;

export const EVENT_TYPE_LABELS: Record<ScheduleEventType, string> = {
  ONSITE_GRIPPING: "On-site gripping",
  OVERNIGHT_CUTOFF: "Overnight cutoff",
  DELIVERY: "Delivery run",
};

/** A partner club as an order and the schedule carry it: enough to find it. */
export interface PartnerSummary {
  locationKey: string;
  name: string;
  address: string | null;
  mapsUrl: string | null;
}

/** GET /api/schedule's items: an upcoming active onsite day or delivery run. */
export interface ScheduleEventView {
  id: string;
  type: BookableEventType;
  partner: PartnerSummary;
  date: LocalDate;
  startTime: LocalTime;
  endTime: LocalTime | null;
  seatsLeft: number;
}

/** A shop in GET /api/locations. */
export interface ShopView {
  value: "LITTLETON" | "HIGHLANDS_RANCH";
  label: string;
  /** The shop's contact as an admin set it (shared/shop-contact.ts). */
  address: string[];
  /** Display lines, days then times. */
  hours: [days: string, times: string][];
  /** E.164; null until an admin sets it. */
  phone: string | null;
  email: string | null;
  mapsUrl: string | null;
  /** By weekday, Sunday first; null is closed. */
  weekHours: (DayHours | null)[];
  /** Closed dates from today on (holidays). */
  closedDates: LocalDate[];
  /** The shop's OVERNIGHT_CUTOFF events from today on: date → cutoff time (it replaces the hours' default that day). */
  cutoffs: Record<LocalDate, LocalTime>;
  /** The pickup day of a paddle dropped off now (or at the next opening when closed now). */
  nextPickupDate: LocalDate;
}

/** A partner club in GET /api/locations (active ones only). */
export interface PartnerView extends PartnerSummary {
  phone: string | null;
  websiteUrl: string | null;
}

/** GET /api/locations. */
export interface LocationsView {
  shops: ShopView[];
  partners: PartnerView[];
  /**
   * The shops' time zone over the weeks a booking can name (shared/calendar.ts `zoneOffsets`, from a day before now
   * to `ZONE_OFFSETS_DAYS` after): the booking page reads the shop's clock with these, not with the browser's `Intl`.
   */
  zone: ZoneOffsets;
}

/** How many days ahead GET /api/locations sends the zone's offsets: the drop-off days and their pickup days. */
export const ZONE_OFFSETS_DAYS = DROPOFF_DAYS_AHEAD + 10;

/** GET/POST/PATCH /api/admin/partners. */
export interface PartnerAdminView extends PartnerView {
  email: string | null;
  contactPerson: string | null;
  isActive: boolean;
  notes: string | null;
  /** Active events from today on at this partner (a partner with any cannot be deleted). */
  upcomingEvents: number;
  createdAt: string;
  updatedAt: string;
}

/** GET/POST/PATCH /api/admin/schedule. */
export interface ScheduleAdminView {
  id: string;
  eventType: ScheduleEventType;
  /** LITTLETON or HIGHLANDS_RANCH for a cutoff; ONSITE for an onsite day or a delivery run. */
  location: "LITTLETON" | "HIGHLANDS_RANCH" | "ONSITE";
  partner: PartnerSummary | null;
  eventDate: LocalDate;
  startTime: LocalTime;
  endTime: LocalTime | null;
  maxCapacity: number;
  currentBookings: number;
  isActive: boolean;
  /** When an admin canceled it (its booked orders were moved back to a shop and texted). */
  canceledAt: string | null;
  notes: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

// Refusals a customer reads (booking) and an admin reads (schedule, partners): written once here.
export const EVENT_FULL = "This club day is full. Please choose another day or drop off at a shop.";
export const RUN_FULL = "This delivery run is full. Please choose another club or pick up at the shop.";
export const EVENT_NOT_AVAILABLE = "That event is no longer available. Please choose another.";
export const PARTNER_HAS_EVENTS = "This partner has upcoming events. Cancel them or deactivate the partner instead.";
export const PARTNER_KEY_TAKEN = "A partner with this location key already exists";
export const NO_DELIVERY_RUN = "No delivery run to that club leaves after your paddle is ready. Please pick up at the shop.";

// ---------------------------------------------------------------------------------------------
// What an admin types (POST/PATCH /api/admin/partners and /api/admin/schedule): the limits and the words. The
// schemas the routes parse with and the console's forms check with are ./schedule-input.ts (zod loads only there).
// ---------------------------------------------------------------------------------------------

export const PARTNER_LIMITS = { locationKey: 40, name: 100, address: 200, phone: 30, email: 254, url: 500, contactPerson: 100, notes: 1000 } as const;
export const EVENT_NOTES_MAX = 1000;
export const PARTNER_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*$/;

export const PARTNER_KEY_REQUIRED = "Location key is required";
export const PARTNER_KEY_CHARACTERS = "Location key can only contain lower-case letters, digits, - and _ (e.g. denver-pickleball)";
export const PARTNER_NAME_REQUIRED = "Name is required";
export const PARTNER_EMAIL_INVALID = "Please enter a valid email address";
export const PARTNER_URL_INVALID = "Please enter a web address starting with http:// or https://";
export const PARTNER_NOT_FOUND = "Partner not found";
export const PARTNER_NOTHING_TO_CHANGE = "Send at least one field to change";
export const PARTNER_CHANGED_WHILE_SAVING = "This partner changed while saving. Please try again.";

export const EVENT_TYPE_REQUIRED = `Event type must be one of ${SCHEDULE_EVENT_TYPES.join(", ")}`;
export const EVENT_PARTNER_REQUIRED = "Choose the partner club";
export const EVENT_PARTNER_INACTIVE = "This partner club is not active. Choose an active one.";
export const EVENT_LOCATION_REQUIRED = "Choose the shop (Littleton or Highlands Ranch) this cutoff is for";
export const EVENT_DATE_INVALID = "Please enter a date as YYYY-MM-DD";
export const EVENT_DATE_PAST = "The date cannot be in the past";
export const EVENT_DATE_TOO_FAR = `Schedule events at most ${SCHEDULE_MAX_DAYS} days ahead`;
export const EVENT_TIME_INVALID = "Please enter a time as HH:MM (24-hour)";
export const EVENT_END_BEFORE_START = "The end time must be after the start time";
export const EVENT_CAPACITY_RANGE = `Capacity must be a whole number from 1 to ${MAX_EVENT_CAPACITY}`;
export const EVENT_NOTES_TOO_LONG = `Notes must be at most ${EVENT_NOTES_MAX} characters`;
export const EVENT_NOT_FOUND = "Event not found";
export const EVENT_CANCELED = "This event is canceled and cannot be changed. Schedule a new one.";
export const EVENT_OVER = "This event has already taken place";
export const EVENT_REACTIVATE = "A canceled event cannot be brought back. Schedule a new one.";
export const EVENT_CHANGED_WHILE_SAVING = "This event changed while saving. Please try again.";
export const SCHEDULE_RANGE_INVALID = `Choose a range of at most ${SCHEDULE_MAX_DAYS} days, the end on or after the start`;
/** The capacity asked for is below the seats already booked. */
export const eventCapacityBelowBookings = (booked: number) => `${booked} seat${booked === 1 ? " is" : "s are"} already booked: the capacity cannot be less`;
/** A date or time change of an event customers are booked on (their orders carry its date and times). */
export const EVENT_HAS_BOOKINGS = "Customers are booked on this event, so its date and times cannot change. Cancel it (they are texted) and schedule another.";
/** A second cutoff for one shop on one day. */
export const CUTOFF_TAKEN = "This shop already has an overnight cutoff that day. Change or cancel that one.";

/** True when `end` (if any) is after `start`. */
export const endsAfterStart = (start: LocalTime, end: LocalTime | null | undefined): boolean => !end || end > start;

/** What a canceled onsite day or delivery run means for one booked order: the order page's notice and the text's words. */
export interface EventCanceledWords {
  eventType: BookableEventType;
  partnerName: string;
  eventDate: LocalDate;
  /** The shop the order goes to instead ("Regrip Highlands Ranch"). */
  shopLabel: string;
  /** An onsite day's order: when the shop takes the paddle instead, in words ("Monday, November 30 at 10 am"). */
  dropoffFrom?: string;
  /** The day the paddle is now promised. */
  pickupDate: LocalDate;
}

export function eventCanceledNotice(words: EventCanceledWords): string {
  const day = formatDate(words.eventDate);
  return words.eventType === "ONSITE_GRIPPING"
    ? `The on-site gripping day at ${words.partnerName} on ${day} was canceled. Please drop your paddle off at ${words.shopLabel} instead${
        words.dropoffFrom ? ` (from ${words.dropoffFrom})` : ""
      }: it will be ready ${formatDate(words.pickupDate)}.`
    : `The delivery run to ${words.partnerName} on ${day} was canceled. Your paddle stays at ${words.shopLabel}: pick it up there from ${formatDate(words.pickupDate)}.`;
}

