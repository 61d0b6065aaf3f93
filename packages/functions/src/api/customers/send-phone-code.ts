import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** POST /api/customers/{id}/phone {phone}: texts the customer at the counter a code; {phoneNumber}. */
export const handler = api({ body: Customers.sendPhoneCode.schema.shape.send }, async (req) =>
  Customers.sendPhoneCode(req.user(), { id: req.params.id, send: req.body() }),
);
