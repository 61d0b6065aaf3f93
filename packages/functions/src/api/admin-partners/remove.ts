import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";
import { noContent } from "../../http/reply";

/** DELETE /api/admin/partners/{id}: 204; 409 while active events from today on name the partner. Audit `partner.deleted`. Admin. */
export const handler = api({ params: Schedule.removePartner.schema }, async (req) => {
  await Schedule.removePartner(req.user(), req.params);
  return noContent();
});
