/**
 * How many orders are in each lifecycle stage, kept in counter items
 * (entities/orderCounter.ts) that change in the SAME transaction as every
 * order write: a new order adds one to its stage (`created`), a move takes one
 * from the stage it leaves and adds one to the stage it enters (`moved`).
 * Reading them (`read`) is one Query of eight items, whatever the shop's size.
 *
 *     writeLabelled((entities) => [
 *       { label: "order", write: entities.serviceOrder.create(order).commit() },
 *       ...OrderCounters.created(entities, order.status),
 *     ]);
 *
 * A count never goes below zero: the decrement is conditioned on the count
 * being above zero and marked droppable, so a count that is already zero
 * (an order written before the counters existed) stays at zero and the
 * order's write goes through (db/labelled.ts).
 */
import type { SystemActor } from "../actor";
import { fn, NoInput } from "../actor/fn";
import { db } from "../db";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import {
  ACTIVE_FILTER_STAGES,
  isOrderStatus,
  stageOfStatus,
  STAGES,
  type OrderStatus,
  type Stage,
} from "../shared/lifecycle";
import type { OrderCounts } from "../shared/orders";

export * as OrderCounters from "./counters";

/** `GET /api/admin/orders/counts`: the browser-safe view type in shared/orders. */
export type { OrderCounts };

const stageFrom = (value: Stage | OrderStatus): Stage => (isOrderStatus(value) ? stageOfStatus[value] : value);

/** The label of a stage's counter write in a transaction. */
export const counterLabel = (stage: Stage) => `counter:${stage}`;

/** A new order in `stage` (or stored status): +1 on its stage. */
export function created(entities: TransactionEntities, stage: Stage | OrderStatus): LabelledWrite[] {
  const to = stageFrom(stage);
  return [{ label: counterLabel(to), write: entities.orderCounter.update({ stage: to }).add({ count: 1 }).commit() }];
}

/** An order moved from one stage (or stored status) to another: −1 and +1; nothing when the stage is the same. */
export function moved(entities: TransactionEntities, from: Stage | OrderStatus, to: Stage | OrderStatus): LabelledWrite[] {
  const left = stageFrom(from);
  const entered = stageFrom(to);
  if (left === entered) return [];
  return [
    {
      label: counterLabel(left),
      droppable: true,
      write: entities.orderCounter
        .update({ stage: left })
        .subtract({ count: 1 })
        .where((a, { gt }) => gt(a.count, 0))
        .commit(),
    },
    { label: counterLabel(entered), write: entities.orderCounter.update({ stage: entered }).add({ count: 1 }).commit() },
  ];
}

/** GET /api/admin/orders/counts: the counts as stored, one Query of the counters' partition. Staff. */
export const read = /* @__PURE__ */ fn({ role: "staff", input: NoInput }, async (): Promise<OrderCounts> => {
  const { data } = await db().entities.orderCounter.query.byStage({}).go({ pages: "all" });
  const stages = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
  for (const item of data) stages[item.stage] = Math.max(0, item.count);
  const active = ACTIVE_FILTER_STAGES.reduce((sum, stage) => sum + stages[stage], 0);
  return { stages, active };
});

/** The maintenance job that counts again (`npm run recount`). */
const RECOUNT: SystemActor = { type: "system", name: "recount" };

/**
 * Sets the counters to the given counts (the seed, after writing its orders;
 * a repair after counting offline). Not for request paths.
 */
export async function overwrite(stages: Partial<Record<Stage, number>>): Promise<void> {
  await db()
    .entities.orderCounter.put(STAGES.map((stage) => ({ stage, count: stages[stage] ?? 0 })))
    .go();
}

/**
 * Counts every order (the all-orders index, a page at a time) and sets the counters to the counts: the repair
 * when counters and orders disagree (orders written by hand, a restore). Reads the whole shop, so it is a
 * maintenance job (`npm run recount`), never a request path; a move made while it runs may be counted before or
 * after it, so run it when the shop is quiet. Answers the counters before and after.
 */
export async function recount(): Promise<{ before: OrderCounts; after: OrderCounts }> {
  const before = await read(RECOUNT);
  const stages = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>;
  let cursor: string | null = null;
  do {
    const page: { data: { status: OrderStatus }[]; cursor: string | null } = await db()
      .entities.serviceOrder.query.allOrders({})
      .go({ cursor, limit: 500, pages: 1, attributes: ["status"] });
    for (const order of page.data) {
      const stage = stageOfStatus[order.status];
      if (stage) stages[stage]++;
    }
    cursor = page.cursor;
  } while (cursor);
  await overwrite(stages);
  return { before, after: await read(RECOUNT) };
}
