import * as Packs from "@regrip/core/packs";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/** POST /api/admin/packs {name, regrips, priceCents, services, validDays?, isActive?}: 201 PackView. Audit `pack.created`. Admin. */
export const handler = api({ body: Packs.create.schema }, async (req) => json(await Packs.create(req.user(), req.body()), 201));
