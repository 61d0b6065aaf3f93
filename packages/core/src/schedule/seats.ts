/**
 * Seats on the grip schedule: an onsite gripping day's and a delivery run's capacity, taken by a
 * booking in the order's own transaction (orders/booking.ts) and given back once by the order's cancel
 * (orders/move-writer.ts). Loaded with `import()` only by a booking that names an event or a club and by the
 * cancel of an order on one, so the other bookings' and moves' Lambdas do not carry it (`npm run bench:lambda`);
 * which event a booking is on is orders/booking-place.ts's.
 *
 * - Take (label `seat`): `currentBookings + 1` on the condition that it is below `maxCapacity` and the event is
 *   active: however many book at once, never more than the capacity (DynamoDB decides, not a read).
 * - Refusal: the take failed: 409 EVENT_FULL or RUN_FULL; EVENT_NOT_AVAILABLE when it was canceled.
 * - Give back (label `seat-returned`): `currentBookings - 1`, once, as the order's `seatReturnedAt`; droppable
 *   (never below 0). An admin reopening a canceled order does not take the seat again: the day may be full or
 *   over by then, and the order keeps `seatReturnedAt`, so a second cancel gives nothing back.
 */
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import { conflict, type DomainError } from "../errors";
import { EVENT_FULL, EVENT_NOT_AVAILABLE, RUN_FULL } from "../shared/schedule";
import { eventById } from "./read";

export const SEAT_LABEL = "seat";
const SEAT_BACK_LABEL = "seat-returned";

/** The write that takes a seat on event `eventId` (below capacity, active), for the order's transaction. */
export function takeSeat({ gripSchedule }: TransactionEntities, eventId: string): LabelledWrite {
  return {
    label: SEAT_LABEL,
    write: gripSchedule
      .patch({ id: eventId })
      .add({ currentBookings: 1 })
      .where((a, { eq, name }) => `${name(a.currentBookings)} < ${name(a.maxCapacity)} AND ${eq(a.isActive, true)}`)
      .commit(),
  };
}

/**
 * The refusal of a booking whose `seat` write failed: the event as it is now says why (canceled meanwhile, else
 * full). The booking checked it was not past when it read it, a moment before.
 */
export async function seatRefusal(failed: readonly string[], eventId: string): Promise<DomainError | undefined> {
  if (!failed.includes(SEAT_LABEL)) return undefined;
  const event = await eventById(eventId);
  if (!event || !event.isActive) return conflict(EVENT_NOT_AVAILABLE);
  return conflict(event.eventType === "DELIVERY" ? RUN_FULL : EVENT_FULL);
}

/** What a cancel's write adds when it gives a seat back. */
export interface SeatReturn {
  set: { seatReturnedAt: string };
  writes: (entities: TransactionEntities) => LabelledWrite[];
}

/** A cancel of an order holding a seat gives it back, once (the order's `seatReturnedAt`; none when it is set). */
export function giveBack(order: { scheduleEventId?: string; seatReturnedAt?: string }, at: string): SeatReturn | undefined {
  const eventId = order.scheduleEventId;
  if (!eventId || order.seatReturnedAt) return undefined;
  return {
    set: { seatReturnedAt: at },
    writes: ({ gripSchedule }) => [
      {
        label: SEAT_BACK_LABEL,
        droppable: true,
        write: gripSchedule
          .patch({ id: eventId })
          .subtract({ currentBookings: 1 })
          .where((a, { gt }) => gt(a.currentBookings, 0))
          .commit(),
      },
    ],
  };
}

