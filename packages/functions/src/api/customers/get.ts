import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** GET /api/customers/{id}: CustomerView. */
export const handler = api(async (req) => Customers.get(req.user(), { id: req.params.id }));
