/**
 * The grip schedule and the partner clubs as the API answers them (issue 22), browser-safe: onsite gripping days
 * at a partner club, delivery runs to one, and a shop's overnight cutoff for a day. The calendar arithmetic is
 * ./calendar.ts; where a paddle is dropped off and picked up is ./locations.ts for the two shops.
 */
import * as z from "zod/mini";
import { formatDate, isLocalDate, LOCAL_TIME, type DayHours, type LocalDate, type LocalTime } from "./calendar";
import { BOOKABLE_LOCATIONS } from "./locations";

export const SCHEDULE_EVENT_TYPES = ["ONSITE_GRIPPING", "OVERNIGHT_CUTOFF", "DELIVERY"] as const;
export type ScheduleEventType = (typeof SCHEDULE_EVENT_TYPES)[number];
/** The events a customer books a seat on (GET /api/schedule lists only these). */
export type BookableEventType = Exclude<ScheduleEventType, "OVERNIGHT_CUTOFF">;

/** An event's seats when the admin names none (customer-side §9). */
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
  address: string[];
  /** Display lines, days then times. */
  hours: [days: string, times: string][];
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
}

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
export const EVENT_FULL = "This on-site day is full. Please choose another day or drop off at a shop.";
export const RUN_FULL = "This delivery run is full. Please choose another club or pick up at the shop.";
export const EVENT_NOT_AVAILABLE = "That event is no longer available. Please choose another.";
export const PARTNER_HAS_EVENTS = "This partner has upcoming events. Cancel them or deactivate the partner instead.";
export const PARTNER_KEY_TAKEN = "A partner with this location key already exists";
export const NO_DELIVERY_RUN = "No delivery run to that club leaves after your paddle is ready. Please pick up at the shop.";

// ---------------------------------------------------------------------------------------------
// What an admin types (POST/PATCH /api/admin/partners and /api/admin/schedule): the schemas the routes parse
// with and the console's Partners and Schedule forms check with, so a field's error is the server's message.
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

const optionalText = (label: string, max: number) =>
  z.optional(z.nullable(z.string({ error: `${label} must be text` }).check(z.maxLength(max * 4, `${label} must be at most ${max} characters`), z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))));
const isWebAddress = (url: string | null | undefined) => !url || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url);
const isEmail = (email: string | null | undefined) => !email || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
const optionalUrl = (label: string) => optionalText(label, PARTNER_LIMITS.url).check(z.refine(isWebAddress, PARTNER_URL_INVALID));

/** A partner's location key as typed: trimmed and lower-cased; letters, digits, `-` and `_`. It is the partner's id. */
export const PartnerKey = z.string({ error: PARTNER_KEY_REQUIRED }).check(
  z.maxLength(200, PARTNER_KEY_CHARACTERS),
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, PARTNER_KEY_REQUIRED),
  z.maxLength(PARTNER_LIMITS.locationKey, `Location key must be at most ${PARTNER_LIMITS.locationKey} characters`),
  z.regex(PARTNER_KEY_PATTERN, PARTNER_KEY_CHARACTERS),
);

const partnerFields = {
  name: z.string({ error: PARTNER_NAME_REQUIRED }).check(
    z.maxLength(PARTNER_LIMITS.name * 4, `Name must be at most ${PARTNER_LIMITS.name} characters`),
    z.trim(),
    z.minLength(1, PARTNER_NAME_REQUIRED),
    z.maxLength(PARTNER_LIMITS.name, `Name must be at most ${PARTNER_LIMITS.name} characters`),
  ),
  address: optionalText("Address", PARTNER_LIMITS.address),
  phone: optionalText("Phone", PARTNER_LIMITS.phone),
  email: optionalText("Email", PARTNER_LIMITS.email).check(z.refine(isEmail, PARTNER_EMAIL_INVALID)),
  websiteUrl: optionalUrl("Website"),
  mapsUrl: optionalUrl("Maps link"),
  contactPerson: optionalText("Contact person", PARTNER_LIMITS.contactPerson),
  isActive: z.optional(z.boolean({ error: "isActive must be true or false" })),
  notes: optionalText("Notes", PARTNER_LIMITS.notes),
};

/** POST /api/admin/partners. Blank optional fields are left out. */
export const PartnerInput = z.object({ locationKey: PartnerKey, ...partnerFields });
export type PartnerInputValue = z.output<typeof PartnerInput>;

/** PATCH /api/admin/partners/{id}: any field but the key; "" or null clears an optional one. */
export const PartnerPatch = z
  .object({ ...partnerFields, name: z.optional(partnerFields.name) })
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), PARTNER_NOTHING_TO_CHANGE));
export type PartnerPatchValue = z.output<typeof PartnerPatch>;

export const EventDate = z.string({ error: EVENT_DATE_INVALID }).check(z.maxLength(10, EVENT_DATE_INVALID), z.refine(isLocalDate, EVENT_DATE_INVALID));
export const EventTime = z.string({ error: EVENT_TIME_INVALID }).check(z.maxLength(5, EVENT_TIME_INVALID), z.regex(LOCAL_TIME, EVENT_TIME_INVALID));
const EventCapacity = z.number({ error: EVENT_CAPACITY_RANGE }).check(z.refine((n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_EVENT_CAPACITY, EVENT_CAPACITY_RANGE));
const EventNotes = z.optional(z.nullable(z.string({ error: "Notes must be text" }).check(z.maxLength(EVENT_NOTES_MAX * 4, EVENT_NOTES_TOO_LONG), z.trim(), z.maxLength(EVENT_NOTES_MAX, EVENT_NOTES_TOO_LONG))));

/** True when `end` (if any) is after `start`. */
export const endsAfterStart = (start: LocalTime, end: LocalTime | null | undefined): boolean => !end || end > start;

/** POST /api/admin/schedule. A partner for an onsite day or a delivery run, a shop for a cutoff. */
export const EventInput = z
  .object({
    eventType: z.enum(SCHEDULE_EVENT_TYPES, { error: EVENT_TYPE_REQUIRED }),
    partnerKey: z.optional(z.nullable(z.string({ error: EVENT_PARTNER_REQUIRED }).check(z.maxLength(200, EVENT_PARTNER_REQUIRED)))),
    location: z.optional(z.nullable(z.enum(BOOKABLE_LOCATIONS, { error: EVENT_LOCATION_REQUIRED }))),
    eventDate: EventDate,
    startTime: EventTime,
    endTime: z.optional(z.nullable(EventTime)),
    maxCapacity: z.optional(EventCapacity),
    notes: EventNotes,
  })
  .check(
    z.refine((event) => event.eventType === "OVERNIGHT_CUTOFF" || !!event.partnerKey?.trim(), { message: EVENT_PARTNER_REQUIRED, path: ["partnerKey"] }),
    z.refine((event) => event.eventType !== "OVERNIGHT_CUTOFF" || !!event.location, { message: EVENT_LOCATION_REQUIRED, path: ["location"] }),
    z.refine((event) => endsAfterStart(event.startTime, event.endTime), { message: EVENT_END_BEFORE_START, path: ["endTime"] }),
  );
export type EventInputValue = z.output<typeof EventInput>;

/** PATCH /api/admin/schedule/{id}: `isActive: false` cancels the event (its booked customers are moved and texted). */
export const EventPatch = z
  .object({
    eventDate: z.optional(EventDate),
    startTime: z.optional(EventTime),
    endTime: z.optional(z.nullable(EventTime)),
    maxCapacity: z.optional(EventCapacity),
    notes: EventNotes,
    isActive: z.optional(z.boolean({ error: "isActive must be true or false" })),
  })
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), PARTNER_NOTHING_TO_CHANGE));
export type EventPatchValue = z.output<typeof EventPatch>;

/** `?from=&to=` of GET /api/schedule and GET /api/admin/schedule (each a LocalDate; defaults are the server's). */
export const ScheduleRange = z.object({ from: z.optional(EventDate), to: z.optional(EventDate) });

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

/** `/api/admin/partners/{id}`: the partner's location key. */
export const PartnerParams = z.object({ id: PartnerKey });
