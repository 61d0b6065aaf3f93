/** The schedule page's words and order: an event's place, times, seats and state, and what a cancel does. */
import { formatTime } from "@regrip/core/shared/calendar";
import { DEFAULT_DROPOFF_LOCATION, shopLocation } from "@regrip/core/shared/locations";
import { type ScheduleAdminView, type ScheduleEventType } from "@regrip/core/shared/schedule";

/** Events by day and start time, those of `type` only when one is chosen. */
export function scheduleRows(events: readonly ScheduleAdminView[], type: ScheduleEventType | null): ScheduleAdminView[] {
  return events
    .filter((event) => !type || event.eventType === type)
    .sort((a, b) => `${a.eventDate}#${a.startTime}#${a.id}`.localeCompare(`${b.eventDate}#${b.startTime}#${b.id}`));
}

/** Where it happens: the partner club, or the shop for a cutoff. */
export function eventPlace(event: ScheduleAdminView): string {
  return event.partner?.name ?? shopLocation(event.location)?.label ?? event.location;
}

/** What the event is, as a sentence names it: "on-site gripping day", "delivery run", "overnight cutoff". */
export function eventNoun(type: ScheduleEventType): string {
  return type === "ONSITE_GRIPPING" ? "on-site gripping day" : type === "DELIVERY" ? "delivery run" : "overnight cutoff";
}

/** "9 am to 1 pm", "9 am"; a cutoff's one time is "Cutoff 3 pm". */
export function eventTimes(event: Pick<ScheduleAdminView, "eventType" | "startTime" | "endTime">): string {
  if (event.eventType === "OVERNIGHT_CUTOFF") return `Cutoff ${formatTime(event.startTime)}`;
  return event.endTime ? `${formatTime(event.startTime)} to ${formatTime(event.endTime)}` : formatTime(event.startTime);
}

/** "3 of 20 booked"; "3 booked when canceled" (those orders went back to a shop); a cutoff has no seats. */
export function eventSeats(event: ScheduleAdminView): string | null {
  if (event.eventType === "OVERNIGHT_CUTOFF") return null;
  if (event.canceledAt) return `${event.currentBookings} booked when canceled`;
  return `${event.currentBookings} of ${event.maxCapacity} booked`;
}

export type EventState = "canceled" | "inactive" | "full" | "active";

export function eventState(event: ScheduleAdminView): EventState {
  if (event.canceledAt) return "canceled";
  if (!event.isActive) return "inactive";
  if (event.eventType !== "OVERNIGHT_CUTOFF" && event.currentBookings >= event.maxCapacity) return "full";
  return "active";
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What canceling the event does to the customers booked on it, as the confirm dialog says it. */
export function cancelConsequence(event: ScheduleAdminView): string {
  if (event.eventType === "OVERNIGHT_CUTOFF") return "The day's cutoff goes back to the default from the shop's hours. No customer is texted.";
  const booked = event.currentBookings;
  if (booked === 0) return "No customer is booked on it, so no one is texted.";
  const who = `${plural(booked, "booked customer", "booked customers")} will be texted`;
  if (event.eventType === "ONSITE_GRIPPING")
    return `${who}, and ${booked === 1 ? "their order becomes a drop-off" : "their orders become drop-offs"} at ${shopLocation(DEFAULT_DROPOFF_LOCATION)!.label}.`;
  return `${who}, and ${booked === 1 ? "their pickup goes" : "their pickups go"} back to the shop they dropped off at.`;
}
