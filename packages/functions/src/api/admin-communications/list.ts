import * as Communications from "@regrip/core/communications";
import { api } from "../../http/handler";

/** GET /api/admin/communications?channel=&type=&status=&limit=&cursor=: {items: CommunicationView[], cursor}, newest first. Admin. */
export const handler = api({ query: Communications.list.schema }, async (req) => Communications.list(req.user(), req.query));
