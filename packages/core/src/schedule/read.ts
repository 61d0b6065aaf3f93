/**
 * Reads of the grip schedule (issue 22) a booking needs: one event by id, and a shop's overnight cutoff for a day.
 * (The sched lane's file: these two reads are what the booking imports from it.)
 */
import { db } from "../db";
import type { EntityItem } from "electrodb";
import type { GripSchedule } from "../entities";
import { addDays, type LocalDate, type LocalTime } from "../shared/calendar";

export type ScheduleEventItem = EntityItem<GripSchedule>;

/** The event with id `id`, or null (one strongly consistent get: a booking decides from it). */
export async function eventById(id: string): Promise<ScheduleEventItem | null> {
  const { data } = await db().entities.gripSchedule.get({ id }).go({ consistent: true });
  return data ?? null;
}

/** The shop's OVERNIGHT_CUTOFF time on `date` (its active event's start), or null when it scheduled none: one Query of the day. */
export async function cutoffOn(location: string, date: LocalDate): Promise<LocalTime | null> {
  const { data } = await db()
    .entities.gripSchedule.query.byDate({})
    .between({ eventDate: date }, { eventDate: addDays(date, 1) })
    .go({ pages: "all" });
  const cutoff = data.find((event) => event.eventType === "OVERNIGHT_CUTOFF" && event.location === location && event.isActive && event.eventDate === date);
  return cutoff?.startTime ?? null;
}
