import * as Promotions from "@regrip/core/promotions";
import { api } from "../../http/handler";

/** PATCH /api/admin/promotions/{id} {code?, percentage?, amountCents?, isActive?}: PromotionAdminView. Audit `promotion.updated`. Admin. */
export const handler = api({ body: Promotions.PromotionPatch }, async (req) =>
  Promotions.update(req.user(), req.params.id, req.body()),
);
