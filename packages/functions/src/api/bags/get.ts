import { lookup } from "@regrip/core/bags/lookup";
import { api } from "../../http/handler";

/** GET /api/bags/{key}: a QR slug or a 3-character code; {bag, order}, the open order in the bag now. 404 `Bag not found`. Staff. */
export const handler = api({ params: lookup.schema }, async (req) => lookup(req.user(), req.params));
