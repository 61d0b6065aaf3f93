/**
 * What Shop Tools says about a membership and about points, as pure functions (the rules are
 * @regrip/core/shared/membership and loyalty; these are only the page's words around them).
 */
import { LIVE_SUBSCRIPTION_STATUSES, PLAN_TERMS, type MembershipView } from "@regrip/core/shared/membership";
import type { LoyaltyEntryView } from "@regrip/core/shared/loyalty";
import { orderReference } from "@regrip/core/shared/orders";

export const PAST_DUE_NOTE = "Your last payment failed; your regrips are on hold until it is paid";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** "Nov 25, 2026"; "—" for none. */
export function shortDate(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? "—" : dateFormat.format(time);
}

/** A plan the customer has now: active, trialing or past due (canceling at period end still counts until it ends). */
export function hasLivePlan(view: MembershipView | undefined): view is MembershipView & { plan: NonNullable<MembershipView["plan"]> } {
  return !!view?.plan && LIVE_SUBSCRIPTION_STATUSES.has(view.status);
}

export interface StatusWords {
  label: string;
  tone: "success" | "warning" | "neutral";
  note?: string;
}

/** The plan's status as the customer reads it: Active, Past due (with why nothing is covered), Canceling at period end. */
export function subscriptionStatus(view: MembershipView): StatusWords {
  if (view.status === "past_due") return { label: "Past due", tone: "warning", note: PAST_DUE_NOTE };
  if (LIVE_SUBSCRIPTION_STATUSES.has(view.status) && view.cancelAtPeriodEnd) {
    return { label: "Canceling at period end", tone: "warning", note: `Your plan ends on ${shortDate(view.currentPeriodEnd)} and will not renew.` };
  }
  if (view.status === "active" || view.status === "trialing") return { label: "Active", tone: "success" };
  if (view.status === "none" || !view.plan) return { label: "No plan", tone: "neutral" };
  const words = view.status.replace(/_/g, " ");
  return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: "neutral" };
}

/** "Renews on" or, canceling, "Ends on". */
export const periodEndLabel = (view: MembershipView): string => (view.cancelAtPeriodEnd ? "Ends on" : "Renews on");

/** "1 of 3 left": the regrips still covered this period. */
export function regripsLeftWords(view: MembershipView): string {
  if (!view.plan) return "—";
  return `${view.regripsLeft} of ${PLAN_TERMS[view.plan].regripsPerPeriod} left`;
}

/** "Covers 1 paddle" / "Covers up to 3 paddles". */
export function planCoverage(plan: keyof typeof PLAN_TERMS): string {
  const { paddles, regripsPerPeriod } = PLAN_TERMS[plan];
  const regrips = `${regripsPerPeriod} core ${regripsPerPeriod === 1 ? "regrip" : "regrips"} a month`;
  return paddles === 1 ? `${regrips}, 1 paddle` : `${regrips}, up to ${paddles} paddles`;
}

/** What a line of the points history was: earned on order X, redeemed on order X, adjusted by the shop: reason... */
export function entryWhat(entry: Pick<LoyaltyEntryView, "type" | "orderId" | "orderNumber" | "reason">): string {
  const named = entry.orderId ? orderReference({ id: entry.orderId, number: entry.orderNumber }) : "";
  const order = entry.orderId ? ` on order ${named}` : "";
  switch (entry.type) {
    case "earn":
      return `Earned${order}`;
    case "redeem":
      return `Redeemed${order}`;
    case "return":
      return `Returned${entry.orderId ? ` from canceled order ${named}` : ""}`;
    case "takeback":
      return `Taken back by a refund${order}`;
    case "adjust":
      return entry.reason ? `Adjusted by the shop: ${entry.reason}` : "Adjusted by the shop";
    case "expire":
      return "Expired";
    default:
      return entry.reason ?? "Points changed";
  }
}

/** "+25", "-100", "0". */
export const signedPoints = (points: number): string => (points > 0 ? `+${points}` : String(points));

