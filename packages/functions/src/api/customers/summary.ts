import { summary } from "@regrip/core/customers/summary";
import { api } from "../../http/handler";

/** GET /api/customers/{id}/summary: CustomerSummary (the console's customer page). Staff; 404 unknown customer. */
export const handler = api(async (req) => summary(req.user(), { id: req.params.id }));
