import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/** POST /api/admin/customers {firstName, lastName, phone?, email?}: a walk-in; 201 CustomerView. */
export const handler = api({ body: Customers.create.schema }, async (req) => json(await Customers.create(req.user(), req.body()), 201));
