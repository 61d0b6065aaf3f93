import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** PATCH /api/customers/{id}: the fields sent (the phone cannot be cleared); CustomerView. */
export const handler = api({ body: Customers.update.schema.shape.patch }, async (req) =>
  Customers.update(req.user(), { id: req.params.id, patch: req.body() }),
);
