import * as Paddles from "@regrip/core/paddles";
import { api } from "../../http/handler";

/** GET /api/customers/{id}/paddles: the customer's paddles they still own, newest first, for the counter's sale. Staff. */
export const handler = api(async (req) => Paddles.ofCustomer(req.user(), { id: req.params.id }));
