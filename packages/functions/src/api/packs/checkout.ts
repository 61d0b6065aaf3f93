import * as Packs from "@regrip/core/packs";
import { api } from "../../http/handler";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/** POST /api/packs/{id}/checkout: 201 {url} of a card checkout for the pack; 404 for an unknown pack or one no longer on sale. */
export const handler = api(async (req) => json(await Packs.checkout(req.user(), () => ({ id: req.params.id, siteUrl: siteOrigin() })), 201));
