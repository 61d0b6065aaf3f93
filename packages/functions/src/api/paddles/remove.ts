import * as Paddles from "@regrip/core/paddles";
import { api } from "../../http/handler";
import { noContent } from "../../http/reply";

/** DELETE /api/paddles/{id}: 204; the caller's own paddle only (staff too). */
export const handler = api(async (req) => {
  await Paddles.remove(req.user(), { id: req.params.id });
  return noContent();
});
