/**
 * What the customer pays when they collect the paddle: the order's own balance (its bill) and what the shop added
 * after payment that still owes (orders/added.ts, one BatchGet, for an order that has any). The ready text says it.
 */
import { addedOrders } from "../orders/added";
import type { OrderItem } from "../orders/view";
import { billOf } from "../shared/bill";

export async function dueAtPickup(order: OrderItem): Promise<number> {
  const own = billOf(order).balanceCents;
  if (!order.addedOrderIds?.length) return own;
  return (await addedOrders(order)).reduce((sum, each) => sum + each.dueCents, own);
}
