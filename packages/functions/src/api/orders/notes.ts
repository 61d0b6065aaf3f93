import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/** PUT /api/orders/{id}/notes {myGripNotes}: staff; the order's internal notes (at most 2000 characters). Audit `order.notes_updated`. */
export const handler = api({ body: Orders.updateNotes.schema.shape.notes }, async (req) =>
  Orders.updateNotes(req.user(), { id: req.params.id, notes: req.body() }),
);
