/**
 * The customer's membership and points calls (docs/api.md): the subscription (GET /api/subscriptions,
 * checkout, paddles, cancel) and the points (GET /api/loyalty). The rules and their words are
 * @regrip/core/shared/membership and loyalty; the server checks every one again.
 */
import { useQuery } from "@tanstack/react-query";
import type { LoyaltyView } from "@regrip/core/shared/loyalty";
import type { Plan, MembershipChargesView, MembershipView } from "@regrip/core/shared/membership";
import { apiJson } from "../lib/api";
import { appWideRead } from "../lib/app-wide-read";

export const membershipQueryKey = ["/api/subscriptions"] as const;

/** The customer's subscription (plan null and status "none" without one); asked only when `enabled` (signed in). */
export function useMembership(enabled: boolean) {
  return useQuery({ queryKey: membershipQueryKey, queryFn: () => apiJson<MembershipView>("GET", "/api/subscriptions"), enabled, ...appWideRead });
}

/** The member's payment history (GET /api/subscriptions/charges): what a webhook's charge adds to. */
export const membershipChargesQueryKey = ["/api/subscriptions/charges"] as const;

/** GET /api/subscriptions/charges: a page of the membership charges, newest first. */
export const membershipChargesPage = (cursor: string | null) =>
  apiJson<MembershipChargesView>("GET", `/api/subscriptions/charges${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);

/** POST /api/subscriptions/checkout: where to pay for the plan (Stripe Checkout, or the local payment page). */
export function startMembership(plan: Plan, paddleIds: string[]): Promise<{ url: string }> {
  return apiJson("POST", "/api/subscriptions/checkout", { plan, paddleIds });
}

/** PUT /api/subscriptions/paddles: the plan's paddles, swapped (the period's allowance stays the subscription's). */
export function changeMembershipPaddles(paddleIds: string[]): Promise<MembershipView> {
  return apiJson("PUT", "/api/subscriptions/paddles", { paddleIds });
}

/** POST /api/subscriptions/cancel: the plan ends at its period's end. */
export function cancelMembership(): Promise<{ status: string; cancelAtPeriodEnd: true }> {
  return apiJson("POST", "/api/subscriptions/cancel");
}

/** Every query of the points (the balance and the history): what a booking or an order invalidates. */
export const loyaltyQueryKey = ["/api/loyalty"] as const;

/** GET /api/loyalty: a page of the history, with the balance. */
export const loyaltyPage = (cursor: string | null) => apiJson<LoyaltyView>("GET", `/api/loyalty${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);

/** The points balance (the history's first page); asked only when `enabled` (signed in). */
export function usePointsBalance(enabled: boolean) {
  return useQuery({ queryKey: [...loyaltyQueryKey, "balance"], queryFn: () => loyaltyPage(null), enabled, select: (page) => page.balance, ...appWideRead });
}

