import type { EntityItem } from "electrodb";
import { fn, NoInput } from "../actor/fn";
import { db } from "../db";
import type { Subscription, SubscriptionPlan } from "../entities";

export * as Subscriptions from "./index";

export type SubscriptionItem = EntityItem<Subscription>;

/** What GET /api/subscriptions answers: `status` is "none" when the user never subscribed. */
export interface SubscriptionView {
  plan: SubscriptionPlan | null;
  status: string;
}

const live = new Set(["active", "trialing", "past_due"]);

/**
 * The subscription that describes the user now: a live one (active, trialing,
 * past due) before an ended one, the newest first within each.
 */
export function currentOf(subscriptions: readonly SubscriptionItem[]): SubscriptionItem | undefined {
  return [...subscriptions].sort((a, b) => {
    const rank = Number(live.has(b.status)) - Number(live.has(a.status));
    return rank !== 0 ? rank : b.createdAt.localeCompare(a.createdAt);
  })[0];
}

/** C16: the caller's subscriptions are in their own partition, one Query. */
export const current = /* @__PURE__ */ fn({ role: "customer", input: NoInput }, async (actor): Promise<SubscriptionView> => {
  const { data } = await db().entities.subscription.query.byUser({ userId: actor.userId }).go({ pages: "all" });
  const found = currentOf(data);
  return found ? { plan: found.plan, status: found.status } : { plan: null, status: "none" };
});
