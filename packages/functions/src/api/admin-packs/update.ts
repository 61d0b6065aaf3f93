import * as Packs from "@regrip/core/packs";
import { api } from "../../http/handler";

/** PATCH /api/admin/packs/{id} {name?, regrips?, priceCents?, services?, validDays?, isActive?}: PackView. Audit `pack.updated`. Admin. */
export const handler = api({ body: Packs.update.schema.shape.patch }, async (req) => Packs.update(req.user(), { id: req.params.id, patch: req.body() }));
