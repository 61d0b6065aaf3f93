import * as Packs from "@regrip/core/packs";
import { api } from "../../http/handler";

/** GET /api/admin/packs: {items: PackView[]}, every pack, on sale or retired. Admin. */
export const handler = api(async (req) => Packs.adminList(req.user()));
