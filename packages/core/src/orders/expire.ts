/**
 * The unpaid hold's end (shared/unpaid-hold.ts): orders still unpaid
 * `UNPAID_HOLD_MINUTES` after booking are canceled by the system and their
 * stock returned, so unpaid bookings cannot drain the shelves. Run every few
 * minutes: by an SST Cron in the cloud (stacks/Jobs.ts), by a timer on one
 * machine (infra/local/shop.ts).
 *
 * Reads only the awaiting-payment partitions of the `byStatus` index, oldest
 * first up to the hold's cutoff, a page at a time: no Scan, and work grows
 * with the orders to cancel, not with the shop.
 *
 * Each cancel is one transaction, conditioned on the order being exactly as
 * it was read (same status, unpaid, same `updatedAt`): a payment, a customer's
 * cancel or a staff move landing at the same moment wins and the order is left
 * alone. A payment that lands after the cancel is refunded by the webhook
 * (payments/webhook.ts: paid after cancel → refunded in full).
 */
import type { SystemActor } from "../actor";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { writeLabelled } from "../db/labelled";
import * as Bags from "../bags";
import * as Inventory from "../inventory";
import * as Notifications from "../notifications";
import { canonicalStatus, type OrderStatus, stageOfStatus } from "../shared/lifecycle";
import { isHoldExpired, UNPAID_HOLD_MINUTES, UNPAID_HOLD_MS } from "../shared/unpaid-hold";
import * as OrderCounters from "./counters";
import * as DailyStats from "../stats/daily";
import { findMove } from "./moves";
import type { OrderItem } from "./view";

export const holdActor: SystemActor = { type: "system", name: "unpaid-hold" };

/** The stored values of the awaiting-payment stage: the partitions read. */
const AWAITING_PAYMENT = (Object.keys(stageOfStatus) as OrderStatus[]).filter((status) => stageOfStatus[status] === "awaiting_payment");

export interface ExpiryReport {
  /** Orders canceled by this run. */
  canceled: string[];
  /** Orders read that were changed meanwhile (paid, canceled, moved): left alone. */
  skipped: string[];
}

const MAX_CONFLICT_RETRIES = 3;

/**
 * Cancels `order` (as read, past its hold), gives its stock back and frees its bag; false,
 * writing nothing, when the order changed since it was read.
 */
export async function expireOrder(order: OrderItem, now: Date): Promise<boolean> {
  const move = findMove("awaiting_payment", "canceled", "system")!;
  const at = now.toISOString();
  const status = canonicalStatus.canceled;
  const note = move.defaultNote;
  const owed = Inventory.owedBack(order);
  const gone: string[] = [];
  // Set when the bag turned out to be another order's (an order from before bags were held): nothing to free.
  let bagNotOurs = false;
  // The paddle leaves the bag with the order.
  const bagId = order.bagCode ? await Bags.idOf(order.bagCode) : null;
  for (let conflicts = 0; ; ) {
    const returned = owed.filter((line) => !gone.includes(line.skuId));
    const result = await writeLabelled((entities) => [
      {
        label: "order",
        write: entities.serviceOrder
          .patch({ id: order.id })
          .set({ status, ...(owed.length ? { stockReturnedAt: at } : {}) })
          .append({ statusHistory: [{ from: order.status, to: status, actorName: "System", note, at }] })
          .where((a, { eq, notExists }) =>
            [
              eq(a.status, order.status),
              eq(a.paymentStatus, "unpaid"),
              // Nothing else touched it since it was read (a payment, a move, a cancel).
              eq(a.updatedAt, order.updatedAt),
              ...(owed.length ? [notExists(a.stockReturnedAt)] : []),
            ].join(" AND "),
          )
          .commit(),
      },
      ...Inventory.giveBack(entities, order, gone),
      ...OrderCounters.moved(entities, order.status, status),
      ...DailyStats.orderMoved(entities, order, order.status, status),
      ...(bagNotOurs ? [] : Bags.release(entities, order)),
      ...Bags.paddleOut(entities, order, bagId),
      {
        label: "audit",
        write: entities.auditLog
          .create({
            ...auditEntry({
              actor: holdActor,
              action: "order.status_changed",
              targetType: "order",
              targetId: order.id,
              diff: {
                status: { from: order.status, to: status },
                move: move.label,
                role: move.role,
                note,
                holdMinutes: UNPAID_HOLD_MINUTES,
                ...(order.bagCode && !bagNotOurs ? { bagReleased: order.bagCode } : {}),
                ...(returned.length ? { stockReturned: returned } : {}),
              },
            }),
            createdAt: at,
          })
          .commit(),
      },
    ]);
    if (result.committed) break;
    if (result.failed.includes("order")) return false;
    if (Bags.releaseFailed(result)) {
      bagNotOurs = true;
      continue;
    }
    const missing = Inventory.missingSkus(result);
    if (missing.length) {
      gone.push(...missing);
      continue;
    }
    if (result.conflict && ++conflicts <= MAX_CONFLICT_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, 50 * conflicts));
      continue;
    }
    throw new Error(`Expiring order ${order.id} was cancelled: ${JSON.stringify(result.codes)}`);
  }
  // As every move does: the customer hears of it if the lifecycle texts on this stage.
  await Notifications.orderMoved({ ...order, status, statusHistory: [...order.statusHistory] }, "canceled");
  return true;
}

/**
 * Cancels every order whose unpaid hold has ended at `now`, giving its stock
 * back. Safe to run at any time, and twice at once: each order is canceled
 * once. One order's failure is logged and the rest go on; the run throws at
 * the end if any failed, so a scheduler sees it.
 */
export async function expireUnpaidOrders(now: Date = new Date(), options: { pageSize?: number } = {}): Promise<ExpiryReport> {
  const pageSize = options.pageSize ?? 50;
  const cutoff = new Date(now.getTime() - UNPAID_HOLD_MS).toISOString();
  const report: ExpiryReport = { canceled: [], skipped: [] };
  const failures: unknown[] = [];
  for (const status of AWAITING_PAYMENT) {
    let cursor: string | null = null;
    do {
      const page: { data: OrderItem[]; cursor: string | null } = await db()
        .entities.serviceOrder.query.byStatus({ status })
        .lte({ createdAt: cutoff })
        .where((a, { eq }) => eq(a.paymentStatus, "unpaid"))
        .go({ cursor, limit: pageSize });
      for (const order of page.data) {
        if (!isHoldExpired(order, now)) continue;
        try {
          (await expireOrder(order, now) ? report.canceled : report.skipped).push(order.id);
        } catch (error) {
          console.error(`Could not cancel order ${order.id} at the end of its unpaid hold`, error);
          failures.push(error);
        }
      }
      cursor = page.cursor;
    } while (cursor);
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} order(s) could not be canceled at the end of their unpaid hold`);
  return report;
}
