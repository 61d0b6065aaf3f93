import * as Communications from "@regrip/core/communications";
import { api } from "../../http/handler";

/** GET /api/admin/users?q=&limit=&cursor=: {items: BroadcastUserView[], cursor}, the customers with a phone. Admin. */
export const handler = api({ query: Communications.broadcastUsers.schema }, async (req) => Communications.broadcastUsers(req.user(), req.query));
