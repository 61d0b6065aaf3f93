import * as Storefront from "@regrip/core/storefront";
import { api } from "../../http/handler";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/** POST /api/storefront/invoice (staff): 201 `{ orderId, checkoutUrl, smsStatus, order }`; a repeat Idempotency-Key answers the same order. */
export const handler = api({ body: Storefront.invoice.schema.shape.form }, async (req) => {
  const form = req.body();
  const answer = await Storefront.invoice(req.user(), { form, idempotencyKey: req.header("idempotency-key"), siteUrl: siteOrigin() });
  return json(answer, 201);
});
