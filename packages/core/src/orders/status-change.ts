/**
 * POST /api/orders/{id}/status: one move of the lifecycle (moves.ts), made by
 * the order's owner or by staff.
 *
 * The move is one transaction: the order's new status and its statusHistory
 * entry, conditioned on the status the move was decided from (so of two
 * moves at once on one order exactly one wins; the other is a 409), the
 * stock a cancel gives back (inventory module, at most once: the order's
 * `stockReturnedAt` is set on the condition that it was not), the bag's
 * release on pickup or cancel (or its hold again when an admin reopens a
 * picked-up order; bags module), and the audit entry. After it commits: the refund a cancel calls for, then the
 * customer's text. Neither can undo the move.
 */
import * as z from "zod/mini";
import { isStaff, type UserActor } from "../actor";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { writeLabelled } from "../db/labelled";
import { conflict, invalid } from "../errors";
import * as Bags from "../bags";
import * as Inventory from "../inventory";
import * as Notifications from "../notifications";
import { refundableCents, refundInFull, type RefundOutcome } from "../payments/refunds";
import { CANCEL_AFTER_CHECK_IN, customerCancel, FULL_REFUND_WINDOW_MS } from "../shared/order-cancel";
import { canonicalStatus, customerStageLabel, ORDER_STATUSES, stageOfStatus, staffStageLabel, type Stage } from "../shared/lifecycle";
import * as OrderCounters from "./counters";
import * as DailyStats from "../stats/daily";
import { findMove, moveRoleOf, type Move, type MoveRole } from "./moves";
import { view, type OrderItem, type OrderView } from "./view";

export { FULL_REFUND_WINDOW_MS };

export const CHANGED_MEANWHILE = "This order was changed by someone else. Refresh and try again.";

export const StatusChange = z.object({
  status: z.enum(ORDER_STATUSES, {
    error: (issue) => (issue.input === undefined ? "Please choose a status" : `Unknown status: ${String(issue.input)}`),
  }),
  note: z.pipe(
    z.nullish(z.string({ error: "The note must be text" }).check(z.maxLength(500, "Notes must be 500 characters or less"))),
    z.transform((value: string | null | undefined) => (value?.trim() ? value.trim() : undefined)),
  ),
  /** Staff only: give the payment back with a cancel. */
  refund: z.pipe(
    z.nullish(z.boolean({ error: "refund must be true or false" })),
    z.transform((value: boolean | null | undefined) => value ?? false),
  ),
});
export type StatusChangeInput = z.output<typeof StatusChange>;

export interface StatusChanged {
  order: OrderView;
  refund: RefundOutcome | null;
}

function refusal(order: OrderItem, to: Stage, role: MoveRole): string {
  const from = stageOfStatus[order.status];
  if (from === to) return `This order is already ${customerStageLabel[to]}.`;
  if (role === "customer") {
    return to === "canceled" ? CANCEL_AFTER_CHECK_IN : "Only the shop can change this order's status.";
  }
  return `An order that is ${staffStageLabel[from]} can't be moved to ${staffStageLabel[to]}.`;
}

/** How much a cancel gives back, or a refusal. */
function refundFor(order: OrderItem, move: Move, input: StatusChangeInput, now: Date): number {
  if (move.to !== "canceled") {
    if (input.refund) throw invalid("A refund can only be given with Cancel Order.");
    return 0;
  }
  if (move.role === "customer") {
    const decision = customerCancel(order, now);
    if (!decision.allowed) throw conflict(decision.message);
    return decision.refundCents;
  }
  const owed = refundableCents(order);
  if (!input.refund) return 0;
  if (owed === 0) throw conflict("This order has no card or counter payment left to refund.");
  return owed;
}

/**
 * Applies `input` to `order` (already read and checked: `actor` owns it or is
 * staff). Answers the order as the actor may see it, and the refund made.
 */
export async function changeStatus(
  actor: UserActor,
  order: OrderItem,
  input: StatusChangeInput,
  options: { now?: Date } = {},
): Promise<StatusChanged> {
  const now = options.now ?? new Date();
  const role = moveRoleOf(actor);
  const from = stageOfStatus[order.status];
  const to = stageOfStatus[input.status];
  const move = findMove(from, to, role);
  if (!move) throw conflict(refusal(order, to, role));
  const refundCents = refundFor(order, move, input, now);

  const at = now.toISOString();
  const status = canonicalStatus[to];
  const note = input.note ?? move.defaultNote;
  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  const actorName = user?.firstName || actor.givenName || actor.username;
  // What a cancel gives back, decided from this read; the order's write is conditioned on it still being owed.
  const givingBack = to === "canceled" && Inventory.owedBack(order).length > 0;
  // Skus deleted from the catalogue since the order took them: nothing to give back to.
  const gone: string[] = [];
  // An order leaving the open stages frees its bag; a picked-up order an admin moves back holds it again.
  const closed = (stage: Stage) => stage === "picked_up" || stage === "canceled";
  const freeingBag = !closed(from) && closed(to) && !!order.bagCode;
  const reholdingBag = closed(from) && !closed(to) && !!order.bagCode;
  // Set when the bag turned out to be another order's (an order from before bags were held): nothing to free.
  let bagNotOurs = false;
  // The paddle leaves the bag with the order.
  const bagId = freeingBag ? await Bags.idOf(order.bagCode!) : null;
  for (;;) {
    const result = await writeLabelled((entities) => [
      {
        label: "order",
        write: entities.serviceOrder
          .patch({ id: order.id })
          .set({
            status,
            ...(to === "in_service" ? { processedByStaffId: actor.userId } : {}),
            ...(to === "ready" ? { completedAt: at } : {}),
            ...(to === "picked_up" ? { pickedUpAt: at } : {}),
            ...(givingBack ? { stockReturnedAt: at } : {}),
          })
          .append({ statusHistory: [{ from: order.status, to: status, actorId: actor.userId, actorName, note, at }] })
          // Stock goes back once: never to an order whose stock is already back.
          .where((a, { eq, notExists }) => (givingBack ? `${eq(a.status, order.status)} AND ${notExists(a.stockReturnedAt)}` : eq(a.status, order.status)))
          .commit(),
      },
      ...(givingBack ? Inventory.giveBack(entities, order, gone) : []),
      ...OrderCounters.moved(entities, order.status, status),
      ...DailyStats.orderMoved(entities, order, order.status, status),
      ...(freeingBag && !bagNotOurs ? Bags.release(entities, order) : []),
      ...(freeingBag ? Bags.paddleOut(entities, order, bagId) : []),
      ...(reholdingBag ? Bags.hold(entities, order.bagCode!, order.id) : []),
      {
        label: "audit",
        write: entities.auditLog
          .create({
            ...auditEntry({
              actor,
              actorName,
              action: "order.status_changed",
              targetType: "order",
              targetId: order.id,
              diff: {
                status: { from: order.status, to: status },
                move: move.label,
                role,
                ...(note ? { note } : {}),
                ...(refundCents ? { refundCents } : {}),
                ...(freeingBag && !bagNotOurs ? { bagReleased: order.bagCode } : {}),
                ...(reholdingBag ? { bagHeld: order.bagCode } : {}),
                ...(givingBack ? { stockReturned: Inventory.owedBack(order).filter((line) => !gone.includes(line.skuId)) } : {}),
              },
            }),
            createdAt: at,
          })
          .commit(),
      },
    ]);
    if (result.committed) break;
    if (result.failed.includes("order")) throw conflict(CHANGED_MEANWHILE);
    if (Bags.releaseFailed(result)) {
      bagNotOurs = true;
      continue;
    }
    const bagRefusal = reholdingBag ? Bags.holdRefusal(result, order.bagCode!) : null;
    if (bagRefusal) throw bagRefusal;
    const missing = Inventory.missingSkus(result);
    if (missing.length) {
      gone.push(...missing);
      continue;
    }
    throw new Error(`Moving order ${order.id} was cancelled: ${JSON.stringify(result.codes)}`);
  }

  const { data: moved } = await db().entities.serviceOrder.get({ id: order.id }).go({ consistent: true });
  let current = moved ?? { ...order, status };
  let refund: RefundOutcome | null = null;
  if (refundCents > 0) {
    const reason = move.role === "customer" ? "Canceled by the customer within 24 hours of booking" : note ?? "Canceled by staff";
    refund = await refundInFull(current, actor, { reason, actorName });
    const { data: refunded } = await db().entities.serviceOrder.get({ id: order.id }).go({ consistent: true });
    current = refunded ?? current;
  }
  await Notifications.orderMoved(current, to);
  return { order: view(current, { staff: isStaff(actor) }), refund };
}
