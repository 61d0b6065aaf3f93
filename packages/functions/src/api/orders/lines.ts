// Its own entry, not the Orders namespace: every other order route would carry the edit (test/infra/bundling.test.ts).
import { editLines } from "@regrip/core/orders/edit-lines";
import { api } from "../../http/handler";

/**
 * PATCH /api/orders/{id}/lines {add?: [{skuId, quantity?, options?: {weightAreas?}}], remove?: [lineId], version?}: staff
 * add or remove an order's lines before it is paid and before service starts; the order as staff see it, its bill
 * priced again by the server. 409 {message} when it is paid, comped, canceled or in service, changed since `version`,
 * or a product ran out; 400 for a product not on sale, an unknown line or a bad quantity.
 */
export const handler = api({ body: editLines.schema.shape.edit }, async (req) =>
  editLines(req.user(), { id: req.params.id, edit: req.body() }),
);
