import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";

/** GET /api/admin/partners: {items: PartnerAdminView[]}, by name. Admin. */
export const handler = api(async (req) => Schedule.listPartners(req.user()));
