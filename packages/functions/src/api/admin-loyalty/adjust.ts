import { Loyalty } from "@regrip/core/loyalty";
import { api } from "../../http/handler";

/** POST /api/admin/loyalty/{userId}/adjust {points, reason} → {balance}. Admin; 404 unknown customer; audit `loyalty.adjusted`. */
export const handler = api({ body: Loyalty.adjust.schema.shape.adjustment }, async (req) =>
  Loyalty.adjust(req.user(), { userId: req.params.userId, adjustment: req.body() }),
);
