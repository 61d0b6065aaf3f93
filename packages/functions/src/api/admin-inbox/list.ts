import * as Inbox from "@regrip/core/communications/inbox";
import { api } from "../../http/handler";

/** GET /api/admin/conversations?cursor=&unread=1&q=: the text inbox's conversations, newest first, and the unread badge. Staff. */
export const handler = api({ query: Inbox.list.schema }, async (req) => Inbox.list(req.user(), req.query));
