import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/**
 * POST /api/orders/{id}/payments {method: "POS_CASH" | "POS_CARD", amountCents} | {method: "COMP", reason}: staff
 * record money taken at the counter for the order's balance (an admin comps it with a reason); the order as staff
 * see it. 409 {message} when nothing is owed (already paid, canceled), 400 when the amount is not the balance.
 */
export const handler = api({ body: Orders.takePayment.schema.shape.payment }, async (req) =>
  Orders.takePayment(req.user(), { id: req.params.id, payment: req.body() }),
);
