import { reopenDrawer } from "@regrip/core/drawers";
import { api } from "../../http/handler";

/** POST /api/admin/drawers/{id}/reopen (admin): a closed session open again. 409 when open, or another is open at its shop. */
export const handler = api(async (req) => reopenDrawer(req.user(), { id: req.params.id }));
