import * as Bags from "@regrip/core/bags";
import { api } from "../../http/handler";

/** GET /api/admin/bags?cursor=&limit=: {items: BagView[], cursor}, by code. Staff. */
export const handler = api({ query: Bags.list.schema }, async (req) => Bags.list(req.user(), req.query));
