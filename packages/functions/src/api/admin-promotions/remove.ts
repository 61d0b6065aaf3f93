import * as Promotions from "@regrip/core/promotions";
import { api } from "../../http/handler";
import { noContent } from "../../http/reply";

/** DELETE /api/admin/promotions/{id}: 204; the code stops applying and is free again. Audit `promotion.deleted`. Admin. */
export const handler = api(async (req) => {
  await Promotions.remove(req.user(), { id: req.params.id });
  return noContent();
});
