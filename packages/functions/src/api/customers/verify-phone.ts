import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** POST /api/customers/{id}/phone/verify {code}: the phone set and verified; CustomerView. */
export const handler = api({ body: Customers.verifyPhone.schema.shape.verify }, async (req) =>
  Customers.verifyPhone(req.user(), { id: req.params.id, verify: req.body() }),
);
