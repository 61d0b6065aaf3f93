import * as Products from "@regrip/core/products";
import { api } from "../../http/handler";

/** PATCH /api/admin/skus/{id}/visibility {isVisible}: the product after; 400 showing a quick-sale item. Admin; audit `sku.visibility_changed`. */
export const handler = api({ body: Products.SetVisibility }, async (req) => Products.setVisibility(req.user(), req.params.id, req.body()));
