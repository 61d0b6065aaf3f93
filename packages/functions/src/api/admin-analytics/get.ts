import { Analytics } from "@regrip/core/stats";
import { api } from "../../http/handler";

/** GET /api/admin/analytics: the dashboard's figures from the counters (docs/api-admin.md "Dashboard"). Admin. */
export const handler = api(async (req) => Analytics.read(req.user()));
