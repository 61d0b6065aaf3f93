/**
 * What staff see on a customer: the membership badge (plan, status, regrips left, paddles) and the
 * points balance, for GET /api/customers/{id} and the customer searches (customers/). Read by key, never one
 * Query per customer: the user item names its live subscription (`subscriptionId`, kept by memberships/webhook.ts)
 * and the loyalty account is the user's one `loyaltyAccount` item (balance 0 when absent), so a page of customers
 * is two BatchGets, then one BatchGet of the members' assigned paddles (their nicknames for the quick sale).
 */
import { db } from "../db";
import { LIVE_SUBSCRIPTION_STATUSES, regripsLeft, type AssignedPaddle, type MembershipBadge } from "../shared/membership";
import type { SubscriptionItem } from "./allowance";

export interface StaffFacts {
  membership: MembershipBadge | null;
  points: number;
}

/** The badge of `subscription`: null unless it is live. */
function badgeOf(subscription: SubscriptionItem | null | undefined, paddles: ReadonlyMap<string, AssignedPaddle>, now: Date): MembershipBadge | null {
  if (!subscription || !LIVE_SUBSCRIPTION_STATUSES.has(subscription.status)) return null;
  const assignedPaddleIds = subscription.assignedPaddleIds ?? [];
  const assignedPaddles = assignedPaddleIds.flatMap((id) => paddles.get(`${subscription.userId}#${id}`) ?? []);
  return { plan: subscription.plan, status: subscription.status, regripsLeft: regripsLeft(subscription, now), assignedPaddleIds, assignedPaddles };
}

/** The assigned paddles of the live `subscriptions` still owned, by `userId#paddleId`: one BatchGet across them all. */
async function assignedPaddlesOf(subscriptions: readonly SubscriptionItem[]): Promise<Map<string, AssignedPaddle>> {
  const keys = subscriptions
    .filter((subscription) => LIVE_SUBSCRIPTION_STATUSES.has(subscription.status))
    .flatMap((subscription) => (subscription.assignedPaddleIds ?? []).map((id) => ({ userId: subscription.userId, id })));
  if (keys.length === 0) return new Map();
  const { data } = await db().entities.paddle.get(keys).go();
  return new Map(
    data
      .filter((paddle) => paddle.ownershipStatus === "owned")
      .map((paddle) => [`${paddle.userId}#${paddle.id}`, { id: paddle.id, nickname: paddle.nickname ?? paddle.brand, brand: paddle.brand, model: paddle.model ?? null }]),
  );
}

/** The membership and points of each user, by user id: one BatchGet of the named subscriptions, one of the loyalty accounts. */
export async function staffFactsOf(users: readonly { userId: string; subscriptionId?: string }[], now: Date = new Date()): Promise<Map<string, StaffFacts>> {
  const named = users.filter((user) => user.subscriptionId);
  const [subscriptions, accounts] = await Promise.all([
    named.length ? db().entities.subscription.get(named.map((user) => ({ userId: user.userId, id: user.subscriptionId! }))).go() : { data: [] as SubscriptionItem[] },
    users.length ? db().entities.loyaltyAccount.get(users.map((user) => ({ userId: user.userId }))).go() : { data: [] },
  ]);
  const subscriptionOf = new Map(subscriptions.data.map((subscription) => [subscription.userId, subscription]));
  const paddles = await assignedPaddlesOf(subscriptions.data);
  const pointsOf = new Map(accounts.data.map((account) => [account.userId, account.balance]));
  return new Map(users.map((user) => [user.userId, { membership: badgeOf(subscriptionOf.get(user.userId), paddles, now), points: pointsOf.get(user.userId) ?? 0 }]));
}
