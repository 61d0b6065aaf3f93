import * as Audit from "@regrip/core/audit";
import { api } from "../../http/handler";

/** GET /api/admin/audit?cursor=&limit=: {items: AuditEntryView[], cursor}, newest first. Admin. */
export const handler = api({ query: Audit.AuditListQuery }, async (req) => Audit.list(req.query));
