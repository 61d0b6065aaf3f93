import * as Products from "@regrip/core/products";
import { api } from "../../http/handler";

/** PATCH /api/admin/skus/{id}: any product fields (the price alone too); 404, 409 a code in use or a counted stock sent as a number. Admin; audit `sku.updated`. */
export const handler = api({ body: Products.update.schema.shape.patch }, async (req) =>
  Products.update(req.user(), { id: req.params.id, patch: req.body() }),
);
