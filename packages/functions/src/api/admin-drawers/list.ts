import { listDrawers } from "@regrip/core/drawers";
import { api } from "../../http/handler";

/** GET /api/admin/drawers?from=&to= (admin): {from, to, sessions} opened on those shop days, newest first. */
export const handler = api({ query: listDrawers.schema }, async (req) => listDrawers(req.user(), req.query));
