/**
 * The one way an order is made, so stock, bag and audit agree however it is made: customer bookings, storefront
 * invoices and quick sales all end here. Everything that must agree is one
 * labelled transaction (db/labelled.ts):
 *
 * - `order`: the order item, with its shop-wide number;
 * - `orderNumber`: the number counter (orders/numbers.ts), set to the order's number only if it still holds the
 *   value read; when another order took that number first, the counter is read again and the transaction made
 *   again with the next one, so numbers are unique, never reused, and a failed order takes none;
 * - `stock:<skuId>`: the stock it takes (inventory module: a conditional
 *   decrement per counted sku, so the last unit cannot be sold twice; the
 *   order records it in `stockTaken`, which a cancel gives back);
 * - `idempotencyKey`: the Idempotency-Key reservation, so a repeat, even one
 *   arriving while the first is in flight, cannot make a second order;
 * - `counter:<stage>`: the stage counter (orders/counters.ts) the new order adds one to;
 * - `stats:<day>`: the day's booked orders (stats/daily.ts, the admin dashboard);
 * - `bag`, `bag-hold`: the bag hold (bags module), when the order names a bag
 *   number: the bag must exist and be active, and no other open order may
 *   hold it (400 `Bag {code} does not exist`, 409 `Bag {code} is in use by
 *   another open order`); a pickup or cancel frees it;
 * - `paddle-open-order`: the paddle's one open order (paddles/open-order.ts),
 *   when the order names a paddle: 409 `{paddle} is already in the shop on
 *   order {reference}. ...` while another open order has it; a pickup or
 *   cancel frees it;
 * - `reference:<ref>`: the order's references (orders/references.ts: its number,
 *   the id's last 6 characters and the bag number), what staff search it by;
 * - `audit`: the audit entry;
 * - the caller's own writes (a booking's paddle check, a quick sale's new
 *   paddle), labelled by the caller.
 *
 * The caller's effects (a booking's confirmation) run once that transaction commits (db/effects.ts): a repeat of
 * the Idempotency-Key, or a transaction that failed, sends nothing.
 */
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import type { UserActor } from "../actor";
import * as Audit from "../audit";
import * as Bags from "../bags";
import { db } from "../db";
import { afterCommit, type Effect } from "../db/effects";
import { type LabelledOutcome, type LabelledWrite, type TransactionEntities, writeLabelled } from "../db/labelled";
import { uniqueKey } from "../entities";
import { IDEMPOTENCY_TTL_SECONDS, IdempotencyKey } from "../shared/idempotency";
import { conflict, type DomainError } from "../errors";
import * as Inventory from "../inventory";
import { outOfStock, type PricedBooking, type StockTake } from "../pricing";
import * as PaddleOpenOrder from "../paddles/open-order";
import * as OrderCounters from "./counters";
import * as OrderNumbers from "./numbers";
import * as OrderReferences from "./references";
import * as DailyStats from "../stats/daily";
import type { OrderStatus } from "../shared/lifecycle";
import type { OrderItem } from "./view";

export { IDEMPOTENCY_TTL_SECONDS, IdempotencyKey } from "../shared/idempotency";

type NewOrderItem = Parameters<TransactionEntities["serviceOrder"]["create"]>[0];

/** The order as its maker builds it; id, times, stock taken and the key are filled in here. */
export type OrderDraft = Omit<NewOrderItem, "id" | "number" | "createdAt" | "updatedAt" | "stockTaken" | "stockReturnedAt" | "idempotencyKey" | "status"> & {
  /** Required here (the entity has a default): the stage counter it adds to is the order's stage. */
  status: OrderStatus;
};

/**
 * What a priced order charges, as the order stores it: the price's lines and totals (pricing/, never the
 * client's), the points redeemed on it, and how it is paid: by card (unpaid until then), or a comp when nothing
 * is due (redeemed points may leave nothing: no card step then).
 */
export function charged(
  priced: PricedBooking,
): Pick<
  OrderDraft,
  | "lineItems" | "subtotalCents" | "discountAmountCents" | "promoCode" | "taxCents" | "taxRateBps" | "totalCents" | "paymentMethod" | "paymentStatus"
  | "pointsRedeemed" | "pointsDiscountCents"
> {
  const free = priced.totalCents === 0;
  return {
    lineItems: priced.lineItems,
    subtotalCents: priced.subtotalCents,
    discountAmountCents: priced.discountAmountCents,
    promoCode: priced.promoCode,
    taxCents: priced.taxCents,
    taxRateBps: priced.taxRateBps,
    totalCents: priced.totalCents,
    // Left out of an order that redeemed nothing.
    pointsRedeemed: priced.pointsRedeemed || undefined,
    pointsDiscountCents: priced.pointsDiscountCents || undefined,
    paymentMethod: free ? "COMP" : "STRIPE",
    paymentStatus: free ? "comp" : "unpaid",
  };
}

export interface ActiveBag {
  id: string;
  code3: string;
}

export interface NewOrder {
  order: OrderDraft;
  /** Stock the order takes, with names for the out-of-stock message. */
  stockTakes: readonly StockTake[];
  audit: { action: string; diff: Record<string, unknown> };
  /** The caller's first name as the shop knows it, for the audit entry. */
  actorName?: string;
  /** Writes of the maker's own, in the same transaction (labels other than this module's). */
  writes?: (entities: TransactionEntities, context: { orderId: string; number: number; bag: ActiveBag | null }) => LabelledWrite[];
  /** What the order sets going once it is written (a booking's confirmation): run after the commit, never on a repeat of its key. */
  effects?: (order: OrderItem) => Effect[];
  /** The maker's refusal for its own failed labels (e.g. 404 when the paddle is gone; it may read what it needs to say). */
  refusal?: (failed: readonly string[]) => DomainError | undefined | Promise<DomainError | undefined>;
}

export interface Created {
  order: OrderItem;
  /** True when the Idempotency-Key named an order made by an earlier request: nothing was written now. */
  replayed: boolean;
}

/** A POST's `Idempotency-Key` as sent, in a function's input; its rule (shared/idempotency) is checked here, where the order is made. */
export const SentIdempotencyKey = z.optional(z.string());

type KeyValue = { kind: "idempotencyKey"; value: string };

/** The reservation of `rawKey` for `actor`: keys are per caller, so two staff members' keys never collide. */
function reservationOf(actor: UserActor, rawKey: string | undefined): { key: string; value: KeyValue } | undefined {
  if (rawKey === undefined) return undefined;
  const key = IdempotencyKey.parse(rawKey);
  return { key, value: uniqueKey("idempotencyKey", `${actor.userId}:${key}`) as KeyValue };
}

/** The order a previous request with this key created, if any. */
async function replay(value: KeyValue | undefined): Promise<OrderItem | null> {
  if (!value) return null;
  // Strongly consistent: a concurrent repeat reads this right after the first request's transaction commits.
  const { data: reservation } = await db().entities.uniqueValue.get(value).go({ consistent: true });
  if (!reservation) return null;
  const { data: order } = await db().entities.serviceOrder.get({ id: reservation.ownerId }).go({ consistent: true });
  // The reservation and the order are written in one transaction, so one without the other means the order was deleted.
  return order ?? null;
}

/**
 * Makes an order. `prepare(now)` runs only when the Idempotency-Key names no
 * earlier order: it reads and prices (and may refuse), and answers what to
 * write. A repeat of a key answers the first order and writes nothing, even
 * when the stock has run out since.
 */
export async function createOrder(
  actor: UserActor,
  prepare: (now: Date) => Promise<NewOrder>,
  options: { idempotencyKey?: string; now?: Date } = {},
): Promise<Created> {
  const reservation = reservationOf(actor, options.idempotencyKey);
  const earlier = await replay(reservation?.value);
  if (earlier) return { order: earlier, replayed: true };

  // One time for the whole order: its history, createdAt and audit entry agree.
  const now = options.now ?? new Date();
  const made = await prepare(now);
  const bagNumber = made.order.bagNumber;
  const found = bagNumber ? await Bags.activeByCode(bagNumber) : null;
  const bag: ActiveBag | null = found ? { id: found.id, code3: found.code3 } : null;
  const at = now.toISOString();
  const orderId = randomUUID();
  const stockTaken = Inventory.merged(made.stockTakes);
  const item = {
    ...made.order,
    id: orderId,
    // The bag this order holds until it is picked up or canceled (bags module).
    ...(bagNumber ? { bagCode: Bags.normaliseCode(bagNumber) } : {}),
    ...(stockTaken.length ? { stockTaken } : {}),
    idempotencyKey: reservation?.key,
    createdAt: at,
    updatedAt: at,
  } satisfies NewOrderItem;

  let numbered = { ...item, number: 0 };
  const write = (number: number) => {
    numbered = { ...item, number };
    return writeLabelled((entities) => {
      if (made.effects) afterCommit(...made.effects(numbered as unknown as OrderItem));
      return [
        { label: "order", write: entities.serviceOrder.create(numbered).commit() },
        OrderNumbers.taken(entities, numbered.number, orderId),
        ...OrderCounters.created(entities, item.status),
        ...DailyStats.orderBooked(entities, item),
        ...Inventory.take(entities, stockTaken),
        ...OrderReferences.written(entities, numbered),
        // The bag must exist and be free: the hold decides (a bag read above that is gone fails here too).
        ...(bagNumber ? Bags.hold(entities, bagNumber, orderId) : []),
        // One open order per paddle: another open order of it refuses this one.
        ...(item.paddleId ? PaddleOpenOrder.claim(entities, item.paddleId, orderId) : []),
        ...(made.writes?.(entities, { orderId, number: numbered.number, bag }) ?? []),
        {
          label: "audit",
          write: entities.auditLog
            .create({
              ...Audit.entry({ actor, actorName: made.actorName, action: made.audit.action, targetType: "order", targetId: orderId, diff: { ...made.audit.diff, ...OrderNumbers.audited(numbered) } }),
              createdAt: at,
            })
            .commit(),
        },
        ...(reservation
          ? [
              {
                label: "idempotencyKey",
                write: entities.uniqueValue
                  .create({ ...reservation.value, ownerId: orderId, expiresAtEpoch: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS })
                  .commit(),
              },
            ]
          : []),
      ];
    });
  };

  // The next number, drawn from the counter and claimed in the order's transaction (orders/numbers.ts).
  const result: LabelledOutcome = await OrderNumbers.whileLost(async () => write(await OrderNumbers.draw()));
  if (result.committed) {
    const { data } = await db().entities.serviceOrder.get({ id: orderId }).go({ consistent: true });
    return { order: data ?? (numbered as unknown as OrderItem), replayed: false };
  }
  if (reservation && result.failed.includes("idempotencyKey")) {
    const first = await replay(reservation.value);
    if (first) return { order: first, replayed: true };
    // The key's order is gone (deleted by staff): the key stays spent until it expires.
    throw conflict("This Idempotency-Key was already used");
  }
  const soldOut = Inventory.soldOut(result);
  const soldOutTake = made.stockTakes.find((take) => soldOut.includes(take.skuId));
  if (soldOutTake) throw outOfStock(soldOutTake);
  const refusal = await made.refusal?.(result.failed);
  if (refusal) throw refusal;
  const paddleRefusal = await PaddleOpenOrder.claimRefusal(result, item);
  if (paddleRefusal) throw paddleRefusal;
  const bagRefusal = bagNumber ? Bags.holdRefusal(result, bagNumber) : null;
  if (bagRefusal) throw bagRefusal;
  // writeLabelled already wrote it again after conflicts with other transactions: this is a fault.
  throw new Error(`order transaction cancelled: ${JSON.stringify(result.codes)}`);
}
