/**
 * The booking's where-and-when step as pure functions: a drop-off at a shop on a day and time within its
 * hours, an onsite day at a partner club, or a shop drop-off picked up at a delivery club. The calendar arithmetic
 * is the server's own (@regrip/core/shared/calendar): the page promises the pickup day the order will carry.
 */
import {
  dropoffDays,
  dropoffSlots,
  instantOf,
  pickupDateFor,
  type LocalDate,
  type LocalTime,
  type ShopCalendar,
} from "@regrip/core/shared/calendar";
import type { ScheduleEventView, ShopView } from "@regrip/core/shared/schedule";

/** Where the paddle goes: a shop (drop-off and pickup), an onsite day at a club, or a shop drop-off picked up at a club. */
export type WhereKind = "shop" | "onsite" | "delivery";

export interface WhereWhen {
  kind: WhereKind;
  /** The drop-off day and time at the shop (shop and delivery). */
  dropoffDate?: LocalDate;
  dropoffTime?: LocalTime;
  /** The onsite day chosen (onsite). */
  eventId?: string;
  /** The club the paddle is picked up at (delivery): its locationKey. */
  pickupPartner?: string;
}

/** A shop of GET /api/locations as the calendar functions take it. */
function calendarOf(shop: Pick<ShopView, "weekHours" | "closedDates">): ShopCalendar {
  return { weekHours: shop.weekHours, closedDates: shop.closedDates };
}

/** The days the shop's picker offers from `now`. */
export function shopDays(shop: ShopView, now: Date): LocalDate[] {
  return dropoffDays(calendarOf(shop), now);
}

/** The times the shop's picker offers on `date`. */
export function shopSlots(shop: ShopView, date: LocalDate, now: Date): LocalTime[] {
  return dropoffSlots(calendarOf(shop), date, now);
}

/** The day a paddle dropped off at the shop on `date` at `time` is promised: with that day's cutoff when the shop set one. */
export function promisedPickup(shop: ShopView, date: LocalDate, time: LocalTime): LocalDate {
  return pickupDateFor(calendarOf(shop), instantOf(date, time), shop.cutoffs[date]);
}

/** The onsite days a customer can book (full ones are listed too, and shown disabled). */
export const clubDays = (schedule: readonly ScheduleEventView[]) => schedule.filter((event) => event.type === "ONSITE_GRIPPING");

/** The clubs a delivery run goes to, each once, by name. */
export function deliveryClubs(schedule: readonly ScheduleEventView[]): ScheduleEventView["partner"][] {
  const clubs = new Map<string, ScheduleEventView["partner"]>();
  for (const event of schedule) if (event.type === "DELIVERY" && !clubs.has(event.partner.locationKey)) clubs.set(event.partner.locationKey, event.partner);
  return [...clubs.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The run a paddle ready on `readyDate` rides to the club: the first one on or after that day with a seat (the server's rule). */
export function deliveryRunFor(schedule: readonly ScheduleEventView[], partnerKey: string, readyDate: LocalDate): ScheduleEventView | undefined {
  return schedule
    .filter((event) => event.type === "DELIVERY" && event.partner.locationKey === partnerKey && event.date >= readyDate && event.seatsLeft > 0)
    .sort((a, b) => (a.date + a.startTime).localeCompare(b.date + b.startTime))[0];
}

/** True when the step names everything its kind needs. */
export function isWhereComplete(where: WhereWhen): boolean {
  if (where.kind === "onsite") return !!where.eventId;
  const timed = !!where.dropoffDate && !!where.dropoffTime;
  return where.kind === "shop" ? timed : timed && !!where.pickupPartner;
}

/** The request's fields for the step (docs/api.md, POST /api/book-service). */
export function whereRequest(where: WhereWhen):
  | { isOnsite: true; scheduleEventId: string }
  | { isOnsite: false; dropoffDateTime: string; pickupLocation?: string } {
  if (where.kind === "onsite") {
    if (!where.eventId) throw new Error("An onsite booking needs its day");
    return { isOnsite: true, scheduleEventId: where.eventId };
  }
  if (!where.dropoffDate || !where.dropoffTime) throw new Error("A drop-off needs its day and time");
  const dropoffDateTime = instantOf(where.dropoffDate, where.dropoffTime).toISOString();
  return where.kind === "delivery" && where.pickupPartner
    ? { isOnsite: false, dropoffDateTime, pickupLocation: where.pickupPartner }
    : { isOnsite: false, dropoffDateTime };
}
