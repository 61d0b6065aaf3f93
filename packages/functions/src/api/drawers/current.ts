import { currentDrawer } from "@regrip/core/drawers";
import { api } from "../../http/handler";

/** GET /api/drawers/current?location= (staff): {location, session | null, defaultFloatCents}. */
export const handler = api({ query: currentDrawer.schema }, async (req) => currentDrawer(req.user(), req.query));
