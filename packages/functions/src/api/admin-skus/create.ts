import * as Products from "@regrip/core/products";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/** POST /api/admin/skus: 201 the product; 400 the spec's messages, 409 a code in use. Admin; audit `sku.created`. */
export const handler = api({ body: Products.create.schema }, async (req) => json(await Products.create(req.user(), req.body()), 201));
