import * as Receipts from "@regrip/core/receipts";
import { api } from "../../http/handler";

/** GET /api/receipts/{id}?t=<token>: a counter sale's receipt for whoever holds its link (no sign-in), or 404 {message}. */
export const handler = api({ query: Receipts.ReceiptQuery }, async (req) => Receipts.get(req.actor, { id: req.params.id, t: req.query.t }));
