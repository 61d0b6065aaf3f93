import * as Products from "@regrip/core/products";
import { api } from "../../http/handler";

/** PATCH /api/admin/skus/{id}/visibility {isVisible}: the product after; 400 showing a quick-sale product. Admin; audit `sku.visibility_changed`. */
export const handler = api({ body: Products.setVisibility.schema.shape.visibility }, async (req) =>
  Products.setVisibility(req.user(), { id: req.params.id, visibility: req.body() }),
);
