import { closeDrawer } from "@regrip/core/drawers";
import { api } from "../../http/handler";

/** POST /api/drawers/{id}/close {countedCashCents, note?} (staff): the close report. 409 when closed already. */
export const handler = api({ body: closeDrawer.schema.shape.close }, async (req) => closeDrawer(req.user(), { id: req.params.id, close: req.body() }));
