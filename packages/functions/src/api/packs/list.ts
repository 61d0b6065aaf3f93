import * as Packs from "@regrip/core/packs";
import { api } from "../../http/handler";

/** GET /api/packs: {items: PackView[]}, the packs on sale. Public. */
export const handler = api(async (req) => Packs.list(req.actor));
