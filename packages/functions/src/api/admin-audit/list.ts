import * as Audit from "@regrip/core/audit";
import { api } from "../../http/handler";

/** GET /api/admin/audit?cursor=&limit=: {items: AuditEntryView[], cursor}, newest first. Admin. */
export const handler = api({ query: Audit.list.schema }, async (req) => Audit.list(req.user(), req.query));
