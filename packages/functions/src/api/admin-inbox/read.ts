import * as Inbox from "@regrip/core/communications/inbox";
import { api } from "../../http/handler";

/** POST /api/admin/conversations/{id}/read → the conversation, unread 0. Staff; 404 unknown; audit `conversation.read`. */
export const handler = api(async (req) => Inbox.markRead(req.user(), { id: req.params.id }));
