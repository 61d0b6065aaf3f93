import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/** POST /api/admin/partners {locationKey, name, address?, ...}: 201 PartnerAdminView; 409 when the key is taken. Audit `partner.created`. Admin. */
export const handler = api({ body: Schedule.createPartner.schema }, async (req) => json(await Schedule.createPartner(req.user(), req.body()), 201));
