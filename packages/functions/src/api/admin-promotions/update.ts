import * as Promotions from "@regrip/core/promotions";
import { api } from "../../http/handler";

/** PATCH /api/admin/promotions/{id} {code?, percentage?, amountCents?, isActive?}: PromotionAdminView. Audit `promotion.updated`. Admin. */
export const handler = api({ body: Promotions.update.schema.shape.patch }, async (req) =>
  Promotions.update(req.user(), { id: req.params.id, patch: req.body() }),
);
