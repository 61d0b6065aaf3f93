import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/** GET /api/orders?limit=&cursor=: the caller's own orders (staff too: My Grips is one's own), newest first. */
export const handler = api({ query: Orders.list.schema }, async (req) => Orders.list(req.user(), req.query));
