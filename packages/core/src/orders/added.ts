/**
 * A paid order's added orders (shared/order-balance.ts), as it lists them: one BatchGet of the ids it holds, each with
 * what is still to pay on it. Read by the order's page (queries.ts `get`) and by its pickup and cancel, which wait on
 * those balances (move-order.ts).
 */
import { db } from "../db";
import { orderReference, type AddedOrderSummary } from "../shared/orders";
import { balanceCents } from "../shared/payment";
import { stageOfStatus } from "../shared/lifecycle";
import type { OrderItem } from "./view";

export async function addedOrders(order: Pick<OrderItem, "addedOrderIds">): Promise<AddedOrderSummary[]> {
  const ids = order.addedOrderIds ?? [];
  if (!ids.length) return [];
  const { data } = await db()
    .entities.serviceOrder.get(ids.map((id) => ({ id })))
    .go({ consistent: true, attributes: ["id", "number", "totalCents", "paymentStatus", "status"] });
  const byId = new Map(data.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const added = byId.get(id);
    if (!added) return [];
    const canceled = stageOfStatus[added.status] === "canceled";
    return [
      {
        id,
        reference: orderReference(added),
        totalCents: added.totalCents,
        paymentStatus: added.paymentStatus,
        status: added.status,
        dueCents: canceled ? 0 : balanceCents(added),
      },
    ];
  });
}
