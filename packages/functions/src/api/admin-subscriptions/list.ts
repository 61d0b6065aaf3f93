import * as Subscriptions from "@regrip/core/subscriptions";
import { api } from "../../http/handler";

/** GET /api/admin/subscriptions?cursor=&limit=: {items, cursor}, the live memberships with their customers and points. Admin. */
export const handler = api({ query: Subscriptions.adminList.schema }, async (req) => Subscriptions.adminList(req.user(), req.query));
