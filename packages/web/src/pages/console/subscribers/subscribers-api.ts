/** The admin's membership calls (docs/api-admin.md): the subscribers list (a points adjustment: customers/customers-api.ts). */
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
