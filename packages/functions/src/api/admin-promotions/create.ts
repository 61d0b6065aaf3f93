import * as Promotions from "@regrip/core/promotions";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/** POST /api/admin/promotions {code, percentage?, amountCents?, isActive?}: 201 PromotionAdminView; 409 when the code is taken. Audit `promotion.created`. Admin. */
export const handler = api({ body: Promotions.create.schema }, async (req) => json(await Promotions.create(req.user(), req.body()), 201));
