/**
 * The shop-wide order number (`R-1001` upward, shared/orders.ts): one counter item, `lastOrderNumber` in the
 * `stats#shop` partition (entities/dailyStats.ts `shopCounter`), holds the last number given. A new order reads it,
 * takes the next one and writes both in its own transaction (orders/create.ts): the counter is set to the new number
 * only if it still holds the value read (created only if it does not exist yet), so two orders that read the same
 * value cannot both commit, and an order whose transaction fails gives nothing back because it took nothing. The
 * loser reads again and tries with the next number: numbers are unique and never reused, whatever a bag does.
 */
import { db } from "../db";
import { type LabelledOutcome, type LabelledWrite, type TransactionEntities, writeLabelled } from "../db/labelled";
import { FIRST_ORDER_NUMBER, orderNumberText } from "../shared/orders";
import { referenceWrite } from "./references";
import type { OrderItem } from "./view";

const COUNTER = "lastOrderNumber" as const;

/** The label of the counter's write in an order's transaction. */
const NUMBER_LABEL = "orderNumber";

/** The last number given, or null when no order has one yet (read consistently: a rival's commit is seen). */
export async function lastGiven(): Promise<number | null> {
  const { data } = await db().entities.shopCounter.get({ name: COUNTER }).go({ consistent: true });
  return data ? data.count : null;
}

/** An audit entry's record of the order's number, so Recent Activity and the audit log name the order by it (shared/audit.ts). */
export const audited = (order: { number?: number }): { number?: string } => (order.number === undefined ? {} : { number: orderNumberText(order.number) });

/** The number after `last` (the first, 1001, when there is none). */
export const nextAfter = (last: number | null): number => (last === null ? FIRST_ORDER_NUMBER : Math.max(last + 1, FIRST_ORDER_NUMBER));

/** The counter's write taking `number`, conditioned on the counter still holding `last` (null: not written yet). */
export function taken(entities: TransactionEntities, last: number | null, number: number): LabelledWrite {
  return {
    label: NUMBER_LABEL,
    write:
      last === null
        ? entities.shopCounter.create({ name: COUNTER, count: number }).commit()
        : entities.shopCounter
            .update({ name: COUNTER })
            .set({ count: number })
            .where((a, { eq }) => eq(a.count, last))
            .commit(),
  };
}

/** True when a transaction lost only because another order took the number first (or still raced it): read again. */
const lostTheNumber = (outcome: Extract<LabelledOutcome, { committed: false }>): boolean =>
  outcome.failed.includes(NUMBER_LABEL) || (outcome.conflict && outcome.failed.length === 0);

/** How many times an order reads the counter again after losing its number: twenty bookings at once all write it. */
const NUMBER_RETRIES = 40;

/**
 * Writes with `attempt` (which reads the counter and writes once) until it commits or fails for another reason than
 * the number. A lost number means another order just committed (or still holds the counter), so the pause before
 * reading again is short and jittered, its window widening a little with each loss (not the conflict policy's
 * doubling to a second): rivals spread out, and the counter moves on.
 */
export async function whileLost(attempt: () => Promise<LabelledOutcome>): Promise<LabelledOutcome> {
  for (let tries = 0; ; tries++) {
    const outcome = await attempt();
    if (outcome.committed || !lostTheNumber(outcome)) return outcome;
    if (tries >= NUMBER_RETRIES) throw new Error("order transaction kept losing its number to other orders");
    // A window that widens with each loss (to about 200 ms): many rivals spread out instead of colliding again.
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 25 * Math.min(tries + 1, 8)));
  }
}



/**
 * `npm run recount`'s numbering: every order without a number gets the next one, oldest first (the all-orders
 * index is by createdAt), with its search reference, each in one transaction conditioned on the order still having
 * no number and the counter holding what was read. Orders with a number are left alone, so a second run numbers
 * nothing; bookings made while it runs take their numbers from the same counter. Answers how many it numbered.
 */
export async function backfill(): Promise<number> {
  let cursor: string | null = null;
  let numbered = 0;
  do {
    const page: { data: Pick<OrderItem, "id" | "number" | "createdAt">[]; cursor: string | null } = await db()
      .entities.serviceOrder.query.allOrders({})
      .go({ cursor, limit: 500, pages: 1, order: "asc", attributes: ["id", "number", "createdAt"] });
    for (const order of page.data) {
      if (order.number !== undefined) continue;
      const outcome = await whileLost(async () => {
        const last = await lastGiven();
        const number = nextAfter(last);
        return writeLabelled((entities) => [
          {
            label: "order",
            write: entities.serviceOrder
              .patch({ id: order.id })
              .set({ number })
              .where((a, { notExists }) => notExists(a.number))
              .commit(),
          },
          taken(entities, last, number),
          referenceWrite(entities, { id: order.id, createdAt: order.createdAt }, orderNumberText(number)),
        ]);
      });
      if (outcome.committed) numbered++;
      // Numbered meanwhile (another run), or gone: nothing to do.
      else if (!outcome.failed.includes("order")) throw new Error(`numbering order ${order.id} failed: ${JSON.stringify(outcome.codes)}`);
    }
    cursor = page.cursor;
  } while (cursor);
  return numbered;
}
