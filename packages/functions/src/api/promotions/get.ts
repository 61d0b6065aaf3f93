import * as Promotions from "@regrip/core/promotions";
import { api } from "../../http/handler";

/** GET /api/promotions/{code}: {code, percentage, amountCents}, or 404 {message}. */
export const handler = api({ params: Promotions.get.schema }, async (req) => Promotions.get(req.actor, req.params));
