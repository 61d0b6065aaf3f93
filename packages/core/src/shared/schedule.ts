/**
 * The grip schedule and the partner clubs as the API answers them (issue 22), browser-safe: onsite gripping days
 * at a partner club, delivery runs to one, and a shop's overnight cutoff for a day. The calendar arithmetic is
 * ./calendar.ts; where a paddle is dropped off and picked up is ./locations.ts for the two shops.
 */
import type { DayHours, LocalDate, LocalTime } from "./calendar";

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
