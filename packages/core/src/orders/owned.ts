/**
 * The order a caller names, when they may see it: the read and the ownership check every function on one order
 * makes first (orders/queries.ts, move-order.ts, notes.ts, payments/checkout.ts). Not a domain function of its
 * own: its callers are, and each asserts its role before it reads.
 */
import { isStaff, type Actor, type UserActor } from "../actor";
import { db } from "../db";
import { notFound } from "../errors";
import { ORDER_NOT_FOUND } from "../shared/orders";
import type { OrderItem } from "./view";

/** The stored order when `actor` may see it (its owner, staff, the system); 404 `Order not found` otherwise. */
export async function find(actor: Actor, id: string): Promise<OrderItem> {
  const { data: order } = id ? await db().entities.serviceOrder.get({ id }).go() : { data: null };
  if (!order || (!isStaff(actor) && order.userId !== (actor as UserActor).userId)) throw notFound(ORDER_NOT_FOUND);
  return order;
}
