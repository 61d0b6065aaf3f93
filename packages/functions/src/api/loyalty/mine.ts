import { Loyalty } from "@regrip/core/loyalty";
import { api } from "../../http/handler";

/** GET /api/loyalty?limit=&cursor=: the caller's own points balance and ledger entries, newest first. */
export const handler = api({ query: Loyalty.mine.schema }, async (req) => Loyalty.mine(req.user(), req.query));
