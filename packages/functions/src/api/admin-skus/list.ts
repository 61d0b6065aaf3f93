import * as Products from "@regrip/core/products";
import { api } from "../../http/handler";

/** GET /api/admin/skus: every product (hidden and quick-sale ones too) in display order, stockQuantity null = unlimited. Admin. */
export const handler = api(async (req) => Products.list(req.user()));
