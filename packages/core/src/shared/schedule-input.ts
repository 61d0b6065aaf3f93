/**
 * What an admin types for the partner clubs and the grip schedule (POST/PATCH /api/admin/partners and
 * /api/admin/schedule): the zod/mini schemas the routes parse with and the console's Partners and Schedule forms
 * check with, so a field's error is the server's message. Browser-safe. The limits and the words are ./schedule.ts;
 * kept apart from it so a page or a Lambda that needs only a view type or a refusal's words loads no zod.
 */
import * as z from "zod/mini";
import { isLocalDate, LOCAL_TIME } from "./calendar";
import { BOOKABLE_LOCATIONS } from "./locations";
import {
  endsAfterStart,
  EVENT_CAPACITY_RANGE,
  EVENT_DATE_INVALID,
  EVENT_END_BEFORE_START,
  EVENT_LOCATION_REQUIRED,
  EVENT_NOTES_MAX,
  EVENT_NOTES_TOO_LONG,
  EVENT_PARTNER_REQUIRED,
  EVENT_TIME_INVALID,
  EVENT_TYPE_REQUIRED,
  MAX_EVENT_CAPACITY,
  PARTNER_EMAIL_INVALID,
  PARTNER_KEY_CHARACTERS,
  PARTNER_KEY_PATTERN,
  PARTNER_KEY_REQUIRED,
  PARTNER_LIMITS,
  PARTNER_NAME_REQUIRED,
  PARTNER_NOTHING_TO_CHANGE,
  PARTNER_URL_INVALID,
  SCHEDULE_EVENT_TYPES,
} from "./schedule";

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

/** PATCH /api/admin/partners/{id}: any field but the key; "" or null clears an optional one. */
export const PartnerPatch = z
  .object({ ...partnerFields, name: z.optional(partnerFields.name) })
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), PARTNER_NOTHING_TO_CHANGE));

const EventDate = z.string({ error: EVENT_DATE_INVALID }).check(z.maxLength(10, EVENT_DATE_INVALID), z.refine(isLocalDate, EVENT_DATE_INVALID));
const EventTime = z.string({ error: EVENT_TIME_INVALID }).check(z.maxLength(5, EVENT_TIME_INVALID), z.regex(LOCAL_TIME, EVENT_TIME_INVALID));
const EventCapacity = z.number({ error: EVENT_CAPACITY_RANGE }).check(z.refine((n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_EVENT_CAPACITY, EVENT_CAPACITY_RANGE));
const EventNotes = z.optional(z.nullable(z.string({ error: "Notes must be text" }).check(z.maxLength(EVENT_NOTES_MAX * 4, EVENT_NOTES_TOO_LONG), z.trim(), z.maxLength(EVENT_NOTES_MAX, EVENT_NOTES_TOO_LONG))));

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

/** `?from=&to=` of GET /api/schedule and GET /api/admin/schedule (each a LocalDate; defaults are the server's). */
export const ScheduleRange = z.object({ from: z.optional(EventDate), to: z.optional(EventDate) });

/** `/api/admin/partners/{id}`: the partner's location key. */
export const PartnerParams = z.object({ id: PartnerKey });
