/**
 * Reading orders: a customer reads their own, staff read all. Every list is
 * one Query on a key, newest first, a page at a time (docs/data-model.md C12,
 * C13, S1).
 */
import { createConversions } from "electrodb";
import * as z from "zod";
import { isStaff, type UserActor } from "../actor";
import { db } from "../db";
import { invalid, notFound } from "../errors";
import { view, type OrderItem, type OrderView } from "./view";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/** `?limit=&cursor=` as the query string carries them. */
export const OrderListQuery = z.object({
  limit: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === "") return DEFAULT_PAGE_SIZE;
      const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
      if (!(n >= 1 && n <= MAX_PAGE_SIZE)) {
        ctx.addIssue({ code: "custom", message: LIMIT_MESSAGE });
        return z.NEVER;
      }
      return n;
    }),
  cursor: z
    .string()
    .optional()
    .transform((raw) => (raw ? raw : undefined)),
});
export type OrderListQueryInput = z.output<typeof OrderListQuery>;

export interface OrderPage {
  orders: OrderView[];
  /** Hand back as `?cursor=` for the next page; null on the last page. */
  cursor: string | null;
}

/**
 * ElectroDB's cursor is the page's last key, base64url JSON. It is opaque to
 * clients, but checked here before it reaches DynamoDB: it must be a key of
 * the very partition being listed, so a cursor can never widen a query.
 */
function checkCursor(cursor: string | undefined, expected: Record<string, string>, sortField: string): void {
  if (cursor === undefined) return;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid("Invalid cursor");
  }
  const fields = ["pk", "sk", ...Object.keys(expected), sortField];
  const ok =
    typeof key === "object" &&
    key !== null &&
    !Array.isArray(key) &&
    Object.keys(key).length === fields.length &&
    fields.every((field) => typeof (key as Record<string, unknown>)[field] === "string") &&
    Object.entries(expected).every(([field, value]) => (key as Record<string, unknown>)[field] === value) &&
    (key as Record<string, string>).sk === "order" &&
    (key as Record<string, string>).pk.startsWith("order#");
  if (!ok) throw invalid("Invalid cursor");
}

/**
 * GET /api/orders: a customer's own orders, or every order for staff; newest
 * first. One item more than the page is read, so the last page says so
 * (`cursor: null`) instead of leading to an empty one.
 */
export async function list(actor: UserActor, query: OrderListQueryInput): Promise<OrderPage> {
  const staff = isStaff(actor);
  const options = { order: "desc" as const, limit: query.limit + 1, cursor: query.cursor };
  let items: OrderItem[];
  if (staff) {
    checkCursor(query.cursor, { gsi3pk: "orders" }, "gsi3sk");
    items = (await db().entities.serviceOrder.query.allOrders({}).go(options)).data;
  } else {
    checkCursor(query.cursor, { gsi1pk: `user#${actor.userId}` }, "gsi1sk");
    items = (await db().entities.serviceOrder.query.byUser({ userId: actor.userId }).go(options)).data;
  }
  const orders = items.slice(0, query.limit);
  const last = orders[orders.length - 1];
  let cursor: string | null = null;
  if (items.length > query.limit && last) {
    const composite = { id: last.id, userId: last.userId, createdAt: last.createdAt };
    const conversions = createConversions(db().entities.serviceOrder);
    cursor = staff
      ? conversions.byAccessPattern.allOrders.fromComposite.toCursor(composite)
      : conversions.byAccessPattern.byUser.fromComposite.toCursor(composite);
  }
  return { orders: orders.map((order) => view(order, { staff })), cursor };
}

/**
 * One order, as its owner or staff may see it. Anyone else gets the very
 * answer a missing id gets, so an id reveals nothing.
 */
export async function get(actor: UserActor, id: string): Promise<OrderView> {
  const order = await find(actor, id);
  return view(order, { staff: isStaff(actor) });
}

/** The stored order when `actor` may see it; 404 `Order not found` otherwise. */
export async function find(actor: UserActor, id: string): Promise<OrderItem> {
  const { data: order } = id ? await db().entities.serviceOrder.get({ id }).go() : { data: null };
  if (!order || (order.userId !== actor.userId && !isStaff(actor))) throw notFound("Order not found");
  return order;
}
