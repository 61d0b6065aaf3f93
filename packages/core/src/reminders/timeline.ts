/**
 * The order's reminder timeline (entities/orderReminder.ts), written by the move writer in the move's own
 * transaction: a move into Ready or Picked Up puts the order in that stage's partition at the move's time, keeping
 * the marks of reminders already sent (an upsert), so the daily job (reminders/) finds it by a key range.
 */
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import type { Stage } from "../shared/lifecycle";
import type { OrderItem } from "../orders/view";

export function timelineWrites(entities: TransactionEntities, order: Pick<OrderItem, "id" | "userId">, to: Stage, at: string): LabelledWrite[] {
  if (to !== "ready" && to !== "picked_up") return [];
  return [{ label: "reminders", write: entities.orderReminder.upsert({ orderId: order.id, userId: order.userId, stage: to, since: at }).commit() }];
}
