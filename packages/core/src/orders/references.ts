/**
 * What staff search an order by: its number (shared/orders.ts `orderReference`, "R-1042"), its bag number, or the
 * last 6 characters of its id, upper-cased: `GET /api/admin/orders?q=R-1042`, `?q=107` or `?q=64CCF8`.
 *
 * Each order is written with an `orderReference` item per reference it can be found by (its number, the id's last
 * 6, and the bag number when it has one; and `event:<id>` for an order booked on an onsite day or a delivery run, which an
 * admin's cancel of the event reads), in its own transaction (orders/create.ts). A search is then one Query on
 * `orderref#<reference>`, newest first, and one BatchGet of the page's orders: the work follows the matches, not
 * the shop (no scan of the orders to compare id endings).
 */
import { db } from "../db";
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import { BAG_CODE_PATTERN } from "../shared/bags";
import { orderNumberOf, orderNumberText } from "../shared/orders";
import type { OrderItem } from "./view";

/** How many characters of the id end a reference (shared/orders.ts `orderReference`). */
const ID_REFERENCE_LENGTH = 6;
const ID_REFERENCE_PATTERN = /^[0-9A-Z]{6}$/;

/**
 * The reference of the orders booked on an onsite day or a delivery run (`scheduleEventId`): what an admin's
 * cancel of the event finds them by (schedule/cancel.ts). Never a search text's (`searchedReference` answers only
 * 3 or 6 letters and digits), so staff never find an order by it.
 */
export const eventReference = (scheduleEventId: string): string => `event:${scheduleEventId}`;

/**
 * The references `order` is found by: its number ("R-1042") when it has one, its id's last 6 characters, its bag code
 * when it has one, its event when booked on one.
 */
export function referencesOf(order: Pick<OrderItem, "id" | "bagCode"> & { number?: number; scheduleEventId?: string | null }): string[] {
  const refs = [...(order.number !== undefined ? [orderNumberText(order.number)] : []), order.id.slice(-ID_REFERENCE_LENGTH).toUpperCase()];
  const bag = order.bagCode?.trim().toUpperCase();
  if (bag && BAG_CODE_PATTERN.test(bag) && !refs.includes(bag)) refs.push(bag);
  if (order.scheduleEventId) refs.push(eventReference(order.scheduleEventId));
  return refs;
}

/** The writes of a new order's reference items (label `reference:<ref>`), for its own transaction. */
export function written(
  { orderReference }: TransactionEntities,
  order: Pick<OrderItem, "id" | "bagCode" | "createdAt"> & { number?: number; scheduleEventId?: string | null },
): LabelledWrite[] {
  return referencesOf(order).map((reference) => referenceWrite({ orderReference }, order, reference));
}

/** The write of one reference item of `order` (label `reference:<ref>`). */
export function referenceWrite({ orderReference }: Pick<TransactionEntities, "orderReference">, order: Pick<OrderItem, "id" | "createdAt">, reference: string): LabelledWrite {
  return { label: `reference:${reference}`, write: orderReference.put({ reference, createdAt: order.createdAt, orderId: order.id }).commit() };
}

/**
 * The reference a search text names, or null: an order number ("R-1042", "r-1042", or 4 or 5 digits alone:
 * shared/orders.ts `orderNumberOf`), a bag code (3 letters or digits) or an id's end (6), case insensitive, a
 * leading `#` ignored ("#R-1042" as a text or a receipt shows it).
 */
export function searchedReference(q: string): string | null {
  const number = orderNumberOf(q);
  if (number !== null) return orderNumberText(number);
  const text = q.trim().replace(/^#/, "").toUpperCase();
  return BAG_CODE_PATTERN.test(text) || ID_REFERENCE_PATTERN.test(text) ? text : null;
}

/**
 * `npm run recount`'s repair: writes the reference items of every order (orders written before references were,
 * or by a script that wrote orders alone), page by page over the all-orders index. Puts are idempotent, so it
 * may run again; it reads the whole table, so run it when the shop is quiet. Answers how many orders it went over.
 */
export async function backfill(): Promise<number> {
  let cursor: string | null = null;
  let orders = 0;
  do {
    const page: { data: Pick<OrderItem, "id" | "number" | "bagCode" | "bagNumber" | "createdAt" | "scheduleEventId">[]; cursor: string | null } = await db()
      .entities.serviceOrder.query.allOrders({})
      .go({ cursor, limit: 500, pages: 1, attributes: ["id", "number", "bagCode", "bagNumber", "createdAt", "scheduleEventId"] });
    const items = page.data.flatMap((order) =>
      referencesOf({ id: order.id, number: order.number, bagCode: order.bagCode ?? order.bagNumber, scheduleEventId: order.scheduleEventId }).map((reference) => ({ reference, createdAt: order.createdAt, orderId: order.id })),
    );
    if (items.length) await db().entities.orderReference.put(items).go({ concurrency: 4 });
    orders += page.data.length;
    cursor = page.cursor;
  } while (cursor);
  return orders;
}
