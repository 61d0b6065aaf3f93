import * as Packs from "@regrip/core/packs";
import { api } from "../../http/handler";

/** GET /api/customers/{id}/packs: {items: PackCreditView[], left}, a customer's bought packs, for the counter. Staff. */
export const handler = api(async (req) => Packs.ofCustomer(req.user(), { id: req.params.id }));
