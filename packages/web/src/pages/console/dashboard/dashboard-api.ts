/** The dashboard's calls (docs/api-admin.md "Dashboard", "Audit log"), with their query keys. */
import type { AdminAnalytics } from "@regrip/core/shared/analytics";
import type { AuditPage } from "@regrip/core/shared/audit";
import { apiJson } from "../../../lib/api";

/** Recent Activity lists the first 10 audit entries. */
const RECENT_ACTIVITY = 10;

export const dashboardKeys = {
  analytics: ["/api/admin/analytics"] as const,
  recent: ["/api/admin/audit", RECENT_ACTIVITY] as const,
};

export const getAnalytics = () => apiJson<AdminAnalytics>("GET", "/api/admin/analytics");

export const getRecentActivity = () => apiJson<AuditPage>("GET", `/api/admin/audit?limit=${RECENT_ACTIVITY}`);
