import { admit, status } from "@regrip/core/bags/status";
import { api } from "../../http/handler";
import { requestOrigin } from "../../http/origin";

/** GET /api/public/bags/{slug}: the bag's code, its open order's stage, place and pickup day; 404 or 429 {message}. Anyone. */
export const handler = api({ params: status.schema }, async (req) => {
  await admit(requestOrigin(req.event).ip);
  return status(req.actor, req.params);
});
