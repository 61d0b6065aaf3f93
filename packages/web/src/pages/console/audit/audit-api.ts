/** The audit trail's call (docs/api-admin.md, Audit log), with its query keys. The server checks every filter again. */
import type { AuditPage } from "@regrip/core/shared/audit";
import { apiJson } from "../../../lib/api";

/** The audit trail's filters, as the page's address and GET /api/admin/audit both name them. */
export interface AuditFilters {
  actor: string;
  action: string;
  /** `<type>:<id>`. */
  target: string;
  /** The shop's days, YYYY-MM-DD. */
  from: string;
  to: string;
}

export const AUDIT_FILTER_NAMES = ["actor", "action", "target", "from", "to"] as const satisfies readonly (keyof AuditFilters)[];

export const auditKeys = {
  all: ["/api/admin/audit"] as const,
  page: (filters: AuditFilters, cursor: string | null) => ["/api/admin/audit", "trail", filters, cursor] as const,
};

const ENTRIES_PER_PAGE = 25;

export function listAudit(filters: AuditFilters, cursor: string | null) {
  const query = new URLSearchParams({ limit: String(ENTRIES_PER_PAGE) });
  for (const name of AUDIT_FILTER_NAMES) if (filters[name]) query.set(name, filters[name]);
  if (cursor) query.set("cursor", cursor);
  return apiJson<AuditPage>("GET", `/api/admin/audit?${query}`);
}
