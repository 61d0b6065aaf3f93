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
 * Each cancel is one move (move-writer.ts), conditioned on the order being
 * exactly as it was read (same status, unpaid, same `updatedAt`): a payment, a customer's
 * cancel or a staff move landing at the same moment wins and the order is left
 * alone. The cancel that commits tells the customer, by text and email as they
 * allow, with a link to book again (notifications/confirmations.ts
 * `holdReleasedNotice`): once, since only one cancel of an order can commit. A payment that lands after the cancel is refunded by the webhook
 * (payments/webhook.ts: paid after cancel → refunded in full).
 */
import * as z from "zod/mini";
import type { SystemActor } from "../actor";
import { fn } from "../actor/fn";
import { db } from "../db";
import { holdReleasedNotice } from "../notifications/confirmations";
import { type OrderStatus, stageOfStatus } from "../shared/lifecycle";
import { isHoldExpired, UNPAID_HOLD_MINUTES, UNPAID_HOLD_MS } from "../shared/unpaid-hold";
import { writeOrder } from "./move-writer";
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

/**
 * Cancels `order` (as read, past its hold) through the move writer, which
 * gives its stock back, frees its bag and texts as every move does; false,
 * writing nothing, when the order changed since it was read.
 */
export async function expireOrder(order: OrderItem, now: Date): Promise<boolean> {
  const move = findMove("awaiting_payment", "canceled", "system")!;
  const written = await writeOrder({
    order,
    move: { move, actor: holdActor, at: now.toISOString(), auditDiff: { holdMinutes: UNPAID_HOLD_MINUTES } },
    // Nothing else touched it since it was read (a payment, a move, a cancel).
    unchanged: ["paymentStatus", "updatedAt"],
    // The customer is told once: only the run whose cancel commits sends it.
    effects: [holdReleasedNotice(order)],
    now,
  });
  return written.committed;
}

/** A run of the job: when it runs (now unless told) and how many orders a page reads (tests read small pages). */
const ExpireUnpaid = z.optional(
  z.object({ now: z.optional(z.date()), pageSize: z.optional(z.int().check(z.positive())) }),
);

/**
 * Cancels every order whose unpaid hold has ended at `now`, giving its stock
 * back: staff work, run by the system (`holdActor`). Safe to run at any time,
 * and twice at once: each order is canceled once. One order's failure is
 * logged and the rest go on; the run throws at the end if any failed, so a
 * scheduler sees it.
 */
export const expireUnpaidOrders = /* @__PURE__ */ fn({ role: "staff", input: ExpireUnpaid }, async (_actor, input): Promise<ExpiryReport> => {
  const now = input?.now ?? new Date();
  const pageSize = input?.pageSize ?? 50;
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
});
