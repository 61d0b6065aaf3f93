import * as Storefront from "@regrip/core/storefront";
import { api } from "../../http/handler";

/** GET /api/storefront/products (staff): `{ groups }` in the storefront's category order; never cached (json() sends no-store). */
export const handler = api(async (req) => Storefront.products(req.user()));
