/**
 * An order's paid tip as the order's view carries it (GET /api/orders/{id}). Its own module, without the payment
 * provider, so the order's read loads only the table.
 */
import { db } from "../db";
import type { TipView } from "../shared/tips";

/**
 * The order's paid tip as its view carries it, or null: one Query of the order's tips. Staff also read whom it
 * went to (null when nobody on staff moved the order to Ready).
 */
export async function paidTipOf(orderId: string, viewer: { staff: boolean }): Promise<TipView | null> {
  const { data } = await db().entities.tip.query.byOrder({ orderId }).go({ pages: "all" });
  const paid = data.find((t) => t.status === "paid" && t.paidAt);
  if (!paid) return null;
  return { amountCents: paid.amountCents, paidAt: paid.paidAt!, ...(viewer.staff ? { staffName: paid.staffName ?? null } : {}) };
}
