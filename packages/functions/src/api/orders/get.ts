import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/** GET /api/orders/{id}: the order, for its owner or staff; anyone else gets 404 as for a missing id. */
export const handler = api(async (req) => Orders.get(req.user(), { id: req.params.id }));
