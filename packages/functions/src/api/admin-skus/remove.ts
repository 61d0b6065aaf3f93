import * as Products from "@regrip/core/products";
import { api } from "../../http/handler";

/** DELETE /api/admin/skus/{id}: {id, deleted: true}; 404, 409 for a quick-sale product. Orders keep their line items. Admin; audit `sku.deleted`. */
export const handler = api(async (req) => Products.remove(req.user(), { id: req.params.id }));
