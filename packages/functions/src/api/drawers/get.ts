import { getDrawer } from "@regrip/core/drawers";
import { api } from "../../http/handler";

/** GET /api/drawers/{id} (staff): one session with its lines and, once closed, its report. 404 when none. */
export const handler = api(async (req) => getDrawer(req.user(), { id: req.params.id }));
