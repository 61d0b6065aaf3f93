import { openDrawer } from "@regrip/core/drawers";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/**
 * POST /api/drawers {location, startingCashCents} (staff): opens the shop's cash drawer with its float; 201 the
 * session. 409 {message, code: "DRAWER_OPEN", sessionId} when one is open there already.
 */
export const handler = api({ body: openDrawer.schema }, async (req) => json(await openDrawer(req.user(), req.body()), 201));
