/**
 * The order's reminder timeline (entities/orderReminder.ts): a booking puts its drop-off there (`dropoffWrite`), a
 * reschedule moves it (`rescheduledWrite`), and the move writer writes it in the move's own transaction: a move into Ready or Picked Up puts the order in that stage's partition at the move's time, keeping
 * the marks of reminders already sent (an upsert), so the daily job (reminders/) finds it by a key range.
 */
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import { stageOfStatus, type Stage } from "../shared/lifecycle";
import { CATCH_UP_DAYS, DAY_MS, REMINDERS } from "../shared/reminders";
import type { OrderItem } from "../orders/view";

export function timelineWrites(entities: TransactionEntities, order: Pick<OrderItem, "id" | "userId" | "addedToOrderId">, to: Stage, at: string): LabelledWrite[] {
  // An order added to a paid one (shared/order-balance.ts) is reminded of with that order, never on its own.
  if ((to !== "ready" && to !== "picked_up") || order.addedToOrderId) return [];
  return [{ label: "reminders", write: entities.orderReminder.upsert({ orderId: order.id, userId: order.userId, stage: to, since: at }).commit() }];
}

/**
 * A booking's drop-off on the timeline, in the booking's own transaction (orders/booking.ts): the `scheduled`
 * partition at the drop-off time, for the drop-off reminder the day before (reminders/index.ts).
 */
export function dropoffWrite(entities: TransactionEntities, order: Pick<OrderItem, "id" | "userId">, dropoffDateTime: string): LabelledWrite {
  return { label: "reminders", write: entities.orderReminder.upsert({ orderId: order.id, userId: order.userId, stage: "scheduled", since: dropoffDateTime }).commit() };
}

/**
 * A reschedule's drop-off on the timeline, in the reschedule's own transaction (orders/reschedule.ts): the new time,
 * and the drop-off reminder not sent yet for it (an order booked before the timeline kept drop-offs gets its item).
 */
export function rescheduledWrite(entities: TransactionEntities, order: Pick<OrderItem, "id" | "userId">, dropoffDateTime: string): LabelledWrite {
  return {
    label: "reminders",
    write: entities.orderReminder
      .update({ orderId: order.id })
      .set({ userId: order.userId, stage: "scheduled", since: dropoffDateTime })
      .remove(["dropoffReminderAt"])
      .commit(),
  };
}

/**
 * `npm run recount`'s repair for orders that reached Ready or Picked Up before the move writer kept a timeline
 * (a shop running since before the reminders job): each such order whose reminders are still ahead, or within the job's
 * catch-up window, gets its timeline item, timed from its `completedAt` (Ready) or `pickedUpAt` (Picked Up). An item
 * already there is left as it is (its marks say what was sent). Reads every order: run it when the shop is quiet.
 * Returns how many items it wrote.
 */
export async function backfill(now: Date = new Date()): Promise<number> {
  // An order whose last reminder's window closed before now would never be read by the job: no item for it.
  const oldestDue = (stage: "ready" | "picked_up") => {
    const days = Math.max(...Object.values(REMINDERS).filter((reminder) => reminder.stage === stage).map((reminder) => reminder.days));
    return new Date(now.getTime() - (days + CATCH_UP_DAYS) * DAY_MS).toISOString();
  };
  const oldest = { ready: oldestDue("ready"), picked_up: oldestDue("picked_up") };
  let cursor: string | null = null;
  let written = 0;
  do {
    const page: { data: Pick<OrderItem, "id" | "userId" | "status" | "completedAt" | "pickedUpAt" | "addedToOrderId">[]; cursor: string | null } = await db()
      .entities.serviceOrder.query.allOrders({})
      .go({ cursor, limit: 500, pages: 1, attributes: ["id", "userId", "status", "completedAt", "pickedUpAt", "addedToOrderId"] });
    cursor = page.cursor;
    for (const order of page.data) {
      const stage = stageOfStatus[order.status];
      if ((stage !== "ready" && stage !== "picked_up") || order.addedToOrderId) continue;
      const since = stage === "ready" ? order.completedAt : order.pickedUpAt;
      if (!since || since < oldest[stage]) continue;
      try {
        await db().entities.orderReminder.create({ orderId: order.id, userId: order.userId, stage, since }).go();
        written++;
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }
  } while (cursor);
  return written;
}

/**
 * The same repair for drop-offs (migration 2, and `npm run recount`): each order still Scheduled whose drop-off is
 * ahead of `now`, booked before the timeline kept drop-offs, gets its `scheduled` item, so the daily job reminds it
 * the day before. An item already there is left as it is. Reads every order. Returns how many items it wrote.
 */
export async function backfillDropoffs(now: Date = new Date()): Promise<number> {
  const after = now.toISOString();
  let cursor: string | null = null;
  let written = 0;
  do {
    const page: { data: Pick<OrderItem, "id" | "userId" | "status" | "dropoffDateTime">[]; cursor: string | null } = await db()
      .entities.serviceOrder.query.allOrders({})
      .go({ cursor, limit: 500, pages: 1, attributes: ["id", "userId", "status", "dropoffDateTime"] });
    cursor = page.cursor;
    for (const order of page.data) {
      if (stageOfStatus[order.status] !== "scheduled" || !order.dropoffDateTime || order.dropoffDateTime <= after) continue;
      try {
        await db().entities.orderReminder.create({ orderId: order.id, userId: order.userId, stage: "scheduled", since: order.dropoffDateTime }).go();
        written++;
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }
  } while (cursor);
  return written;
}
