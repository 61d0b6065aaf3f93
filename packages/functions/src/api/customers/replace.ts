import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** PUT /api/admin/customers/{id}: the whole customer (no phone or email clears it); CustomerView. */
export const handler = api({ body: Customers.CustomerForm }, async (req) => {
  const input = req.body();
  return Customers.replace(req.user(), req.params.id, input);
});
