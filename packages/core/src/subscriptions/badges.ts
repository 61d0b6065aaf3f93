/**
 * What staff see on a customer (issue 21): the membership badge (plan, status, regrips left, paddles) and the
 * points balance, for GET /api/customers/{id} and the customer searches (customers/). Read by key, never one
 * Query per customer: the user item names its live subscription (`subscriptionId`, kept by subscriptions/webhook.ts)
 * and the loyalty account is the user's one `loyaltyAccount` item (balance 0 when absent), so a page of customers
 * is two BatchGets.
 */
import { db } from "../db";
import { LIVE_SUBSCRIPTION_STATUSES, regripsLeft, type MembershipBadge } from "../shared/membership";
import type { SubscriptionItem } from "./allowance";

export interface StaffFacts {
  membership: MembershipBadge | null;
  points: number;
}

/** The badge of `subscription`: null unless it is live. */
function badgeOf(subscription: SubscriptionItem | null | undefined, now: Date): MembershipBadge | null {
  if (!subscription || !LIVE_SUBSCRIPTION_STATUSES.has(subscription.status)) return null;
  return { plan: subscription.plan, status: subscription.status, regripsLeft: regripsLeft(subscription, now), assignedPaddleIds: subscription.assignedPaddleIds ?? [] };
}

/** The membership and points of each user, by user id: one BatchGet of the named subscriptions, one of the loyalty accounts. */
export async function staffFactsOf(users: readonly { userId: string; subscriptionId?: string }[], now: Date = new Date()): Promise<Map<string, StaffFacts>> {
  const named = users.filter((user) => user.subscriptionId);
  const [subscriptions, accounts] = await Promise.all([
    named.length ? db().entities.subscription.get(named.map((user) => ({ userId: user.userId, id: user.subscriptionId! }))).go() : { data: [] as SubscriptionItem[] },
    users.length ? db().entities.loyaltyAccount.get(users.map((user) => ({ userId: user.userId }))).go() : { data: [] },
  ]);
  const subscriptionOf = new Map(subscriptions.data.map((subscription) => [subscription.userId, subscription]));
  const pointsOf = new Map(accounts.data.map((account) => [account.userId, account.balance]));
  return new Map(users.map((user) => [user.userId, { membership: badgeOf(subscriptionOf.get(user.userId), now), points: pointsOf.get(user.userId) ?? 0 }]));
}
