import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** GET /api/customers/search?q= and GET /api/admin/customers/search?q=: at most 20 customers, by last then first name. */
export const handler = api({ query: Customers.search.schema }, async (req) => Customers.search(req.user(), req.query));
