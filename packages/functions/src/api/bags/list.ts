import * as Bags from "@regrip/core/bags";
import { api } from "../../http/handler";

/** GET /api/admin/bags?cursor=&limit=: {items: BagView[], cursor}, by code. Staff. */
export const handler = api({ query: Bags.BagListQuery }, async (req) => Bags.list(req.query));
