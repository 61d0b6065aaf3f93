import { Loyalty } from "@regrip/core/loyalty";
import { api } from "../../http/handler";

/**
 * POST /api/admin/loyalty/{userId}/adjust {points, reason} → {balance}: any customer, member or not. Admin; 404
 * unknown customer; audit `loyalty.adjusted`; a repeated Idempotency-Key changes nothing.
 */
export const handler = api({ body: Loyalty.adjust.schema.shape.adjustment }, async (req) =>
  Loyalty.adjust(req.user(), { userId: req.params.userId, adjustment: req.body(), idempotencyKey: req.header("idempotency-key") }),
);
