/**
 * Reads of the grip schedule that other modules need (the booking: an event by id, a shop's cutoff for a day),
 * kept apart from the admin's writes so a Lambda that only reads pulls in little: the table client and the
 * calendar's arithmetic, no audit, no texts (docs/data-model.md A22).
 */
import type { EntityItem } from "electrodb";
import { db } from "../db";
import type { GripSchedule, Partner } from "../entities";
import { invalid } from "../errors";
import { addDays, daysBetween, instantOf, isLocalDate, type LocalDate, type LocalTime } from "../shared/calendar";
import { SCHEDULE_DEFAULT_DAYS, SCHEDULE_MAX_DAYS, SCHEDULE_RANGE_INVALID } from "../shared/schedule";
import type { BookableLocation } from "../shared/locations";

/** An event as stored. */
export type ScheduleEventItem = EntityItem<GripSchedule>;
/** A partner club as stored. */
export type PartnerItem = EntityItem<Partner>;

/** The event with this id, or null (strongly consistent: a booking or a cancel decides from it). */
export async function eventById(id: string): Promise<ScheduleEventItem | null> {
  const { data } = await db().entities.gripSchedule.get({ id }).go({ consistent: true });
  return data;
}

/**
 * Every event from `from` to `to` (both included), by date and start time: one Query of the `byDate` index, page
 * after page (a shop schedules a few events a week, so a year is a few hundred items).
 */
export async function eventsBetween(from: LocalDate, to: LocalDate): Promise<ScheduleEventItem[]> {
  const { data } = await db()
    .entities.gripSchedule.query.byDate({})
    .between({ eventDate: from }, { eventDate: addDays(to, 1) })
    .go({ pages: "all" });
  // The upper bound is the next day's first key: an item of that day sorts after the bare date, so leave it out.
  return data.filter((event) => event.eventDate <= to);
}

/** The cutoffs of `events`: the earliest active OVERNIGHT_CUTOFF per shop and day (an earlier cutoff promises later, never too early). */
export function cutoffsOf(events: readonly ScheduleEventItem[], location: BookableLocation): Record<LocalDate, LocalTime> {
  const cutoffs: Record<LocalDate, LocalTime> = {};
  for (const event of events) {
    if (event.eventType !== "OVERNIGHT_CUTOFF" || !event.isActive || event.location !== location) continue;
    const known = cutoffs[event.eventDate];
    if (!known || event.startTime < known) cutoffs[event.eventDate] = event.startTime;
  }
  return cutoffs;
}

/**
 * The overnight cutoff `location` scheduled for `date` (its active OVERNIGHT_CUTOFF event's start time), or null
 * when none: shared/calendar.ts `pickupDateFor` then takes the default from the hours.
 */
export async function cutoffOn(location: BookableLocation, date: LocalDate): Promise<LocalTime | null> {
  return cutoffsOf(await eventsBetween(date, date), location)[date] ?? null;
}

/** When an event ends (its end time, else its start) as an instant: it is over from then on. */
export const eventEnd = (event: Pick<ScheduleEventItem, "eventDate" | "startTime" | "endTime">): Date =>
  instantOf(event.eventDate, event.endTime ?? event.startTime);

/** The partners with these keys (one BatchGet), by key; a key with no partner is absent. */
export async function partnersByKey(keys: readonly string[]): Promise<Map<string, PartnerItem>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const { data } = await db().entities.partner.get(unique.map((locationKey) => ({ locationKey }))).go();
  return new Map(data.map((partner) => [partner.locationKey, partner]));
}

/** A range's first and last day: `from` defaults to today, `to` to `from` + 60 days; at most 366 days. */
export function rangeOf(query: { from?: LocalDate; to?: LocalDate }, today: LocalDate, earliest?: LocalDate): { from: LocalDate; to: LocalDate } {
  let from = query.from ?? today;
  if (earliest && from < earliest) from = earliest;
  const to = query.to ?? addDays(from, SCHEDULE_DEFAULT_DAYS);
  const days = daysBetween(from, to);
  // A day after `to` must still be a date (the Query's upper bound): year 9999's last day is not.
  if (!(days >= 0 && days <= SCHEDULE_MAX_DAYS) || !isLocalDate(addDays(to, 1))) throw invalid(SCHEDULE_RANGE_INVALID);
  return { from, to };
}

