/**
 * The schedule's event dialog (issue 22): values as typed, the body it sends, its checks before sending, and which
 * field a server refusal is about. The numbers and words of the rules are @regrip/core/shared/schedule's and
 * shared/calendar's; the server checks them all again.
 */
import { isLocalDate, LOCAL_TIME, minutesOf, type LocalDate } from "@regrip/core/shared/calendar";
import { isBookableLocation } from "@regrip/core/shared/locations";
import { DEFAULT_EVENT_CAPACITY, MAX_EVENT_CAPACITY, type ScheduleAdminView, type ScheduleEventType } from "@regrip/core/shared/schedule";
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
 * The dialog's own checks, before anything is sent: the event's place, a real date from today on (an edit may keep
 * its own date), times, seats. `event` is the event being edited.
 */
export function eventFormErrors(values: EventFormValues, today: LocalDate, event?: ScheduleAdminView): Partial<Record<EventField, string>> {
  const errors: Partial<Record<EventField, string>> = {};
  const creating = !event;
  if (creating && atPartner(values.eventType) && !values.partnerKey) errors.partnerKey = "Please choose a partner club";
  if (creating && !atPartner(values.eventType) && !isBookableLocation(values.location)) errors.location = "Please choose a shop";
  if (!values.eventDate) errors.eventDate = "Please choose a date";
  else if (!isLocalDate(values.eventDate)) errors.eventDate = "Please enter a date as YYYY/MM/DD";
  else if (values.eventDate < today && values.eventDate !== event?.eventDate) errors.eventDate = "Please choose a date from today on";
  if (!LOCAL_TIME.test(values.startTime)) errors.startTime = "Please enter a start time as hh:mm (24-hour)";
  if (values.endTime) {
    if (!LOCAL_TIME.test(values.endTime)) errors.endTime = "Please enter an end time as hh:mm (24-hour)";
    else if (!errors.startTime && minutesOf(values.endTime) <= minutesOf(values.startTime)) errors.endTime = "The end time must be after the start time";
  }
  if (atPartner(values.eventType)) {
    const seats = Number(values.maxCapacity);
    if (!values.maxCapacity.trim() || !Number.isInteger(seats) || seats < 1 || seats > MAX_EVENT_CAPACITY)
      errors.maxCapacity = `Capacity must be a whole number from 1 to ${MAX_EVENT_CAPACITY}`;
  }
  return errors;
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

/** The field a server refusal is about, by its words (the capacity below the bookings, a past date, a partner...). */
export function eventRefusalField(message: string): EventField | undefined {
  return refusalField<EventField>(message, [
    ["maxCapacity", /capacity|seats?\b|booked/i],
    ["partnerKey", /partner|club/i],
    ["location", /shop|location/i],
    ["endTime", /end\b|end time/i],
    ["startTime", /start|time/i],
    ["eventDate", /date|day|past/i],
    ["notes", /notes?\b/i],
  ]);
}
