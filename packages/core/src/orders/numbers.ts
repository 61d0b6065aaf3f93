/**
 * The shop-wide order number (`R-1001` upward, shared/orders.ts): one counter item, `lastOrderNumber` in the
 * `stats#shop` partition (entities/dailyStats.ts `shopCounter`), holds the last number given. A new order draws the
 * next one with one atomic ADD on it (`draw`) and claims it in its own transaction (orders/create.ts): a
 * `uniqueValue` of kind `orderNumber` created only if no order holds that number yet. So numbers are unique and never
 * reused, whatever a bag does, and no two orders wait on each other for the counter.
 *
 * Why not the counter itself in the order's transaction (set on condition it still holds what was read): then every
 * order of the shop made at the same moment conflicts on that one item and all but one write their whole
 * transaction again, about n²/2 transactions for n orders at once; twenty bookings at once took DynamoDB Local past
 * its requests' time limit. The price of the draw: an order refused in its transaction (a bag taken meanwhile, the
 * last unit sold) leaves its number unused, a gap in the sequence as a voided ticket leaves one.
 */
import { db } from "../db";
import { type LabelledOutcome, type LabelledWrite, type TransactionEntities, writeLabelled } from "../db/labelled";
import { uniqueKey } from "../entities";
import { FIRST_ORDER_NUMBER, orderNumberText } from "../shared/orders";
import { referenceWrite } from "./references";
import type { OrderItem } from "./view";

const COUNTER = "lastOrderNumber" as const;

/** The label of the number's claim in an order's transaction. */
const NUMBER_LABEL = "orderNumber";

/** The last number given, or null when no order has one yet (read consistently). */
export async function lastGiven(): Promise<number | null> {
  const { data } = await db().entities.shopCounter.get({ name: COUNTER }).go({ consistent: true });
  return data ? data.count : null;
}

/** An audit entry's record of the order's number, so Recent Activity and the audit log name the order by it (shared/audit.ts). */
export const audited = (order: { number?: number }): { number?: string } => (order.number === undefined ? {} : { number: orderNumberText(order.number) });

/**
 * The next number: ADD 1 to the counter where it exists; the very first order of a shop creates it at 1001 (of two
 * first orders at once, the one whose create loses adds 1 instead).
 */
export async function draw(): Promise<number> {
  for (;;) {
    try {
      const { data } = await db()
        .entities.shopCounter.update({ name: COUNTER })
        .add({ count: 1 })
        .where((a, { exists }) => exists(a.count))
        .go({ response: "all_new" });
      return Math.max(data.count ?? FIRST_ORDER_NUMBER, FIRST_ORDER_NUMBER);
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    try {
      await db().entities.shopCounter.create({ name: COUNTER, count: FIRST_ORDER_NUMBER }).go();
      return FIRST_ORDER_NUMBER;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
}

const isConditionFailed = (error: unknown): boolean => /ConditionalCheckFailed|conditional request failed/i.test(String((error as { message?: string })?.message ?? error) + String((error as { cause?: { name?: string } })?.cause?.name ?? ""));

/** The claim of `number` by order `orderId`, in the order's transaction: it fails when an order already holds it. */
export function taken(entities: TransactionEntities, number: number, orderId: string): LabelledWrite {
  return { label: NUMBER_LABEL, write: entities.uniqueValue.create({ ...uniqueKey("orderNumber", String(number)), ownerId: orderId }).commit() };
}

/** True when a transaction lost only because its number is held (the counter set back by hand) or it raced: draw again. */
const lostTheNumber = (outcome: Extract<LabelledOutcome, { committed: false }>): boolean =>
  outcome.failed.includes(NUMBER_LABEL) || (outcome.conflict && outcome.failed.length === 0);

/** How many numbers an order draws before it gives up: more than one only when the counter was set back by hand. */
const NUMBER_RETRIES = 40;

/** Writes with `attempt` (which draws a number and writes once) until it commits or fails for another reason than the number. */
export async function whileLost(attempt: () => Promise<LabelledOutcome>): Promise<LabelledOutcome> {
  for (let tries = 0; ; tries++) {
    const outcome = await attempt();
    if (outcome.committed || !lostTheNumber(outcome)) return outcome;
    if (tries >= NUMBER_RETRIES) throw new Error("order transaction kept finding its number taken");
  }
}

/**
 * `npm run recount`'s numbering: every order without a number gets the next one, oldest first (the all-orders
 * index is by createdAt), with its search reference and its claim, each in one transaction conditioned on the order
 * still having no number. Orders with a number are left alone, so a second run numbers
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
        const number = await draw();
        return writeLabelled((entities) => [
          {
            label: "order",
            write: entities.serviceOrder
              .patch({ id: order.id })
              .set({ number })
              .where((a, { notExists }) => notExists(a.number))
              .commit(),
          },
          taken(entities, number, order.id),
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
