/**
 * Reading orders: everyone lists their own (staff read all orders through
 * admin-list.ts). Every list is one Query on a key, newest first, a page at a
 * time (docs/data-model.md C12, C13).
 */
import { createConversions } from "../entities/electrodb";
import * as z from "zod/mini";
import { isStaff, type UserActor } from "../actor";
import { ById, fn } from "../actor/fn";
import { db } from "../db";
import { invalid } from "../errors";
import { INVALID_CURSOR, pageQuery } from "../paging";
import { ISO_TIME } from "../shared/dates";
import { Id } from "../shared/ids";
import { find } from "./owned";
import { fullView } from "./full-view";
import { view, type OrderItem, type OrderView } from "./view";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** Ours are about 250 characters: three keys of an id, a user id and a time. */
const MAX_CURSOR_LENGTH = 1024;

/** `?limit=&cursor=` as the query string carries them. */
export const OrderListQuery = pageQuery({ fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE, maxCursorLength: MAX_CURSOR_LENGTH });
export type OrderListQueryInput = z.output<typeof OrderListQuery>;

export interface OrderPage {
  orders: OrderView[];
  /** Hand back as `?cursor=` for the next page; null on the last page. */
  cursor: string | null;
}

type ListPattern = "byUser" | "allOrders";

/**
 * ElectroDB's cursor is the page's last key, base64url JSON. It is opaque to
 * clients, but checked here before it reaches DynamoDB: it must be exactly a
 * cursor this API issues for this caller's list. Its keys are read back into
 * the order's id, owner and time, each checked (the id rule, the caller's own
 * user id, an ISO time), and encoded again: anything but the very same string
 * (another partition, an extra or oversized key, another encoding) is a 400,
 * so a cursor can neither widen a query nor make DynamoDB fail.
 */
function checkCursor(cursor: string | undefined, pattern: ListPattern, actor: UserActor): void {
  if (cursor === undefined) return;
  const conversions = createConversions(db().entities.serviceOrder).byAccessPattern[pattern];
  const Composite = z.strictObject({
    id: Id,
    createdAt: z.string().check(z.regex(ISO_TIME)),
    ...(pattern === "byUser" ? { userId: z.literal(actor.userId) } : {}),
  });
  let reissued: string | undefined;
  try {
    const composite = Composite.safeParse(conversions.fromCursor.toComposite(cursor));
    // Both patterns' composites are {id, createdAt} (+ userId), checked just above.
    if (composite.success) reissued = (conversions.fromComposite.toCursor as (keys: object) => string)(composite.data);
  } catch {
    // not a cursor at all: refused below
  }
  if (reissued !== cursor) throw invalid(INVALID_CURSOR);
}

/**
 * GET /api/orders: the caller's own orders, newest first, for everyone,
 * staff included (My Grips is one's own; the queue and admin orders read
 * GET /api/admin/orders). One item more than the page is read, so the last
 * page says so (`cursor: null`) instead of leading to an empty one.
 */
export const list = /* @__PURE__ */ fn({ role: "customer", input: OrderListQuery }, async (actor, query): Promise<OrderPage> => {
  const options = { order: "desc" as const, limit: query.limit + 1, cursor: query.cursor };
  checkCursor(query.cursor, "byUser", actor);
  const items: OrderItem[] = (await db().entities.serviceOrder.query.byUser({ userId: actor.userId }).go(options)).data;
  const orders = items.slice(0, query.limit);
  const last = orders[orders.length - 1];
  let cursor: string | null = null;
  if (items.length > query.limit && last) {
    const composite = { id: last.id, userId: last.userId, createdAt: last.createdAt };
    cursor = createConversions(db().entities.serviceOrder).byAccessPattern.byUser.fromComposite.toCursor(composite);
  }
  return { orders: orders.map((order) => view(order, { staff: isStaff(actor) })), cursor };
});

/** One order, as its owner or staff may see it (./full-view.ts). Anyone else gets the very answer a missing id gets, so an id reveals nothing. */
export const get = /* @__PURE__ */ fn({ role: "customer", input: ById }, async (actor, { id }): Promise<OrderView> => fullView(actor, await find(actor, id)));
