/**
 * The one writer of an order's moves, so every move is written and retried one way: every change to an order
 * after it is made (a staff or admin move, the customer's cancel, the unpaid
 * hold's end, a payment or refund fact, with or without a change of stage)
 * is written here, as one labelled transaction (db/labelled.ts):
 *
 * - `order`: the order's patch (its new status and the move's own facts:
 *   who serviced it, when it was completed or picked up, that its stock is
 *   back; the payment facts) and its statusHistory entry, conditioned on
 *   what the decision read: always the status, and whatever else the caller
 *   names (payment state, refunded amount, `updatedAt`, the checkout session);
 * - `counter:<stage>`: the stage counts (orders/counters.ts);
 * - `stats:<day>`: the day's canceled orders, money in and out (stats/daily.ts);
 * - `stock-returned:<sku>`: a cancel's stock given back, once (inventory module);
 * - `stock:<sku>`, `stock-returned:<sku>`: the stock an edit of the lines takes and gives back (orders/edit-lines.ts);
 * - `points`, `points-entry:<n>`: the customer's points earned by a payment, taken back by a refund, or given
 *   back by a cancel, and their ledger entries (loyalty/order-points.ts);
 * - `bag-release`, `paddle-out-of-bag`, `bag`/`bag-hold`: the bag freed on
 *   pickup or cancel, held again when an admin reopens a closed order (bags module);
 * - `paddle-open-order-release`, `paddle-open-order`: the paddle's one open order,
 *   freed and held again with the bag (paddles/open-order.ts);
 * - `seat-returned`: a cancel's seat on an onsite day or delivery run given back,
 *   once (schedule/seats.ts; a reopen does not take it again);
 * - `reminders`: into Ready or Picked Up, the order's reminder timeline at the move's time (reminders/timeline.ts);
 * - `event`: a webhook event's ledger item, so it is applied exactly once;
 * - `audit:<n>`: the caller's audit entries and the move's own;
 * - `drawer`, `drawer-line`: a cash payment's or cash refund's line in its counter's open drawer (drawers/cash.ts),
 *   through the change's `also`.
 *
 * Callers keep only their decisions: which move, on what condition, which
 * refund (orders/move-order.ts, orders/expire.ts, payments/). The writer
 * answers the move's effects (the customer's text; later points and
 * reminders) and the caller's own (a paid counter sale's receipt text,
 * receipts/) and registers them with the transaction (db/effects.ts): they
 * run once it commits, never when it fails, and a failing one is logged and
 * undoes nothing.
 *
 * Retries: one policy, db/labelled.ts's (a transaction that lost to a
 * concurrent one is written again there; nothing here retries a conflict).
 * Two loops here are not retries of the same write but new writes after a
 * definite answer: a repair (the bag turned out to be another order's, a
 * sku was deleted since the order took it: written again without that
 * write), and `decideAndWrite`'s decision loop (the order changed between
 * the read and the write, so the decision was made on facts that no longer
 * hold: read it again and decide again, under db/labelled.ts's
 * `readDecideWrite`, the same policy's count and pauses).
 */
import type { Actor } from "../actor";
import { entry as auditEntry, type AuditInput } from "../audit";
import * as Bags from "../bags";
import { db } from "../db";
import { afterCommit, type Effect } from "../db/effects";
import { CHANGED, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { uniqueKey } from "../entities";
import * as Inventory from "../inventory";
import * as LoyaltyPoints from "../loyalty/order-points";
import * as Notifications from "../notifications";
import * as PaddleOpenOrder from "../paddles/open-order";
import { timelineWrites } from "../reminders/timeline";
import type { BookableLocation } from "../shared/locations";
import { canonicalStatus, stageOfStatus, type OrderStatus, type PaymentStatus, type Stage } from "../shared/lifecycle";
import * as DailyStats from "../stats/daily";
import * as OrderCounters from "./counters";
import type { Move } from "./moves";
import type { OrderItem } from "./view";
import * as OrderNumbers from "./numbers";

/** How long a webhook event's ledger item is kept: Stripe retries for up to 3 days; 30. */
export const EVENT_LEDGER_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * A Stripe event's ledger item (label `event`), in the transaction that applies the event: its creation fails when
 * the event (`ledgerId`: its id, or an id of a part of it) was applied before, so each is applied exactly once.
 */
export function eventLedgerWrite(entities: TransactionEntities, ledgerId: string, ownerId: string, now: Date): LabelledWrite {
  return {
    label: "event",
    write: entities.uniqueValue
      .create({
        ...(uniqueKey("stripeEvent", ledgerId) as { kind: "stripeEvent"; value: string }),
        ownerId,
        expiresAtEpoch: Math.floor(now.getTime() / 1000) + EVENT_LEDGER_TTL_SECONDS,
      })
      .commit(),
  };
}

interface HistoryEntry {
  from?: OrderStatus;
  to: OrderStatus;
  actorId?: string;
  actorName?: string;
  note?: string;
  at: string;
}

/** The payment facts a change may set beside (or without) a move. */
export interface OrderSet {
  paymentStatus?: PaymentStatus;
  /**
   * A counter payment or an admin's comp (orders/counter-payment.ts); card payments keep STRIPE. An edit of the
   * lines (orders/edit-lines.ts) sets STRIPE again when a comp now owes, or the cover's when nothing is left to pay.
   */
  paymentMethod?: "POS_CASH" | "POS_CARD" | "COMP" | "STRIPE" | "SUBSCRIPTION" | "PACK";
  posTransactionId?: string;
  posPaymentDetails?: { method: string; amountCents: number; staffId: string; staffName: string; at: string };
  paidAt?: string;
  cardBrand?: string;
  cardLast4?: string;
  stripePaymentIntentId?: string;
  stripeCheckoutSessionId?: string;
  stripeInvoiceId?: string;
  paymentFailureReason?: string;
  refundedAmountCents?: number;
  /** The refunds given, the last one new (payments/refunds.ts `giveBack`, the one writer of a refund). */
  refunds?: NonNullable<OrderItem["refunds"]>;
  earlyRefundedCents?: number;
  /** Where and when, changed without a move when an admin cancels the order's event (schedule/cancel.ts). */
  dropoffLocation?: BookableLocation;
  pickupLocation?: BookableLocation;
  dropoffDateTime?: string;
  pickupDateTime?: string;
  pickupDate?: string;
  isOnsite?: boolean;
  locationNotice?: string;
  seatReturnedAt?: string;
  /** An edit of the lines (orders/edit-lines.ts, before payment): the lines, their totals and the stock now held. */
  lineItems?: OrderItem["lineItems"];
  subtotalCents?: number;
  discountAmountCents?: number;
  pointsDiscountCents?: number;
  taxCents?: number;
  totalCents?: number;
  stockTaken?: OrderItem["stockTaken"];
}

type RemovableField = "paymentFailureReason" | "stripeCheckoutSessionId" | "earlyRefundedCents" | "partner";

/** A fact besides the status that the decision read and the write is conditioned on. */
export type ReadFact = "paymentStatus" | "refundedAmountCents" | "updatedAt";

/** A change of stage, as decided (moves.ts says which moves there are). */
interface StageMove {
  move: Move;
  actor: Actor;
  /** The actor's first name as the shop knows it; the system is "System". */
  actorName?: string;
  /** The caller's note; the move's default note otherwise. */
  note?: string;
  /** When the move happened: its history entry and the order's stage times. */
  at: string;
  /** Added to the move's audit entry (the refund asked for, the hold's length). */
  auditDiff?: Record<string, unknown>;
}

/** A decided change of an order, beside the order as read. */
export interface OrderChange {
  move?: StageMove;
  set?: OrderSet;
  remove?: RemovableField[];
  /** Added to paymentAttempts. */
  addAttempts?: number;
  /** Audit entries written before the move's own. */
  audits?: AuditInput[];
  /** Audit entries written after the move's own. */
  auditsAfter?: AuditInput[];
  /** Facts besides the status the write is conditioned on. */
  unchanged?: readonly ReadFact[];
  /** Write only while this is still the order's checkout session. */
  onlyIfSession?: string;
  /** The caller's own effects (a paid counter sale's receipt text), run after the commit beside the move's. */
  effects?: Effect[];
  /**
   * Stock an edit of the lines takes and gives back (inventory module), in the order's transaction; a take that
   * would go below zero is answered by `refusal` with the sku ids that ran out.
   */
  stock?: { take: Inventory.StockLine[]; giveBack: Inventory.StockLine[]; refusal: (skuIds: string[]) => Error };
  /**
   * The tax in the refund this change records (`set.refundedAmountCents` growing), when its writer knows it (a
   * refund by line); otherwise the order's tax in proportion (stats/daily.ts `refundGiven`).
   */
  refundTaxCents?: number;
  /**
   * Another module's writes in this same transaction, prepared from the order as read before anything is written
   * (a cash payment's or cash refund's line in its counter's drawer: drawers/cash.ts); it may refuse instead.
   */
  also?: (order: OrderItem) => Promise<AlsoWrites>;
}

/** What a change's `also` adds to the transaction, and the refusal its writes' failed conditions mean. */
export interface AlsoWrites {
  writes: (entities: TransactionEntities) => LabelledWrite[];
  refusal: (failed: readonly string[]) => Error | null;
}

export interface OrderWrite extends OrderChange {
  /** The order as read: the decision was made from it and the write is conditioned on it. */
  order: OrderItem;
  /** A webhook event applied with this write, exactly once. */
  eventId?: string;
  /** The time of the write: audit entries and the day's figures. Default: now. */
  now?: Date;
}

export type OrderWritten =
  | {
      committed: true;
      /** The order as written (from the read and the change; not read again). */
      order: OrderItem;
      /** What the move set going; they run once the transaction commits. */
      effects: Effect[];
    }
  | {
      committed: false;
      /** `changed`: the order is no longer as read. `duplicate`: the event was applied before. */
      reason: "changed" | "duplicate";
    };

/** Picked up or canceled: an order there holds no bag. */
const closed = (stage: Stage) => stage === "picked_up" || stage === "canceled";

const changesOrder = (change: OrderChange) =>
  !!change.move || !!(change.set && Object.keys(change.set).length) || !!change.remove?.length || !!change.addAttempts;

/** The effects of `written` having made `stage`: the customer's text (notifications decide whether it texts). */
function moveEffects(written: OrderItem, stage: Stage): Effect[] {
  return [{ name: `text order ${written.id} ${stage}`, run: () => Notifications.orderMoved(written, stage) }];
}

/**
 * Writes one decided change of `write.order`. Answers the order as written
 * and the move's effects (already registered to run after the commit), or
 * why nothing was written. Throws the bag's refusal when an admin reopens an
 * order whose bag another order now holds (the paddle's when another open
 * order now has its paddle), and an error for any other
 * failure (a fault: conflicts were already written again in db/labelled.ts).
 */
export async function writeOrder(write: OrderWrite): Promise<OrderWritten> {
  const { order, move: stageMove, eventId } = write;
  const now = write.now ?? new Date();
  const from = stageOfStatus[order.status];
  const to = stageMove ? stageMove.move.to : from;
  const status = canonicalStatus[to];
  const moving = !!stageMove;
  const patching = changesOrder(write);

  // What the move does besides its stage, decided from this read.
  const at = stageMove?.at ?? now.toISOString();
  const note = stageMove ? (stageMove.note ?? stageMove.move.defaultNote) : undefined;
  const actor = stageMove?.actor;
  const actorName = stageMove ? (stageMove.actorName ?? (actor!.type === "system" ? "System" : undefined)) : undefined;
  // What a cancel gives back; the order's write is conditioned on it still being owed.
  const givingBack = moving && to === "canceled" && Inventory.owedBack(order).length > 0;
  // An order leaving the open stages frees its bag; a closed order moved back holds it again.
  const freeingBag = moving && !closed(from) && closed(to) && !!order.bagCode;
  const reholdingBag = moving && closed(from) && !closed(to) && !!order.bagCode;
  // The paddle leaves the bag with the order.
  const bagId = freeingBag ? await Bags.idOf(order.bagCode!) : null;
  // A cancel gives a covered order's regrip back to its membership's period, or its pack's credit back, once
  // (memberships/allowance-return.ts: its code loads only for a covered order).
  const allowance =
    moving && to === "canceled" && (order.subscriptionId || order.packCreditId) ? await (await import("../memberships/allowance-return")).returnOnCancel(order, at) : undefined;
  // A cancel gives the order's seat on an onsite day or delivery run back, once (its code loads only then).
  // An admin reopening a canceled order does not take it again: the order keeps `seatReturnedAt`.
  const seat = moving && to === "canceled" && order.scheduleEventId && !order.seatReturnedAt ? (await import("../schedule/seats")).giveBack(order, at) : undefined;
  // The paddle's one open order: freed with the order, held again when a closed order is reopened.
  const freeingPaddle = moving && !closed(from) && closed(to) && !!order.paddleId;
  const reholdingPaddle = moving && closed(from) && !closed(to) && !!order.paddleId;
  // The reports' items by tender, item and staff member ride with a change that moves money (stats/sales.ts: its code
  // loads only for such a change, as the day figures count it).
  const movesMoney = write.set?.paymentStatus !== undefined || write.set?.refundedAmountCents !== undefined;
  const sales = movesMoney ? await import("../stats/sales") : undefined;
  // The customer's points: earned by a payment, taken back by a refund, given back by a cancel.
  const points = LoyaltyPoints.orderPoints(order, write.set, moving ? to : undefined, now);
  const unchanged = [...new Set([...(write.unchanged ?? []), ...points.reads])];

  const set = {
    ...write.set,
    ...points.set,
    ...(eventId ? { stripeEventId: eventId } : {}),
    ...(moving ? { status } : {}),
    ...(moving && to === "in_service" && actor?.type === "user" ? { processedByStaffId: actor.userId } : {}),
    ...(moving && to === "ready" ? { completedAt: at } : {}),
    ...(moving && to === "picked_up" ? { pickedUpAt: at } : {}),
    ...(givingBack ? { stockReturnedAt: at } : {}),
    ...allowance?.set,
    ...seat?.set,
  };
  const history: HistoryEntry | undefined = stageMove
    ? { from: order.status, to: status, ...(actor!.type === "user" ? { actorId: actor!.userId } : {}), actorName, note, at }
    : undefined;
  const written: OrderItem = {
    ...order,
    ...set,
    ...(history ? { statusHistory: [...order.statusHistory, history] } : {}),
  } as OrderItem;
  for (const field of write.remove ?? []) delete written[field];
  const effects = [...(moving ? moveEffects(written, to) : []), ...(write.effects ?? [])];
  const also = write.also ? await write.also(order) : undefined;

  // Skus deleted from the catalogue since the order took them: nothing to give back to.
  const gone: string[] = [];
  // Set when the bag turned out to be another order's (an order from before bags were held): nothing to free.
  let bagNotOurs = false;
  for (;;) {
    const returned = givingBack ? Inventory.owedBack(order).filter((line) => !gone.includes(line.skuId)) : [];
    const moveAudit: AuditInput[] = stageMove
      ? [
          {
            actor: stageMove.actor,
            actorName: stageMove.actorName,
            action: "order.status_changed",
            targetType: "order",
            targetId: order.id,
            diff: {
              ...OrderNumbers.audited(order),
              status: { from: order.status, to: status },
              move: stageMove.move.label,
              role: stageMove.move.role,
              ...(note ? { note } : {}),
              ...stageMove.auditDiff,
              ...(freeingBag && !bagNotOurs ? { bagReleased: order.bagCode } : {}),
              ...(reholdingBag ? { bagHeld: order.bagCode } : {}),
              ...(returned.length ? { stockReturned: returned } : {}),
            },
          },
        ]
      : [];
    const audits = [...(write.audits ?? []), ...moveAudit, ...(write.auditsAfter ?? [])];
    const result = await writeLabelled((entities) => {
      const writes: LabelledWrite[] = [];
      if (eventId) writes.push(eventLedgerWrite(entities, eventId, order.id, now));
      if (patching) {
        let patch = entities.serviceOrder.patch({ id: order.id }).set(set);
        if (write.remove?.length) patch = patch.remove(write.remove);
        if (write.addAttempts) patch = patch.add({ paymentAttempts: write.addAttempts });
        if (history) patch = patch.append({ statusHistory: [history] });
        writes.push({
          label: "order",
          write: patch
            .where((a, { eq, notExists }) =>
              [
                eq(a.status, order.status),
                ...unchanged.map((fact) => eq(a[fact], order[fact])),
                ...(write.onlyIfSession ? [eq(a.stripeCheckoutSessionId, write.onlyIfSession)] : []),
                // Stock goes back once: never to an order whose stock is already back. The seat likewise.
                ...(givingBack ? [notExists(a.stockReturnedAt)] : []),
                ...(seat ? [notExists(a.seatReturnedAt)] : []),
              ].join(" AND "),
            )
            .commit(),
        });
        writes.push(
          ...DailyStats.paymentChanged(entities, order, write.set, now, write.refundTaxCents),
          // The reports' items by tender, item and staff member, counted the same way (stats/sales.ts).
          ...(sales ? sales.salesWrites(entities, sales.orderSales(order, write.set, now, write.refundTaxCents)) : []),
          ...points.writes(entities),
        );
        if (write.stock) {
          writes.push(
            ...Inventory.take(entities, write.stock.take),
            ...Inventory.returned(entities, write.stock.giveBack.filter((line) => !gone.includes(line.skuId))),
          );
        }
      }
      if (moving) {
        writes.push(
          ...OrderCounters.moved(entities, order.status, status),
          ...DailyStats.orderMoved(entities, order, order.status, status),
          ...(givingBack ? Inventory.giveBack(entities, order, gone) : []),
          ...(freeingBag && !bagNotOurs ? Bags.release(entities, order) : []),
          ...(freeingBag ? Bags.paddleOut(entities, order, bagId) : []),
          ...(reholdingBag ? Bags.hold(entities, order.bagCode!, order.id) : []),
          ...(allowance?.writes(entities) ?? []),
          ...(seat?.writes(entities) ?? []),
          ...(freeingPaddle ? PaddleOpenOrder.release(entities, order) : []),
          ...(reholdingPaddle ? PaddleOpenOrder.claim(entities, order.paddleId!, order.id) : []),
          // Into Ready or Picked Up: the reminders job's timeline (reminders/timeline.ts).
          ...(from !== to ? timelineWrites(entities, order, to, at) : []),
        );
      }
      if (also) writes.push(...also.writes(entities));
      // A millisecond apart, so the log lists one change's entries in the order they were decided.
      audits.forEach((audit, i) =>
        writes.push({
          label: `audit:${i}`,
          write: entities.auditLog.create({ ...auditEntry(audit), createdAt: new Date(now.getTime() + i).toISOString() }).commit(),
        }),
      );
      afterCommit(...effects);
      return writes;
    });
    if (result.committed) return { committed: true, order: written, effects };
    if (eventId && result.failed.includes("event")) return { committed: false, reason: "duplicate" };
    if (result.failed.includes("order")) return { committed: false, reason: "changed" };
    const soldOut = write.stock ? Inventory.soldOut(result) : [];
    if (soldOut.length) throw write.stock!.refusal(soldOut);
    const alsoRefusal = also?.refusal(result.failed);
    if (alsoRefusal) throw alsoRefusal;
    if (freeingBag && !bagNotOurs && Bags.releaseFailed(result)) {
      bagNotOurs = true;
      continue;
    }
    const bagRefusal = reholdingBag ? Bags.holdRefusal(result, order.bagCode!) : null;
    if (bagRefusal) throw bagRefusal;
    const paddleRefusal = reholdingPaddle ? await PaddleOpenOrder.claimRefusal(result, order) : null;
    if (paddleRefusal) throw paddleRefusal;
    const missing = Inventory.missingProducts(result);
    if (missing.length) {
      gone.push(...missing);
      continue;
    }
    throw new Error(`Writing order ${order.id} was cancelled: ${JSON.stringify(result.codes)}`);
  }
}

/** The order as stored now (strongly consistent: a decision is made from it). */
export async function readOrder(id: string): Promise<OrderItem | null> {
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  return data;
}

export type Decide = (order: OrderItem) => OrderChange | null;

export type Decided =
  | { outcome: "applied"; before: OrderItem; change: OrderChange; after: OrderItem }
  /** The decision was to change nothing (a late or irrelevant event); an event's ledger item was still written. */
  | { outcome: "unchanged"; before: OrderItem }
  /** The event was applied before: nothing written. */
  | { outcome: "duplicate" }
  | { outcome: "missing" };

/**
 * Reads order `orderId`, decides with `decide` and writes the decision; with
 * `eventId`, exactly once per event. When the order changed between the read
 * and the write, reads it again and decides again, so `decide` must be pure.
 */
export async function decideAndWrite(orderId: string, decide: Decide, options: { eventId?: string } = {}): Promise<Decided> {
  return readDecideWrite<Decided>(async () => {
    const order = await readOrder(orderId);
    if (!order) return { outcome: "missing" };
    const change = decide(order);
    const writes = !!change && (changesOrder(change) || !!change.audits?.length || !!change.auditsAfter?.length);
    if (!writes && !options.eventId) return { outcome: "unchanged", before: order };
    const written = await writeOrder({ ...(writes ? change : {}), order, eventId: options.eventId });
    if (written.committed) return writes ? { outcome: "applied", before: order, change: change!, after: written.order } : { outcome: "unchanged", before: order };
    if (written.reason === "duplicate") return { outcome: "duplicate" };
    return CHANGED;
  }, () => new Error(`Order ${orderId} kept changing; gave up`));
}
