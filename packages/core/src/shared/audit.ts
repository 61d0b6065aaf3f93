/**
 * The audit log as admins read it (GET /api/admin/audit, docs/api-admin.md; the dashboard's Recent Activity,
 * staff-and-admin-side §2). Browser-safe: types and the one rule of how an actor is shown.
 */

export interface AuditEntryView {
  id: string;
  /** `<target>.<verb>`: `promotion.created`, `order.status_changed`, ... */
  action: string;
  targetType: string;
  targetId: string;
  /** What changed, as the write recorded it (a changed field as `{ from, to }`); null when nothing was recorded. */
  changes: Record<string, unknown> | null;
  createdAt: string;
  /** Who acted: null for the system (shown as 'System'). */
  actor: { id: string; firstName: string | null } | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditPage {
  items: AuditEntryView[];
  /** Hand back as `?cursor=` for the next page; null on the last page. */
  cursor: string | null;
}

/** §2: the actor's first name, or 'System'. */
export function actorLabel(entry: Pick<AuditEntryView, "actor">): string {
  return entry.actor?.firstName || (entry.actor ? "Staff" : "System");
}
