import * as Promotions from "@regrip/core/promotions";
import { api } from "../../http/handler";

/** GET /api/admin/promotions?cursor=&limit=: {items: PromotionAdminView[], cursor}, newest first. Admin. */
export const handler = api({ query: Promotions.list.schema }, async (req) => Promotions.list(req.user(), req.query));
