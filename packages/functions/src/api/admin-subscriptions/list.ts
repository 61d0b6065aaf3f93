import * as Memberships from "@regrip/core/memberships";
import { api } from "../../http/handler";

/** GET /api/admin/subscriptions?cursor=&limit=: {items, cursor}, the live memberships with their customers and points. Admin. */
export const handler = api({ query: Memberships.adminList.schema }, async (req) => Memberships.adminList(req.user(), req.query));
