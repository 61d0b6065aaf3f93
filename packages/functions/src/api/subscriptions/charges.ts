import * as Memberships from "@regrip/core/memberships";
import { api } from "../../http/handler";

/** GET /api/subscriptions/charges?limit=&cursor=: the caller's membership charges {items, cursor}, newest first. */
export const handler = api({ query: Memberships.charges.schema }, async (req) => Memberships.charges(req.user(), req.query));
