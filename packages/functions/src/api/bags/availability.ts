import { availability } from "@regrip/core/bags/availability";
import { api } from "../../http/handler";

/** GET /api/bags/{key}/availability: may a booking name bag `key` now → {code, available, message}; 400 for a malformed number. Customer. */
export const handler = api({ params: availability.schema }, async (req) => availability(req.user(), req.params));
