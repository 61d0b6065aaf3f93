import * as Promotions from "@regrip/core/promotions";
import { boundedParam, INVALID_PROMO_CODE } from "@regrip/core/shared/ids";
import * as z from "zod/mini";
import { api } from "../../http/handler";

/** GET /api/promotions/{code}: {code, percentage, amountCents}, or 404 {message}. */
export const handler = api({ params: z.object({ code: boundedParam(INVALID_PROMO_CODE) }) }, async (req) =>
  Promotions.view(await Promotions.byCode(req.params.code)),
);
