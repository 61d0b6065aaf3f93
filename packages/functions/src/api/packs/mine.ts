import * as Packs from "@regrip/core/packs";
import { api } from "../../http/handler";

/** GET /api/packs/mine: {items: PackCreditView[], left}, the caller's bought packs and the credits still good. */
export const handler = api(async (req) => Packs.mine(req.user()));
