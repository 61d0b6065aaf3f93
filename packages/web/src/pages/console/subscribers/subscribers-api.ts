/** The admin's membership calls (docs/api-admin.md): the subscribers list and a points adjustment. */
import type { AdminMembership } from "@regrip/core/shared/membership";
import { apiJson } from "../../../lib/api";

/** A row of the list: the server's own shape. */
export type SubscriberRow = AdminMembership;

export const subscriberKeys = {
  all: ["/api/admin/subscriptions"] as const,
  page: (cursor: string | null) => ["/api/admin/subscriptions", cursor] as const,
};

export function listSubscribers(cursor: string | null) {
  return apiJson<{ items: SubscriberRow[]; cursor: string | null }>("GET", `/api/admin/subscriptions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
}

export function adjustPoints(userId: string, body: { points: number; reason: string }) {
  return apiJson<{ balance: number }>("POST", `/api/admin/loyalty/${encodeURIComponent(userId)}/adjust`, body);
}
