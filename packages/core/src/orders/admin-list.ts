/**
 * GET /api/admin/orders?stage=&q=&cursor=&limit=: the service queue and the
 * admin orders table (docs/api-staff.md, "Orders, queue and admin orders").
 *
 * Every answer is read from Queries on keys, newest first, a page at a time:
 * - no stage and no q: the all-orders index (one partition);
 * - a stage: the byStatus index, one partition per stored value of the stage
 *   (awaiting payment is INVOICED and WAITING_ON_PAYMENT), `active` the
 *   partitions of every active stage;
 * - customerId: that customer's orders (the byUser index), the queue's
 *   selected-customer filter;
 * - q an order id: one GetItem; q a bag code (3 characters): the bag's hold
 *   (bags/: the open order in it), beside the customers it also matches;
 * - q a short reference (orders/references.ts: an order number "R-1042", a
 *   bag code, or the last 6 characters of an order id, any case, `#` allowed
 *   before it): one Query
 *   of the reference's items, newest first, and one BatchGet of the orders
 *   taken from it, beside the customers it also matches;
 *   q a customer's name, email or phone (3+
 *   characters): the customer search index (customers/search-index.ts)
 *   answers at most 20 customers, then each customer's orders from the
 *   byUser index.
 * Several partitions are merged newest first; the cursor holds each
 * partition's position (the last order taken from it, or that it is done),
 * and is checked exactly like the other cursors of this API: read back,
 * every part validated, encoded again, and refused unless it is the very
 * same string. Work per page is at most (partitions × (limit + 1)) items,
 * whatever the shop's size.
 */
import { createConversions } from "../entities/electrodb";
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import * as Bags from "../bags";
import { findUserIds } from "../customers/search-index";
import { db } from "../db";
import { invalid, unavailable } from "../errors";
import { INVALID_CURSOR, pageLimit } from "../paging";
import {
  ORDER_STAGE_FILTERS,
  stagesOfFilter,
  statusesOfStage,
  type OrderStageFilter,
  type OrderStatus,
} from "../shared/lifecycle";
import { SEARCH_TOO_SHORT } from "../shared/customers";
import { ISO_TIME } from "../shared/dates";
import { ID_PATTERN, MAX_ID_LENGTH } from "../shared/ids";
import type { AdminOrderPage } from "../shared/orders";
import { searchedReference } from "./references";
import { view, type OrderItem } from "./view";

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** Up to 20 customers' positions of about 90 characters each. */
const MAX_CURSOR_LENGTH = 4096;
export const ORDER_SEARCH_MIN = 3;
export const ORDER_SEARCH_MAX = 100;
/** How many customers a name, email or phone search follows. */
export const SEARCH_CUSTOMERS_MAX = 20;

const BAG_CODE = /^[0-9A-Za-z]{3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const unknownStageMessage = (stage: string) =>
  `Unknown stage: ${stage.slice(0, 40)}. Use one of ${ORDER_STAGE_FILTERS.join(", ")}`;

export const INVALID_CUSTOMER_ID = "Invalid customerId";
export const CUSTOMER_ID_WITH_Q = "Filter by customerId or search with q, not both";

/** `?stage=&q=&customerId=&cursor=&limit=` as the query string carries them. */
export const AdminOrderListQuery = z.object({
  stage: z.pipe(
    z.optional(z.string().check(z.maxLength(40, unknownStageMessage("(too long)")))),
    z.transform((raw, ctx): OrderStageFilter | undefined => {
      if (raw === undefined || raw === "") return undefined;
      if (!(ORDER_STAGE_FILTERS as readonly string[]).includes(raw)) {
        ctx.issues.push({ code: "custom", message: unknownStageMessage(raw), input: raw });
        return z.NEVER;
      }
      return raw as OrderStageFilter;
    }),
  ),
  q: z.pipe(
    z.optional(z.string().check(z.maxLength(1000, `Search must be at most ${ORDER_SEARCH_MAX} characters`))),
    z.transform((raw, ctx): string | undefined => {
      const text = (raw ?? "").trim();
      if (!text) return undefined;
      if (text.length < ORDER_SEARCH_MIN || text.length > ORDER_SEARCH_MAX) {
        ctx.issues.push({ code: "custom", message: text.length < ORDER_SEARCH_MIN ? SEARCH_TOO_SHORT : `Search must be at most ${ORDER_SEARCH_MAX} characters`, input: raw });
        return z.NEVER;
      }
      return text;
    }),
  ),
  customerId: z.optional(z.string().check(z.maxLength(MAX_ID_LENGTH, INVALID_CUSTOMER_ID), z.regex(ID_PATTERN, INVALID_CUSTOMER_ID))),
  limit: pageLimit(ADMIN_PAGE_SIZE, ADMIN_MAX_PAGE_SIZE),
  cursor: z.pipe(
    z.optional(z.string().check(z.maxLength(MAX_CURSOR_LENGTH, INVALID_CURSOR))),
    z.transform((raw, ctx): string | undefined => {
      if (raw && raw.length > MAX_CURSOR_LENGTH) {
        ctx.issues.push({ code: "custom", message: INVALID_CURSOR, input: raw });
        return z.NEVER;
      }
      return raw ? raw : undefined;
    }),
  ),
});
export type AdminOrderListInput = z.output<typeof AdminOrderListQuery>;

export type { AdminOrderPage };

/** Where a partition stands: null when it is done, else the last order taken from it. */
type Position = null | [createdAt: string, id: string];

/** Up to `limit` orders after `after` (or from ElectroDB's `cursor` of the previous read), newest first; `cursor` null at the end. */
type Read = (from: { after?: [string, string]; cursor?: string }, limit: number) => Promise<{ data: OrderItem[]; cursor: string | null }>;

interface Partition {
  /** Unique within one list: a stored status, a user id, `all`, `one`. */
  key: string;
  read: Read;
}

const conversions = () => createConversions(db().entities.serviceOrder).byAccessPattern;

const afterCursor = (pattern: "byStatus" | "byUser" | "allOrders", composite: Record<string, string>) =>
  (conversions()[pattern].fromComposite.toCursor as (keys: object) => string)(composite);

const afterReference = (composite: { reference: string; createdAt: string; orderId: string }) =>
  (createConversions(db().entities.orderReference).byAccessPattern.byReference.fromComposite.toCursor as (keys: object) => string)(composite);

const desc = (limit: number, cursor: string | undefined) => ({ order: "desc" as const, limit, cursor, pages: 1 as const });

function statusPartition(status: OrderStatus): Partition {
  return {
    key: status,
    read: async ({ after, cursor }, limit) => {
      const start = cursor ?? (after ? afterCursor("byStatus", { status, createdAt: after[0], id: after[1] }) : undefined);
      return db().entities.serviceOrder.query.byStatus({ status }).go(desc(limit, start));
    },
  };
}

function userPartition(userId: string): Partition {
  return {
    key: userId,
    read: async ({ after, cursor }, limit) => {
      const start = cursor ?? (after ? afterCursor("byUser", { userId, createdAt: after[0], id: after[1] }) : undefined);
      return db().entities.serviceOrder.query.byUser({ userId }).go(desc(limit, start));
    },
  };
}

const allPartition: Partition = {
  key: "all",
  read: async ({ after, cursor }, limit) => {
    const start = cursor ?? (after ? afterCursor("allOrders", { createdAt: after[0], id: after[1] }) : undefined);
    return db().entities.serviceOrder.query.allOrders({}).go(desc(limit, start));
  },
};

/** Orders by id, in the order of `ids` (one BatchGet; an id whose order is gone is left out). */
async function ordersByIds(ids: string[]): Promise<OrderItem[]> {
  if (ids.length === 0) return [];
  const { data, unprocessed } = await db().entities.serviceOrder.get(ids.map((id) => ({ id }))).go();
  if (unprocessed.length > 0) throw unavailable("The orders are busy. Please try again.");
  const byId = new Map(data.map((order) => [order.id, order]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The orders carrying a short reference (orders/references.ts), newest first; `skip` those already in another partition. */
function referencePartition(reference: string, skip: ReadonlySet<string>): Partition {
  return {
    key: `ref:${reference}`,
    read: async ({ after, cursor }, limit) => {
      const start = cursor ?? (after ? afterReference({ reference, createdAt: after[0], orderId: after[1] }) : undefined);
      const page = await db().entities.orderReference.query.byReference({ reference }).go(desc(limit, start));
      const orders = await ordersByIds(page.data.map((item) => item.orderId).filter((id) => !skip.has(id)));
      return { data: orders, cursor: page.cursor };
    },
  };
}

/** A partition of orders already read (an order found by id): newest first, all in one read. */
function fixedPartition(key: string, orders: OrderItem[]): Partition {
  const sorted = [...orders].sort(newestFirst);
  return {
    key,
    read: async ({ after }) => ({
      data: sorted.filter((order) => !after || newestFirst(order, { createdAt: after[0], id: after[1] }) > 0),
      cursor: null,
    }),
  };
}

function newestFirst(a: Pick<OrderItem, "createdAt" | "id">, b: Pick<OrderItem, "createdAt" | "id">): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

const PositionSchema = z.nullable(
  z.tuple([z.string().check(z.regex(ISO_TIME)), z.string().check(z.maxLength(MAX_ID_LENGTH), z.regex(ID_PATTERN))]),
);

function encodeCursor(positions: Record<string, Position>): string {
  return Buffer.from(JSON.stringify(positions)).toString("base64url");
}

/**
 * The positions a cursor holds, for exactly these partitions: anything but a
 * cursor this list issues (another filter's, another search's, edited,
 * re-encoded) is a 400.
 */
function decodeCursor(cursor: string | undefined, partitions: Partition[]): Record<string, Position> {
  if (cursor === undefined) return {};
  const keys = new Set(partitions.map((p) => p.key));
  let reissued: string | undefined;
  let positions: Record<string, Position> = {};
  try {
    const raw: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const parsed = z.record(z.string(), PositionSchema).safeParse(raw);
    if (parsed.success && Object.keys(parsed.data).every((key) => keys.has(key)) && Object.keys(parsed.data).length > 0) {
      positions = parsed.data as Record<string, Position>;
      reissued = encodeCursor(positions);
    }
  } catch {
    // not a cursor at all: refused below
  }
  if (reissued !== cursor) throw invalid(INVALID_CURSOR);
  return positions;
}

/**
 * One page of the partitions merged newest first, reading lazily: each
 * partition not done is read a chunk at a time (limit + 1 for one partition,
 * about limit / partitions + 1 for several), and a partition is read again
 * only when its chunk is used up before the page is full. Each partition's
 * position moves to the last of its orders taken; it is done when its reads
 * reached its end and all it read was taken.
 */
async function mergedPage(partitions: Partition[], cursor: string | undefined, limit: number): Promise<{ orders: OrderItem[]; cursor: string | null }> {
  // Own keys only: a partition keyed "toString" (a customerId) must not read Object.prototype's (found by hostile.test.ts).
  const decoded = decodeCursor(cursor, partitions);
  const positions: Record<string, Position> = Object.assign(Object.create(null) as Record<string, Position>, decoded);
  const chunk = partitions.length === 1 ? limit + 1 : Math.ceil(limit / partitions.length) + 1;
  const state = partitions
    .filter((p) => positions[p.key] !== null)
    .map((p) => ({ p, buffer: [] as OrderItem[], next: undefined as string | undefined, ended: false, started: false }));
  const refill = async (s: (typeof state)[number]) => {
    const after = positions[s.p.key] ?? undefined;
    const read = await s.p.read(s.started ? { cursor: s.next } : { after }, chunk);
    s.started = true;
    s.buffer.push(...read.data);
    s.next = read.cursor ?? undefined;
    s.ended = read.cursor === null;
  };
  const page: { key: string; order: OrderItem }[] = [];
  while (page.length < limit) {
    await Promise.all(state.filter((s) => s.buffer.length === 0 && !s.ended).map(refill));
    let best: (typeof state)[number] | undefined;
    for (const s of state) if (s.buffer.length && (!best || newestFirst(s.buffer[0], best.buffer[0]) < 0)) best = s;
    if (!best) break;
    page.push({ key: best.p.key, order: best.buffer.shift()! });
  }
  const next: Record<string, Position> = { ...positions };
  for (const s of state) {
    const taken = page.filter((entry) => entry.key === s.p.key);
    const last = taken[taken.length - 1];
    if (s.ended && s.buffer.length === 0) next[s.p.key] = null;
    else if (last) next[s.p.key] = [last.order.createdAt, last.order.id];
  }
  const more = partitions.some((p) => next[p.key] !== null);
  return { orders: page.map((entry) => entry.order), cursor: more ? encodeCursor(next) : null };
}

async function orderById(id: string): Promise<OrderItem | null> {
  return (await db().entities.serviceOrder.get({ id }).go()).data;
}

async function searchPartitions(q: string): Promise<Partition[]> {
  const found: OrderItem[] = [];
  if (UUID.test(q)) {
    const order = await orderById(q);
    if (order) found.push(order);
  }
  const reference = searchedReference(q);
  // The bag's open order, also for an order written before references were (orders/references.ts).
  if (reference && BAG_CODE.test(reference)) {
    const orderId = await Bags.holderOf(reference);
    const order = orderId ? await orderById(orderId) : null;
    if (order && !found.some((o) => o.id === order.id)) found.push(order);
  }
  const customerIds = UUID.test(q) ? [] : await findUserIds(q, SEARCH_CUSTOMERS_MAX);
  const skip = new Set(found.map((order) => order.id));
  return [
    ...(found.length ? [fixedPartition("one", found)] : []),
    ...(reference ? [referencePartition(reference, skip)] : []),
    ...customerIds.map(userPartition),
  ];
}

function stagePartitions(stage: OrderStageFilter): Partition[] {
  return stagesOfFilter(stage).flatMap((s) => statusesOfStage(s)).map(statusPartition);
}

const inFilter = (stage: OrderStageFilter | undefined) => (order: OrderItem) => {
  if (!stage) return true;
  const statuses = stagePartitions(stage).map((p) => p.key);
  return statuses.includes(order.status);
};

/** GET /api/admin/orders: staff's queue and admin orders. */
export const adminList = /* @__PURE__ */ fn({ role: "staff", input: AdminOrderListQuery }, async (_actor, input): Promise<AdminOrderPage> => {
  if (input.customerId) {
    if (input.q) throw invalid(CUSTOMER_ID_WITH_Q);
    // One customer's orders, the stage kept as with a search (a page may then hold fewer than `limit`).
    const page = await mergedPage([userPartition(input.customerId)], input.cursor, input.limit);
    return { items: page.orders.filter(inFilter(input.stage)).map((order) => view(order, { staff: true })), cursor: page.cursor };
  }
  if (input.q) {
    const partitions = await searchPartitions(input.q);
    if (partitions.length === 0) {
      if (input.cursor) throw invalid(INVALID_CURSOR);
      return { items: [], cursor: null };
    }
    // A stage with a search keeps the page's orders of that stage (a page may then hold fewer than `limit`).
    const keep = inFilter(input.stage);
    const page = await mergedPage(partitions, input.cursor, input.limit);
    return { items: page.orders.filter(keep).map((order) => view(order, { staff: true })), cursor: page.cursor };
  }
  const partitions = input.stage ? stagePartitions(input.stage) : [allPartition];
  const page = await mergedPage(partitions, input.cursor, input.limit);
  return { items: page.orders.map((order) => view(order, { staff: true })), cursor: page.cursor };
});
