/**
 * How a payment fact reaches an order: read the order, decide from what it
 * holds, then write the decision in one transaction with its audit entries
 * and, for a webhook event, the event's ledger item. The order's write is
 * conditioned on the facts the decision read (stage, payment state, refunded
 * amount), so a decision is never applied to an order that changed meanwhile:
 * the order is read again and the decision made again.
 *
 * A change that moves money adds it to the day's figures (stats/daily.ts) in the same transaction, so the
 * admin dashboard's revenue counts each payment and refund exactly once.
 *
 * The ledger item (uniqueValue `stripeEvent#<event id>`) is created in the
 * same transaction as the change, so an event is applied exactly once: a
 * repeat is cancelled on that item and changes nothing, and a crash cannot
 * leave the change without the ledger item or the other way round.
 */
import type { AuditInput } from "../audit";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { writeLabelled, type LabelledWrite } from "../db/labelled";
import { uniqueKey } from "../entities";
import * as OrderCounters from "../orders/counters";
import * as DailyStats from "../stats/daily";
import type { OrderItem } from "../orders/view";
import type { OrderStatus, PaymentStatus } from "../shared/lifecycle";

/** Stripe retries an event for up to three days; the ledger remembers it for 30. */
export const EVENT_LEDGER_TTL_SECONDS = 30 * 24 * 60 * 60;
const MAX_ATTEMPTS = 6;

export interface HistoryEntry {
  from?: OrderStatus;
  to: OrderStatus;
  actorId?: string;
  actorName?: string;
  note?: string;
  at: string;
}

export interface OrderSet {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  paidAt?: string;
  cardBrand?: string;
  cardLast4?: string;
  stripePaymentIntentId?: string;
  stripeCheckoutSessionId?: string;
  stripeInvoiceId?: string;
  paymentFailureReason?: string;
  refundedAmountCents?: number;
  earlyRefundedCents?: number;
  stripeEventId?: string;
}

export type RemovableField = "paymentFailureReason" | "stripeCheckoutSessionId" | "earlyRefundedCents";

export interface OrderChange {
  set?: OrderSet;
  remove?: RemovableField[];
  /** Added to paymentAttempts. */
  addAttempts?: number;
  /** Appended to statusHistory (with `set.status`). */
  history?: HistoryEntry;
  audits?: AuditInput[];
  /** Write only while this is still the order's checkout session. */
  onlyIfSession?: string;
}

export type Decide = (order: OrderItem) => OrderChange | null;

export type ApplyOutcome =
  | { outcome: "applied"; before: OrderItem; change: OrderChange }
  /** The decision was to change nothing (a late or irrelevant event); the ledger item was still written. */
  | { outcome: "unchanged"; before: OrderItem }
  /** The event was applied before: nothing written. */
  | { outcome: "duplicate" }
  | { outcome: "missing" };

const changesOrder = (change: OrderChange) =>
  !!(change.set && Object.keys(change.set).length) || !!change.remove?.length || !!change.addAttempts || !!change.history;

export async function readOrder(id: string): Promise<OrderItem | null> {
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  return data;
}

/**
 * Decides and writes a change to order `orderId`; with `eventId`, exactly
 * once per event. `decide` may be called more than once (after a concurrent
 * change), so it must be pure.
 */
export async function applyToOrder(orderId: string, decide: Decide, options: { eventId?: string } = {}): Promise<ApplyOutcome> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const order = await readOrder(orderId);
    if (!order) return { outcome: "missing" };
    const change = decide(order);
    const patchOrder = !!change && changesOrder(change);
    const audits = change?.audits ?? [];
    if (!options.eventId && !patchOrder && audits.length === 0) return { outcome: "unchanged", before: order };

    const now = Date.now();
    const result = await writeLabelled((entities) => {
      const { serviceOrder, uniqueValue, auditLog } = entities;
      const writes: LabelledWrite[] = [];
      if (options.eventId) {
        writes.push({
          label: "event",
          write: uniqueValue
            .create({
              ...(uniqueKey("stripeEvent", options.eventId) as { kind: "stripeEvent"; value: string }),
              ownerId: orderId,
              expiresAtEpoch: Math.floor(Date.now() / 1000) + EVENT_LEDGER_TTL_SECONDS,
            })
            .commit(),
        });
      }
      if (change && patchOrder) {
        const set = { ...change.set, ...(options.eventId ? { stripeEventId: options.eventId } : {}) };
        let op = serviceOrder.patch({ id: orderId }).set(set);
        if (change.remove?.length) op = op.remove(change.remove);
        if (change.addAttempts) op = op.add({ paymentAttempts: change.addAttempts });
        if (change.history) op = op.append({ statusHistory: [change.history] });
        writes.push({
          label: "order",
          write: op
            .where((a, { eq }) => {
              const facts = [
                eq(a.status, order.status),
                eq(a.paymentStatus, order.paymentStatus),
                eq(a.refundedAmountCents, order.refundedAmountCents),
              ];
              if (change.onlyIfSession) facts.push(eq(a.stripeCheckoutSessionId, change.onlyIfSession));
              return facts.join(" AND ");
            })
            .commit(),
        });
        // A payment that moves the order (awaiting payment → scheduled) moves its stage's count with it.
        if (change.set?.status) writes.push(...OrderCounters.moved(entities, order.status, change.set.status));
        // Money in (unpaid → paid) and out (refundedAmountCents growing) moves the dashboard's day figures with it.
        writes.push(...DailyStats.paymentChanged(entities, order, change.set, new Date(now)));
      }
      // A millisecond apart, so the log lists one change's entries in the order they were decided.
      audits.forEach((audit, i) =>
        writes.push({ label: `audit:${i}`, write: auditLog.create({ ...auditEntry(audit), createdAt: new Date(now + i).toISOString() }).commit() }),
      );
      return writes;
    });
    if (result.committed) {
      return change && (patchOrder || audits.length) ? { outcome: "applied", before: order, change } : { outcome: "unchanged", before: order };
    }
    if (options.eventId && result.failed.includes("event")) return { outcome: "duplicate" };
    if (result.failed.length === 0 && !result.conflict) {
      throw new Error(`Writing order ${orderId} was cancelled: ${JSON.stringify(result.codes)}`);
    }
    // Someone changed the order between our read and our write (or moved it to
    // another checkout session): read it again and decide again.
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
  throw new Error(`Order ${orderId} kept changing; giving up after ${MAX_ATTEMPTS} attempts`);
}
