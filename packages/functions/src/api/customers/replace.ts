import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** PUT /api/admin/customers/{id}: the whole customer (no phone or email clears it); CustomerView. */
export const handler = api({ body: Customers.replace.schema.shape.customer }, async (req) =>
  Customers.replace(req.user(), { id: req.params.id, customer: req.body() }),
);
