import * as Customers from "@regrip/core/customers";
import { api } from "../../http/handler";

/** PUT /api/customers/{id}/notes {notes} → {notes}: staff's notes on the customer. Staff; 404 unknown customer; audit `customer.updated`. */
export const handler = api({ body: Customers.saveNotes.schema.shape.body }, async (req) => Customers.saveNotes(req.user(), { id: req.params.id, body: req.body() }));
