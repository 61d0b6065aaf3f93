import { Promotions } from "@regrip/core/promotions";
import { api } from "../http/handler";

/** GET /api/promotions/{code}: {code, percentage, amountCents}, or 404 {message}. */
export const get = api(async (req) => Promotions.view(await Promotions.byCode(req.params.code ?? "")));
