import * as Inbox from "@regrip/core/communications/inbox";
import { api } from "../../http/handler";

/** GET /api/admin/conversations/{id}/messages?cursor=: one conversation's messages, its customer and their open orders. Staff; 404 unknown. */
export const handler = api({ query: Inbox.ThreadQueryString }, async (req) => Inbox.thread(req.user(), { id: req.params.id, cursor: req.query.cursor }));
