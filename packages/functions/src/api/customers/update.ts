import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** PATCH /api/customers/{id}: the fields sent (the phone cannot be cleared); CustomerView. */
export const handler = api({ body: Customers.CustomerPatch }, async (req) => {
  const input = req.body();
  return Customers.update(req.user(), req.params.id, input);
});
