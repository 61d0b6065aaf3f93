import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/**
 * POST /api/orders/{id}/status {status, note?, refund?}: one lifecycle move by
 * the order's owner or staff; the moved order. 409 {message} when the move is
 * not allowed or the order changed meanwhile. `Orders.moveOrder` reads the
 * order and checks the caller before it parses the move with its own
 * `MoveRequest`, so another customer's order is a 404 whatever they send.
 */
export const handler = api({ body: Orders.moveOrder.schema.shape.change }, async (req) =>
  (await Orders.moveOrder(req.user(), { id: req.params.id, change: req.body() })).order,
);
