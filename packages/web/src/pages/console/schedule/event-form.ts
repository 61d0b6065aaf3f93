/**
 * The schedule's event dialog: values as typed, the body it sends, its checks before sending, and which
 * field a server refusal is about. The checks are the server's own schemas and words (@regrip/core/shared/schedule);
 * the server checks them all again.
 */
import type { LocalDate } from "@regrip/core/shared/calendar";
import { fieldErrors } from "@regrip/core/shared/forms";
import {
  CUTOFF_TAKEN,
  DEFAULT_EVENT_CAPACITY,
  endsAfterStart,
  EVENT_CAPACITY_RANGE,
  EVENT_DATE_INVALID,
  EVENT_DATE_PAST,
  EVENT_END_BEFORE_START,
  EVENT_LOCATION_REQUIRED,
  EVENT_NOTES_TOO_LONG,
  EVENT_PARTNER_INACTIVE,
  EVENT_PARTNER_REQUIRED,
  EVENT_TIME_INVALID,
  type ScheduleAdminView,
  type ScheduleEventType,
} from "@regrip/core/shared/schedule";
import { EventInput, EventPatch } from "@regrip/core/shared/schedule-input";
import { refusalField } from "../refusal-field";
import type { EventChangeBody, NewEventBody } from "./schedule-api";

export interface EventFormValues {
  eventType: ScheduleEventType;
  /** The partner club of an onsite day or a delivery run. */
  partnerKey: string;
  /** The shop of an overnight cutoff. */
  location: string;
  eventDate: LocalDate;
  startTime: string;
  endTime: string;
  maxCapacity: string;
  notes: string;
}

export type EventField = keyof EventFormValues;

/** An onsite day or a delivery run is at a partner club; a cutoff is a shop's. */
export const atPartner = (type: ScheduleEventType) => type !== "OVERNIGHT_CUTOFF";

export function eventFormValues(event?: ScheduleAdminView): EventFormValues {
  return {
    eventType: event?.eventType ?? "ONSITE_GRIPPING",
    partnerKey: event?.partner?.locationKey ?? "",
    location: event && event.location !== "ONSITE" ? event.location : "",
    eventDate: event?.eventDate ?? "",
    startTime: event?.startTime ?? "",
    endTime: event?.endTime ?? "",
    maxCapacity: String(event?.maxCapacity ?? DEFAULT_EVENT_CAPACITY),
    notes: event?.notes ?? "",
  };
}

/**
 * The dialog's checks before anything is sent: the server's own schema over the body it would send
 * (shared/schedule-input.ts), and what the server checks against the day: a date from today on (an edit may keep its own
 * date), an end after the start. `event` is the event being edited.
 */
export function eventFormErrors(values: EventFormValues, today: LocalDate, event?: ScheduleAdminView): Partial<Record<EventField, string>> {
  const errors = (event ? fieldErrors(EventPatch, eventChangeBody(values, event)) : fieldErrors(EventInput, newEventBody(values))) as Partial<Record<string, string>>;
  const found: Partial<Record<EventField, string>> = {};
  for (const field of Object.keys(eventFormValues()) as EventField[]) if (errors[field]) found[field] = errors[field];
  // The schema checks the place only once the fields parse: said at once here, in its words.
  if (!event && atPartner(values.eventType) && !values.partnerKey) found.partnerKey = EVENT_PARTNER_REQUIRED;
  if (!event && !atPartner(values.eventType) && !values.location) found.location = EVENT_LOCATION_REQUIRED;
  if (!found.eventDate && values.eventDate < today && values.eventDate !== event?.eventDate) found.eventDate = EVENT_DATE_PAST;
  if (!found.startTime && !found.endTime && !endsAfterStart(values.startTime, values.endTime || null)) found.endTime = EVENT_END_BEFORE_START;
  return found;
}

const orUndefined = (text: string) => (text.trim() ? text.trim() : undefined);

/** POST /api/admin/schedule's body: the partner or the shop by the type; a cutoff has no seats. */
export function newEventBody(values: EventFormValues): NewEventBody {
  const partner = atPartner(values.eventType);
  return {
    eventType: values.eventType,
    ...(partner ? { partnerKey: values.partnerKey, maxCapacity: Number(values.maxCapacity) } : { location: values.location }),
    eventDate: values.eventDate,
    startTime: values.startTime,
    ...(values.endTime ? { endTime: values.endTime } : {}),
    ...(orUndefined(values.notes) ? { notes: values.notes.trim() } : {}),
  };
}

/**
 * PATCH /api/admin/schedule/{id}'s body: only what the edit changed of `event` (never the type or the place; the
 * date and times of an event customers are booked on stay as they are); cleared text is null. Empty: nothing changed.
 */
export function eventChangeBody(values: EventFormValues, event: ScheduleAdminView): EventChangeBody {
  const before = eventFormValues(event);
  const body: EventChangeBody = {};
  if (values.eventDate !== before.eventDate) body.eventDate = values.eventDate;
  if (values.startTime !== before.startTime) body.startTime = values.startTime;
  if (values.endTime !== before.endTime) body.endTime = values.endTime || null;
  if (atPartner(values.eventType) && Number(values.maxCapacity) !== event.maxCapacity) body.maxCapacity = Number(values.maxCapacity);
  if (values.notes.trim() !== before.notes.trim()) body.notes = orUndefined(values.notes) ?? null;
  return body;
}

/** The field a server refusal is about (a club no longer active, a second cutoff, seats below the bookings...), else undefined. */
export function eventRefusalField(message: string): EventField | undefined {
  const exact: Record<string, EventField> = {
    [EVENT_PARTNER_REQUIRED]: "partnerKey",
    [EVENT_PARTNER_INACTIVE]: "partnerKey",
    [EVENT_LOCATION_REQUIRED]: "location",
    [CUTOFF_TAKEN]: "location",
    [EVENT_DATE_INVALID]: "eventDate",
    [EVENT_DATE_PAST]: "eventDate",
    [EVENT_TIME_INVALID]: "startTime",
    [EVENT_END_BEFORE_START]: "endTime",
    [EVENT_CAPACITY_RANGE]: "maxCapacity",
    [EVENT_NOTES_TOO_LONG]: "notes",
  };
  return (
    exact[message] ??
    refusalField<EventField>(message, [
      ["maxCapacity", /capacity/i],
      // A cutoff outside the shop's hours that day, or on a day it is closed.
      ["startTime", / is open .* Please choose a cutoff/],
      ["eventDate", / is closed on /],
    ])
  );
}
