/**
 * An order as its pages read it: the view (./view.ts) with what more its page shows, read beside it. A ready order in
 * a bag carries the bag's QR slug (the pickup details show the bag's scanner code for the counter to scan: two more
 * gets, for ready orders only); a Ready or Picked Up order its paid tip (one Query of the order's tips), so the order
 * page shows it and offers no second one; a paid order with added orders carries them, each with what is left to pay
 * on it (./added.ts, one BatchGet); the history names people by their first names (one BatchGet).
 *
 * The order's own GET answers it, and so does every change the pages write back into their cache (a move, a refund,
 * a reschedule, an edit of lines): the page after a change reads as it does when loaded.
 */
import { isStaff, type Actor } from "../actor";
import { db } from "../db";
import { uniqueKey } from "../entities/uniqueValue";
import { stageOfStatus } from "../shared/lifecycle";
import { isTippable } from "../shared/tips";
import { paidTipOf } from "../tips/view";
import { addedOrders } from "./added";
import { view, type OrderItem, type OrderView } from "./view";

/** `order` as `actor` reads it on its page. */
export async function fullView(actor: Actor, order: OrderItem): Promise<OrderView> {
  const out = view(order, { staff: isStaff(actor) });
  const [slug, tip, names, added] = await Promise.all([
    stageOfStatus[order.status] === "ready" && order.bagCode ? qrSlugOf(order.bagCode) : undefined,
    isTippable(order.status) ? paidTipOf(order.id, { staff: isStaff(actor) }) : undefined,
    historyFirstNames(order),
    order.addedOrderIds?.length ? addedOrders(order) : undefined,
  ]);
  if (added) out.added = added;
  out.statusHistory = out.statusHistory.map((entry) => (entry.actorId && names.has(entry.actorId) ? { ...entry, actorName: names.get(entry.actorId)! } : entry));
  if (slug !== undefined) out.bagQrSlug = slug;
  if (tip !== undefined) out.tip = tip;
  return out;
}

/**
 * The first names of the people in an order's history, as their profiles say now: one BatchGet of their user items
 * (an order's history names a few people). The history names each person by their first name: an entry written
 * with a username (the counter's sales did, before users/ `firstNameOf`) or an old first name reads as it is now;
 * a person whose user item is gone keeps the name written with the entry.
 */
async function historyFirstNames(order: OrderItem): Promise<Map<string, string>> {
  const ids = [...new Set((order.statusHistory ?? []).flatMap((entry) => (entry.actorId ? [entry.actorId] : [])))];
  if (ids.length === 0) return new Map();
  const { data } = await db().entities.user.get(ids.map((userId) => ({ userId }))).go({ attributes: ["userId", "firstName"] });
  return new Map(data.filter((user) => user.firstName?.trim()).map((user) => [user.userId, user.firstName!.trim()]));
}

/** The QR slug of the active bag with code `code`, or null: its `bagCode` reservation, then the bag. */
async function qrSlugOf(code: string): Promise<string | null> {
  const { data: reservation } = await db().entities.uniqueValue.get(uniqueKey("bagCode", code)).go();
  if (!reservation) return null;
  const { data: bag } = await db().entities.bag.get({ id: reservation.ownerId }).go();
  return bag?.isActive && bag.code3 === code ? bag.qrSlug : null;
}
