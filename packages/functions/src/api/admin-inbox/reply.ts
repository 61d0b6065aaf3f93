import * as Inbox from "@regrip/core/communications/inbox";
import { api } from "../../http/handler";

/** POST /api/admin/conversations/{id}/reply {message} → {message}: through Texts.send, into the thread and the log. Staff; 404 unknown; audit `conversation.replied`. */
export const handler = api({ body: Inbox.reply.schema.shape.reply }, async (req) => Inbox.reply(req.user(), { id: req.params.id, reply: req.body() }));
