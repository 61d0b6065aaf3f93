import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/**
 * POST /api/orders/{id}/status {status, note?, refund?}: one lifecycle move by
 * the order's owner or staff; the moved order. 409 {message} when the move is
 * not allowed or the order changed meanwhile. Ownership is checked before the
 * body, so another customer's order is a 404 whatever they send.
 */
export const handler = api({ body: Orders.StatusChange }, async (req) => {
  const actor = req.user();
  const order = await Orders.find(actor, req.params.id ?? "");
  const input = req.body();
  return (await Orders.changeStatus(actor, order, input)).order;
});
