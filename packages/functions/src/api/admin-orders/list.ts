import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/** GET /api/admin/orders?stage=&q=&cursor=&limit=: staff; newest first, every read a Query on a key. */
export const handler = api({ query: Orders.adminList.schema }, async (req) => Orders.adminList(req.user(), req.query));
