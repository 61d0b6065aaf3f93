// Its own entry, not the Orders namespace: every other order route would carry the sale (test/infra/bundling.test.ts).
import { addToPaid } from "@regrip/core/storefront/added";
import { api } from "../../http/handler";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/orders/{id}/added {add: [{skuId, quantity?, options?}], payment?: "counter" | "link", phoneConfirmed?}:
 * staff add products to a paid order as a new balance to pay, an order of its own linked to it (shared/order-balance.ts).
 * 201 `{ orderId, reference, checkoutUrl, smsStatus, order }`; a repeat Idempotency-Key answers the same order. 409
 * {message} when the order is unpaid, refunded, picked up, canceled or itself added, changed meanwhile, or a product
 * ran out; 400 for a product not on sale or a bad quantity; 428 for a link to a number nobody confirmed.
 */
export const handler = api({ body: addToPaid.schema.shape.form }, async (req) => {
  const answer = await addToPaid(req.user(), { id: req.params.id, form: req.body(), idempotencyKey: req.header("idempotency-key"), siteUrl: siteOrigin() });
  return json(answer, 201);
});
