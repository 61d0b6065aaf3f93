/**
 * `npm run recount`'s repair for one open order per paddle (./open-order.ts): writes the `paddleOpenOrder` claim of
 * every open order that names a paddle and has none (orders made before the claims existed, or by a script that
 * wrote orders alone). One Query per open status; a claim already there is left as it is (when it is another
 * order's, both were open before the rule: counted, and the later order's paddle frees when the first closes).
 */
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { uniqueKey } from "../entities";
import { ORDER_STATUSES, stageOfStatus } from "../shared/lifecycle";

export async function backfill(): Promise<{ written: number; heldByAnother: number }> {
  let written = 0;
  let heldByAnother = 0;
  const open = ORDER_STATUSES.filter((status) => stageOfStatus[status] !== "picked_up" && stageOfStatus[status] !== "canceled");
  for (const status of open) {
    let cursor: string | null = null;
    do {
      const page: { data: { id: string; paddleId?: string }[]; cursor: string | null } = await db()
        .entities.serviceOrder.query.byStatus({ status })
        .go({ cursor, limit: 500, pages: 1, attributes: ["id", "paddleId"] });
      for (const order of page.data) {
        if (!order.paddleId) continue;
        try {
          await db().entities.uniqueValue.create({ ...(uniqueKey("paddleOpenOrder", order.paddleId) as { kind: "paddleOpenOrder"; value: string }), ownerId: order.id }).go();
          written++;
        } catch (error) {
          if (!isConditionFailed(error)) throw error;
          const { data } = await db().entities.uniqueValue.get(uniqueKey("paddleOpenOrder", order.paddleId) as { kind: "paddleOpenOrder"; value: string }).go();
          if (data && data.ownerId !== order.id) heldByAnother++;
        }
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return { written, heldByAnother };
}
