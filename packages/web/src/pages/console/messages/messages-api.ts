/**
 * The shop's text inbox calls (docs/api-staff.md, Text inbox), with their query keys. The views are the
 * server's own (shared/inbox.ts); the server checks the reply and the consent again.
 */
import type { ConversationPage, ReplyResult, ThreadPage } from "@regrip/core/shared/inbox";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** How often the inbox is read again while open (customers text at any time): modest, one read per interval. */
export const INBOX_POLL_MS = 30_000;
/** An open thread is read again a little more often: the person at the counter is waiting on an answer. */
export const THREAD_POLL_MS = 15_000;

export interface ConversationFilter {
  unread: boolean;
  q: string;
}

export const inboxKeys = {
  all: ["/api/admin/conversations"] as const,
  page: (filter: ConversationFilter, cursor: string | null) => ["/api/admin/conversations", "page", filter, cursor] as const,
  unreadCount: ["/api/admin/conversations", "unread-count"] as const,
  thread: (id: string) => ["/api/admin/conversations", "thread", id] as const,
};

const path = (id: string) => `/api/admin/conversations/${encodeURIComponent(id)}`;

export function listConversations(filter: ConversationFilter, cursor: string | null) {
  const query = new URLSearchParams();
  if (filter.unread) query.set("unread", "1");
  if (filter.q) query.set("q", filter.q);
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return apiJson<ConversationPage>("GET", `/api/admin/conversations${text ? `?${text}` : ""}`);
}

/** One page of a thread: the newest without a cursor, older ones with the cursor the page before answered. */
export function threadPage(id: string, cursor: string | null) {
  return apiJson<ThreadPage>("GET", `${path(id)}/messages${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
}

export function sendReply(id: string, message: string) {
  return apiJson<ReplyResult>("POST", `${path(id)}/reply`, { message });
}

export function markRead(id: string) {
  return apiJson<unknown>("POST", `${path(id)}/read`);
}

/**
 * How many conversations have unread texts, for the side navigation's badge: the first page of the unread filter
 * answers the count beside its rows, read again every INBOX_POLL_MS while the console is open.
 */
export function useUnreadConversations(enabled: boolean): number {
  const { data } = useQuery({
    queryKey: inboxKeys.unreadCount,
    queryFn: () => listConversations({ unread: true, q: "" }, null),
    enabled,
    refetchInterval: INBOX_POLL_MS,
    staleTime: 10_000,
  });
  return data?.unreadConversations ?? 0;
}
