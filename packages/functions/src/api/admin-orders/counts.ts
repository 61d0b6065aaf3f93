import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/** GET /api/admin/orders/counts: staff; `{ stages, active }` from the counter items. */
export const handler = api(async (req) => Orders.OrderCounters.read(req.user()));
