/**
 * Where and when a booking is (docs/api.md, POST /api/book-service), for orders/booking.ts, which loads it
 * with `import()` beside its other reads so the booking's cold start does not carry the calendar (`npm run
 * bench:lambda`):
 *
 * - a shop drop-off at the time chosen (400 with `dropoffRefusal`'s words when the shop is closed then, or too far
 *   ahead or past) or, when none is sent, at the shop's `nextOpening`; picked up on `pickupDateFor` the drop-off and
 *   that day's OVERNIGHT_CUTOFF event (schedule/read.ts), from the shop's opening that day;
 * - an onsite day (`scheduleEventId`): dropped off and picked up at its club on its date, holding a seat;
 * - a club pickup (`pickupLocation` a partner's key): dropped off at the shop, picked up at the club on the first
 *   delivery run with a seat from the shop's ready day.
 *
 * The schedule's seat code (schedule/seats.ts) loads only for a booking that names an event or a club.
 */
import { db } from "../db";
import { conflict, invalid } from "../errors";
import { NOT_A_CLUB_DAY, PICKUP_LOCATION_UNKNOWN, PICKUP_SHOP_MISMATCH } from "../shared/booking-refusals";
import { addDays, dropoffRefusal, hoursOn, instantOf, localOf, nextOpening, pickupDateFor, type LocalDate } from "../shared/calendar";
import { isBookableLocation, shopLocation } from "../shared/locations";
import { EVENT_NOT_AVAILABLE, NO_DELIVERY_RUN, RUN_FULL, SCHEDULE_MAX_DAYS } from "../shared/schedule";
import { cutoffOn, eventById, type ScheduleEventItem } from "../schedule/read";
import type { BookableLocation, Location } from "../shared/location-names";

/** What of the booking form (orders/booking.ts BookService) says where and when. */
interface PlaceInput {
  dropoffLocation: BookableLocation;
  dropoffDateTime?: string;
  scheduleEventId?: string;
  pickupLocation?: string;
}

type Seats = typeof import("../schedule/seats");

/** Where and when the order is: the order's fields, and the seat it takes (on an onsite day or a club pickup). */
export interface WhereAndWhen {
  fields: {
    dropoffLocation: Location;
    dropoffDateTime: string;
    pickupLocation: Location;
    pickupDateTime: string;
    pickupDate: LocalDate;
    isOnsite: boolean;
    scheduleEventId?: string;
    partner?: { locationKey: string; name: string; address?: string; mapsUrl?: string };
  };
  seat?: { seats: Seats; eventId: string };
}

/**
 * Where and when a booking is. The schedule's seat code loads only for a
 * booking that names an onsite day or a club (`npm run bench:lambda`).
 */
export async function whereAndWhen(input: PlaceInput, now: Date): Promise<WhereAndWhen> {
  if (input.scheduleEventId) {
    const [seats, day] = await Promise.all([import("../schedule/seats"), clubDay(input.scheduleEventId, now)]);
    return {
      fields: {
        dropoffLocation: "ONSITE",
        dropoffDateTime: day.starts.toISOString(),
        pickupLocation: "ONSITE",
        pickupDateTime: day.ends.toISOString(),
        pickupDate: day.date,
        isOnsite: true,
        scheduleEventId: day.eventId,
        partner: day.partner,
      },
      seat: { seats, eventId: day.eventId },
    };
  }
  const shop = shopLocation(input.dropoffLocation)!;
  const club = input.pickupLocation && !isBookableLocation(input.pickupLocation) ? input.pickupLocation : undefined;
  if (input.pickupLocation && !club && input.pickupLocation !== shop.value) throw invalid(PICKUP_SHOP_MISMATCH);
  if (club && !PARTNER_KEY.test(club)) throw invalid(PICKUP_LOCATION_UNKNOWN);
  // A time sent is checked against the shop's hours; none (older clients, the API's callers) is the next opening.
  const dropoff = input.dropoffDateTime ? new Date(input.dropoffDateTime) : nextOpening(shop, now);
  const refusal = input.dropoffDateTime ? dropoffRefusal(shop, shop.label, dropoff, now) : undefined;
  if (refusal) throw invalid(refusal);
  const ready = pickupDateFor(shop, dropoff, await cutoffOn(shop.value, localOf(dropoff).date));
  const atShop = {
    dropoffLocation: shop.value,
    dropoffDateTime: dropoff.toISOString(),
    isOnsite: false,
  };
  if (!club) {
    return {
      fields: { ...atShop, pickupLocation: shop.value, pickupDate: ready, pickupDateTime: instantOf(ready, hoursOn(shop, ready)!.open).toISOString() },
    };
  }
  const [seats, run] = await Promise.all([import("../schedule/seats"), deliveryRun(club, ready)]);
  return {
    fields: {
      ...atShop,
      pickupLocation: "ONSITE",
      pickupDate: run.date,
      pickupDateTime: run.starts.toISOString(),
      scheduleEventId: run.eventId,
      partner: run.partner,
    },
    seat: { seats, eventId: run.eventId },
  };
}

/** A partner's locationKey (entities/partner.ts). */
const PARTNER_KEY = /^[a-z0-9][a-z0-9_-]*$/;

/** An event a booking is on: its club, its date, when it starts and ends. */
interface BookedPlace {
  eventId: string;
  partner: { locationKey: string; name: string; address?: string; mapsUrl?: string };
  date: LocalDate;
  /** The event's start, and its end (its start when it has none), as instants. */
  starts: Date;
  ends: Date;
}

async function partnerOf(locationKey: string | undefined): Promise<BookedPlace["partner"] | null> {
  if (!locationKey) return null;
  const { data } = await db().entities.partner.get({ locationKey }).go();
  if (!data || !data.isActive) return null;
  return {
    locationKey: data.locationKey,
    name: data.name,
    ...(data.address ? { address: data.address } : {}),
    ...(data.mapsUrl ? { mapsUrl: data.mapsUrl } : {}),
  };
}

/** True when the event is over: its end (or start) is before `now`. */
const isPast = (event: ScheduleEventItem, now: Date) => instantOf(event.eventDate, event.endTime ?? event.startTime).getTime() < now.getTime();

const placeOf = (event: ScheduleEventItem, partner: BookedPlace["partner"]): BookedPlace => ({
  eventId: event.id,
  partner,
  date: event.eventDate,
  starts: instantOf(event.eventDate, event.startTime),
  ends: instantOf(event.eventDate, event.endTime ?? event.startTime),
});

/**
 * The onsite day a booking names: 400 when it is no onsite day (unknown, a cutoff, a delivery run), 409
 * EVENT_NOT_AVAILABLE when it was canceled, is past or its club is no longer active. Its seat is taken in the
 * order's transaction (`takeSeat`), which alone decides whether one is left.
 */
async function clubDay(eventId: string, now: Date): Promise<BookedPlace> {
  const event = await eventById(eventId);
  if (!event || event.eventType !== "ONSITE_GRIPPING") throw invalid(NOT_A_CLUB_DAY);
  if (!event.isActive || isPast(event, now)) throw conflict(EVENT_NOT_AVAILABLE);
  const partner = await partnerOf(event.partnerKey);
  if (!partner) throw conflict(EVENT_NOT_AVAILABLE);
  return placeOf(event, partner);
}

/**
 * The delivery run a booking's club pickup rides: the first active run to club `locationKey` on or after `ready`
 * (the shop's pickup day) with a seat left, read from the schedule by date (one Query a page). 400 when the club
 * is unknown or inactive, 400 NO_DELIVERY_RUN when no active run goes there from `ready` on, 409 RUN_FULL when
 * every one is full.
 */
async function deliveryRun(locationKey: string, ready: LocalDate): Promise<BookedPlace> {
  const partner = await partnerOf(locationKey);
  if (!partner) throw invalid(PICKUP_LOCATION_UNKNOWN);
  let cursor: string | null = null;
  let runs = 0;
  do {
    const page: { data: ScheduleEventItem[]; cursor: string | null } = await db()
      .entities.gripSchedule.query.byDate({})
      .between({ eventDate: ready }, { eventDate: addDays(ready, SCHEDULE_MAX_DAYS) })
      .go({ cursor, pages: 1, limit: 100 });
    for (const event of page.data) {
      if (event.eventType !== "DELIVERY" || event.partnerKey !== locationKey || !event.isActive || event.eventDate < ready) continue;
      runs++;
      if (event.currentBookings < event.maxCapacity) return placeOf(event, partner);
    }
    cursor = page.cursor;
  } while (cursor);
  throw runs ? conflict(RUN_FULL) : invalid(NO_DELIVERY_RUN);
}
