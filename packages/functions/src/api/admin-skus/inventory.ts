import * as Products from "@regrip/core/products";
import { api } from "../../http/handler";

/** PATCH /api/admin/skus/{id}/inventory {quantityChange}: the product after; 409 below zero or unlimited stock. Admin; audit `sku.stock_adjusted`. */
export const handler = api({ body: Products.adjustStock.schema.shape.adjustment }, async (req) =>
  Products.adjustStock(req.user(), { id: req.params.id, adjustment: req.body() }),
);
