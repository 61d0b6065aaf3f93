/** The admin's communications calls (docs/api-admin.md, Communications), with their query keys. The server checks every rule again. */
import type {
  BroadcastUsersPage,
  BulkSmsAnswer,
  CommunicationChannelName,
  CommunicationsPage,
  CommunicationStatusName,
  CommunicationTypeName,
  TestSmsAnswer,
} from "@regrip/core/shared/communications";
import { apiJson } from "../../../lib/api";

export interface LogFilters {
  channel: CommunicationChannelName | null;
  type: CommunicationTypeName | null;
  status: CommunicationStatusName | null;
}

export const communicationKeys = {
  all: ["/api/admin/communications"] as const,
  page: (filters: LogFilters, cursor: string | null) => ["/api/admin/communications", filters, cursor] as const,
  users: (q: string) => ["/api/admin/users", q] as const,
};

const LOG_PER_PAGE = 25;

export function listCommunications(filters: LogFilters, cursor: string | null) {
  const query = new URLSearchParams({ limit: String(LOG_PER_PAGE) });
  if (filters.channel) query.set("channel", filters.channel);
  if (filters.type) query.set("type", filters.type);
  if (filters.status) query.set("status", filters.status);
  if (cursor) query.set("cursor", cursor);
  return apiJson<CommunicationsPage>("GET", `/api/admin/communications?${query}`);
}

/** A page of customers with a phone: `q` (3 characters or more) searches; without it, newest first, by cursor. */
export function broadcastUsers(q: string, cursor: string | null = null) {
  const query = new URLSearchParams({ limit: "20", ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) });
  return apiJson<BroadcastUsersPage>("GET", `/api/admin/users?${query}`);
}

export function sendTestSms(body: { phone: string; message: string }) {
  return apiJson<TestSmsAnswer>("POST", "/api/admin/test-sms", body);
}

/** `idempotencyKey`: one per confirmed broadcast, so a retry of the same one texts nobody twice. */
export function sendBulkSms(body: { userIds: string[]; message: string }, idempotencyKey: string) {
  return apiJson<BulkSmsAnswer>("POST", "/api/admin/bulk-sms", body, { "Idempotency-Key": idempotencyKey });
}
