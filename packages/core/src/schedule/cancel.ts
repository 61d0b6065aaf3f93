/**
 * An admin cancels an onsite day or a delivery run (docs/api-admin.md, Schedule). In order:
 *
 * 1. the event is marked canceled (`isActive` false, `canceledAt`) with its audit entry (`schedule.canceled`),
 *    conditioned on it being active: from that commit on no booking can take a seat on it (a seat is a
 *    conditional add while `isActive`), so the orders found next are all there will ever be;
 * 2. its orders are found by their `event:<id>` reference items (orders/references.ts, written in each order's own
 *    transaction: one strongly consistent Query of `orderref#event:<id>`, data-model A22c);
 * 3. each open order still on the event is moved back to a shop through orders/move-writer.ts `writeOrder`
 *    (`set`/`remove`, no change of stage), conditioned on the order as read, with `locationNotice` (what the order
 *    page says), `seatReturnedAt` (no seat to give back later) and its audit entry (`order.event_canceled`); the
 *    customer's text (`eventCanceled`, consent `orderUpdates`) runs after that commit.
 *
 * It never loses an order and may be repeated: a cancel cut short (a timeout, a crash between orders) finishes when
 * the admin cancels again (PATCH isActive:false or DELETE on a canceled event run steps 2 and 3 again). An order
 * already moved is not moved twice (its `locationNotice` is set); its text is sent again only when the communications log
 * has no `eventCanceled` entry for it (the process stopped between the order's commit and the text).
 */
import type { Actor } from "../actor";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled } from "../db/labelled";
import { readOrder, writeOrder, type OrderSet } from "../orders/move-writer";
import { eventReference } from "../orders/references";
import type { OrderItem } from "../orders/view";
import { formatInstant, hoursOn, instantOf, localOf, nextBusinessDay, nextOpening, pickupDateFor, type LocalDate } from "../shared/calendar";
import { stageOfStatus } from "../shared/lifecycle";
import { DEFAULT_DROPOFF_LOCATION, shopLocation, type ShopLocation } from "../shared/locations";
import { eventCanceledNotice, type EventCanceledWords } from "../shared/schedule";
import { cutoffOn, eventById, partnersByKey, type ScheduleEventItem } from "./read";

const isOpen = (order: OrderItem) => {
  const stage = stageOfStatus[order.status];
  return stage !== "picked_up" && stage !== "canceled";
};

/** The shop's opening on `date`, or on the next business day when it is closed that day. */
function openingOnOrAfter(shop: ShopLocation, date: LocalDate): Date {
  const day = hoursOn(shop, date) ? date : nextBusinessDay(shop, date);
  return instantOf(day, hoursOn(shop, day)!.open);
}

/** What the order becomes, and the words its customer is told. */
async function movedBack(order: OrderItem, event: ScheduleEventItem, partnerName: string, now: Date): Promise<{ set: OrderSet; words: EventCanceledWords }> {
  const at = now.toISOString();
  if (event.eventType === "ONSITE_GRIPPING") {
    const shop = shopLocation(DEFAULT_DROPOFF_LOCATION)!;
    let dropoff = openingOnOrAfter(shop, event.eventDate);
    if (dropoff.getTime() < now.getTime()) dropoff = nextOpening(shop, now);
    const pickupDate = pickupDateFor(shop, dropoff, await cutoffOn(shop.value, localOf(dropoff).date));
    const words: EventCanceledWords = {
      eventType: "ONSITE_GRIPPING",
      partnerName,
      eventDate: event.eventDate,
      shopLabel: shop.label,
      dropoffFrom: formatInstant(dropoff),
      pickupDate,
    };
    return {
      words,
      set: {
        isOnsite: false,
        dropoffLocation: shop.value,
        pickupLocation: shop.value,
        dropoffDateTime: dropoff.toISOString(),
        pickupDate,
        pickupDateTime: openingOnOrAfter(shop, pickupDate).toISOString(),
        locationNotice: eventCanceledNotice(words),
        seatReturnedAt: order.seatReturnedAt ?? at,
      },
    };
  }
  // A delivery run: the paddle stays at the shop it was dropped off at, ready on that drop-off's own day.
  const shop = shopLocation(order.dropoffLocation) ?? shopLocation(DEFAULT_DROPOFF_LOCATION)!;
  const dropoff = order.dropoffDateTime ? new Date(order.dropoffDateTime) : nextOpening(shop, now);
  const pickupDate = pickupDateFor(shop, dropoff, await cutoffOn(shop.value, localOf(dropoff).date));
  const words: EventCanceledWords = { eventType: "DELIVERY", partnerName, eventDate: event.eventDate, shopLabel: shop.label, pickupDate };
  return {
    words,
    set: {
      pickupLocation: shop.value,
      pickupDate,
      pickupDateTime: openingOnOrAfter(shop, pickupDate).toISOString(),
      locationNotice: eventCanceledNotice(words),
      seatReturnedAt: order.seatReturnedAt ?? at,
    },
  };
}

async function textCustomer(order: OrderItem, words: EventCanceledWords): Promise<void> {
  try {
    // The texts' code loads with the first text, off the cold start of the schedule's routes (npm run bench:lambda).
    const { Texts } = await import("../texts");
    await Texts.send("eventCanceled", words, { userId: order.userId, orderId: order.id });
  } catch (error) {
    console.error(`Could not text the customer of order ${order.id} about the canceled event`, error);
  }
}

/** True when the communications log holds an `eventCanceled` text for the order. */
async function texted(orderId: string): Promise<boolean> {
  const { data } = await db().entities.communication.query.byOrder({ orderId }).go({ pages: "all", attributes: ["template"] });
  return data.some((entry) => entry.template === "eventCanceled");
}

/** The words of an order already moved (from what it now says), for a text that did not go out. */
async function wordsOfMoved(order: OrderItem, event: ScheduleEventItem, partnerName: string): Promise<EventCanceledWords> {
  const shop = shopLocation(event.eventType === "ONSITE_GRIPPING" ? order.dropoffLocation : order.pickupLocation) ?? shopLocation(DEFAULT_DROPOFF_LOCATION)!;
  return {
    eventType: event.eventType === "DELIVERY" ? "DELIVERY" : "ONSITE_GRIPPING",
    partnerName,
    eventDate: event.eventDate,
    shopLabel: shop.label,
    ...(event.eventType === "ONSITE_GRIPPING" && order.dropoffDateTime ? { dropoffFrom: formatInstant(new Date(order.dropoffDateTime)) } : {}),
    pickupDate: order.pickupDate ?? event.eventDate,
  };
}

/** Returns one order from the canceled event to a shop (once), or finishes what an earlier cancel left undone (its stage is not moved). Answers whether it was on the event. */
async function returnToShop(actor: Actor, event: ScheduleEventItem, partnerName: string, orderId: string): Promise<boolean> {
  return readDecideWrite(async () => {
    const order = await readOrder(orderId);
    if (!order || order.scheduleEventId !== event.id || !isOpen(order)) return false;
    if (order.locationNotice) {
      // Moved already (by an earlier cancel of this event: only a cancel writes the notice): make sure its customer was told.
      if (order.locationNotice && !(await texted(order.id))) await textCustomer(order, await wordsOfMoved(order, event, partnerName));
      return true;
    }
    const now = new Date();
    const { set, words } = await movedBack(order, event, partnerName, now);
    const written = await writeOrder({
      order,
      set,
      remove: order.partner ? ["partner"] : [],
      unchanged: ["updatedAt"],
      now,
      audits: [
        {
          actor,
          action: "order.event_canceled",
          targetType: "order",
          targetId: order.id,
          diff: {
            scheduleEventId: event.id,
            eventType: event.eventType,
            eventDate: event.eventDate,
            dropoffLocation: { from: order.dropoffLocation ?? null, to: set.dropoffLocation ?? order.dropoffLocation ?? null },
            pickupLocation: { from: order.pickupLocation ?? null, to: set.pickupLocation ?? null },
            pickupDate: { from: order.pickupDate ?? null, to: set.pickupDate ?? null },
          },
        },
      ],
      effects: [{ name: `text order ${order.id} event canceled`, run: () => textCustomer(order, words) }],
    });
    if (written.committed) return true;
    // The order changed between the read and the write: read it again and decide again.
    return CHANGED;
  }, () => new Error(`Order ${orderId} kept changing while its event ${event.id} was canceled`));
}

/** The ids of every order ever booked on the event (strongly consistent: the bookings that committed before the cancel). */
async function bookedOrderIds(eventId: string): Promise<string[]> {
  const { data } = await db()
    .entities.orderReference.query.byReference({ reference: eventReference(eventId) })
    .go({ pages: "all", consistent: true });
  return [...new Set(data.map((item) => item.orderId))];
}

/**
 * Cancels `event` (an onsite day or a delivery run, or a cutoff, which has no bookings) and moves every open order
 * booked on it (see above). Answers the event as it now is and how many open orders it moved or found moved.
 */
export async function cancelEvent(actor: Actor, event: ScheduleEventItem): Promise<{ event: ScheduleEventItem; orders: number }> {
  let current: ScheduleEventItem = event;
  // Canceled (false), or deleted meanwhile (true: no orders to move).
  const gone = await readDecideWrite(async () => {
    if (!current.isActive) return false;
    const canceledAt = new Date().toISOString();
    const outcome = await writeLabelled((entities) => [
      {
        label: "event",
        write: entities.gripSchedule
          .patch({ id: current.id })
          .set({ isActive: false, canceledAt })
          .where((a, { eq }) => `${eq(a.isActive, true)} AND ${eq(a.updatedAt, current.updatedAt)}`)
          .commit(),
      },
      {
        label: "audit",
        write: entities.auditLog
          .create(
            auditEntry({
              actor,
              action: "schedule.canceled",
              targetType: "schedule",
              targetId: current.id,
              diff: { eventType: current.eventType, eventDate: current.eventDate, partnerKey: current.partnerKey, currentBookings: current.currentBookings },
            }),
          )
          .commit(),
      },
    ]);
    if (!outcome.committed && !changedSinceRead(outcome, "event")) {
      throw new Error(`Canceling event ${current.id} was cancelled: ${JSON.stringify(outcome.codes)}`);
    }
    // Committed, or another write came first (a booking, another admin's cancel): read it again either way.
    const read = await eventById(current.id);
    if (!read) return true;
    current = read;
    return current.isActive ? CHANGED : false;
  }, () => new Error(`Event ${current.id} kept changing while it was canceled`));
  if (gone) return { event: current, orders: 0 };
  if (current.eventType === "OVERNIGHT_CUTOFF") return { event: current, orders: 0 };

  const partnerName = (current.partnerKey && (await partnersByKey([current.partnerKey])).get(current.partnerKey)?.name) || current.partnerKey || "the club";
  let orders = 0;
  // One order after another: a shop's event holds a few dozen seats, and each move is its own transaction.
  for (const orderId of await bookedOrderIds(current.id)) {
    if (await returnToShop(actor, current, partnerName, orderId)) orders++;
  }
  return { event: current, orders };
}
