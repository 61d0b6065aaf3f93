// The refund writer alone, not the payments namespace: the webhook's code stays out of this Lambda (npm run bench:lambda).
import { refundOrder } from "@regrip/core/payments/refunds";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/**
 * POST /api/orders/{id}/refunds {lines?: [{lineId, quantity}], amountCents?, reason, terminalReference?} (staff):
 * gives back part or all of the order's payment; 201 {refund, order}. 403 for an employee on a payment of an
 * earlier shop day, 400 without a reason, with both or neither of lines and amount, or without the terminal's
 * reference for a counter card payment; 409 for more than is left. The same Idempotency-Key answers the same refund.
 */
export const handler = api({ body: refundOrder.schema.shape.refund }, async (req) =>
  json(await refundOrder(req.user(), { id: req.params.id, refund: req.body(), idempotencyKey: req.header("idempotency-key") || undefined }), 201),
);
