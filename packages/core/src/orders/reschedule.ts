/**
 * POST /api/orders/{id}/reschedule: the order's owner moves its drop-off to another open time, until check-in
 * (shared/reschedule.ts says when, in the words the order page shows).
 *
 * Where and when is the booking's own (orders/booking-place.ts `whereAndWhen`), never computed again here: a shop
 * drop-off at another time within the shop's hours at the same shop (the pickup day recomputed from the calendar
 * and that day's cutoff; a club pickup rides the first delivery run with a seat from the new ready day), or an
 * onsite order on another club day. The kind of booking and its shop stay, so its tax rate and its money do: a
 * reschedule changes no line, discount, membership coverage, points or payment.
 *
 * One labelled transaction: the order's where-and-when (conditioned on its status and drop-off as read: a move or
 * another reschedule meanwhile is a 409), the seat on the new event taken (schedule/seats.ts: capacity decided by
 * DynamoDB) and the old one given back, the drop-off on the reminders' timeline (reminded again for the new day),
 * and the audit entry `order.rescheduled`; once committed, the customer's confirmation (notifications/rescheduled.ts).
 * Not a move: the stage stays. A reschedule made once the paid cancel's
 * refund window had closed keeps that window's end on the order (`refundWindowEndsAt`): a later drop-off never
 * reopens a full refund (shared/order-cancel.ts).
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { writeLabelled } from "../db/labelled";
import { conflict, invalid, notFound } from "../errors";
import { ORDER_NOT_FOUND } from "../shared/orders";
import { rescheduledWrite } from "../reminders/timeline";
import { DROPOFF_TIME_INVALID } from "../shared/calendar";
import { isIsoDateTime } from "../shared/dates";
import { boundedId, Id, INVALID_ID, MAX_ID_LENGTH } from "../shared/ids";
import { DEFAULT_DROPOFF_LOCATION, isBookableLocation } from "../shared/location-names";
import { refundDeadline } from "../shared/order-cancel";
import { CHOOSE_CLUB_DAY, CHOOSE_DROPOFF_TIME, rescheduleRefusal } from "../shared/reschedule";
import { CHANGED_MEANWHILE } from "./move-order";
import * as OrderNumbers from "./numbers";
import { find } from "./owned";
import { fullView } from "./full-view";
import { view, type OrderItem, type OrderView } from "./view";

/** The body: a new drop-off time at the order's shop, or (an onsite order) another club day. */
export const RescheduleBody = z.object({
  dropoffDateTime: z.pipe(
    z
      .nullish(z.string({ error: DROPOFF_TIME_INVALID }).check(z.maxLength(40, DROPOFF_TIME_INVALID)))
      .check(z.refine((value) => !value || isIsoDateTime(value), { message: DROPOFF_TIME_INVALID })),
    z.transform((value: string | null | undefined) => (value ? new Date(value).toISOString() : undefined)),
  ),
  scheduleEventId: z.pipe(
    z.pipe(z.nullish(z.string({ error: INVALID_ID }).check(z.maxLength(MAX_ID_LENGTH, INVALID_ID))), z.transform((value: string | null | undefined) => value || undefined)),
    z.optional(boundedId()),
  ),
});

const RescheduleInput = z.object({ id: Id, change: RescheduleBody, now: z.optional(z.date()) });

/** The where-and-when a reschedule writes and audits. */
const PLACE_FIELDS = ["dropoffDateTime", "pickupDate", "pickupDateTime", "pickupLocation", "scheduleEventId"] as const;

const placeOf = (order: Pick<OrderItem, (typeof PLACE_FIELDS)[number]>) =>
  Object.fromEntries(PLACE_FIELDS.map((field) => [field, order[field] ?? null]));

/** The event whose seat the order holds now, if any (a canceled event gave it back: `seatReturnedAt`). */
const heldSeat = (order: OrderItem) => (order.scheduleEventId && !order.seatReturnedAt ? order.scheduleEventId : undefined);

/** What `whereAndWhen` is asked: the same kind of booking, at the same shop (or club), at the new time. */
function placeInput(order: OrderItem, change: z.output<typeof RescheduleBody>) {
  if (order.isOnsite) {
    if (!change.scheduleEventId) throw invalid(CHOOSE_CLUB_DAY);
    return { dropoffLocation: DEFAULT_DROPOFF_LOCATION, scheduleEventId: change.scheduleEventId };
  }
  if (!change.dropoffDateTime || !isBookableLocation(order.dropoffLocation)) throw invalid(CHOOSE_DROPOFF_TIME);
  // A club pickup still riding a delivery run keeps its club; one the shop moved back to the shop stays there.
  const club = order.pickupLocation === "ONSITE" && order.partner && heldSeat(order) ? order.partner.locationKey : undefined;
  return { dropoffLocation: order.dropoffLocation, dropoffDateTime: change.dropoffDateTime, ...(club ? { pickupLocation: club } : {}) };
}

/** Moves order `id`'s drop-off as `change` asks; answers the order as its owner reads it. Audit `order.rescheduled`. */
export const reschedule = /* @__PURE__ */ fn({ role: "customer", input: RescheduleInput }, async (actor, { id, change, now: at }): Promise<OrderView> => {
  const order = await find(actor, id);
  // The owner's own: staff reading the order (find lets them) are answered as for a missing one.
  if (order.userId !== actor.userId) throw notFound(ORDER_NOT_FOUND);
  const now = at ?? new Date();
  const refusal = rescheduleRefusal(order);
  if (refusal) throw conflict(refusal);
  const input = placeInput(order, change);
  const { whereAndWhen } = await import("./booking-place");
  const place = await whereAndWhen(input, now);
  const fields = place.fields;
  // The same drop-off again (a double click, a retry): nothing to write, and the reminder already sent stays sent.
  if (fields.dropoffDateTime === order.dropoffDateTime && fields.scheduleEventId === order.scheduleEventId && fields.pickupDate === order.pickupDate) {
    return view(order, { staff: false });
  }
  const before = heldSeat(order);
  const after = place.seat?.eventId;
  const seats = place.seat?.seats ?? (before ? await import("../schedule/seats") : undefined);
  const stamp = now.toISOString();
  // Past its refund window already: the window's end is kept, so the later drop-off does not reopen it.
  const closedAt = !order.refundWindowEndsAt && now.getTime() > refundDeadline(order) ? new Date(refundDeadline(order)).toISOString() : undefined;
  const result = await writeLabelled((entities) => {
    let write = entities.serviceOrder
      .patch({ id })
      .set({
        dropoffDateTime: fields.dropoffDateTime,
        pickupDate: fields.pickupDate,
        pickupDateTime: fields.pickupDateTime,
        pickupLocation: fields.pickupLocation,
        ...(fields.scheduleEventId ? { scheduleEventId: fields.scheduleEventId } : {}),
        ...(fields.partner ? { partner: fields.partner } : {}),
        ...(closedAt ? { refundWindowEndsAt: closedAt } : {}),
      });
    // A new seat held: a later cancel gives it back. A notice of a canceled event is answered by the new time.
    const removed = [...(after && order.seatReturnedAt ? (["seatReturnedAt"] as const) : []), ...(order.locationNotice ? (["locationNotice"] as const) : [])];
    if (removed.length) write = write.remove(removed);
    return [
      {
        label: "order",
        write: write
          .where((a, { eq }) => (order.dropoffDateTime ? `${eq(a.status, order.status)} AND ${eq(a.dropoffDateTime, order.dropoffDateTime)}` : eq(a.status, order.status)))
          .commit(),
      },
      ...(after && after !== before ? [seats!.takeSeat(entities, after)] : []),
      ...(before && before !== after ? seats!.giveBack(order, stamp)!.writes(entities) : []),
      rescheduledWrite(entities, order, fields.dropoffDateTime),
      {
        label: "audit",
        write: entities.auditLog
          .create({
            ...auditEntry({
              actor,
              action: "order.rescheduled",
              targetType: "order",
              targetId: id,
              diff: { ...OrderNumbers.audited(order), from: placeOf(order), to: placeOf({ ...order, ...fields }) },
            }),
            createdAt: stamp,
          })
          .commit(),
      },
    ];
  });
  if (!result.committed) {
    const seat = after && seats ? await seats.seatRefusal(result.failed, after) : undefined;
    if (seat) throw seat;
    if (result.failed.includes("order")) throw conflict(CHANGED_MEANWHILE);
    throw new Error(`Rescheduling order ${id} was cancelled: ${JSON.stringify(result.codes)}`);
  }
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  // Committed once: its confirmation, by text and email as the customer allows (a repeat above sent nothing).
  const moved = data ?? { ...order, ...fields };
  await (await import("../notifications/rescheduled")).dropoffMoved(moved);
  return fullView(actor, moved);
});
