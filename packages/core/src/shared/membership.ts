/**
 * Memberships: the two monthly plans and their allowance, written once for the server (memberships/,
 * the pricing of a booking, a storefront sale and a quick sale) and the pages (Shop Tools' Subscription tab, the
 * booking summary, the staff badges). Browser-safe, no zod. The owner changes a plan's price or allowance here.
 *
 * - A plan covers its `regripsPerPeriod` core regrips (the core service line, not add-ons) per billing period,
 *   for the paddles assigned to it (at most `paddles`). Unused regrips do not roll over.
 * - The allowance is the subscription's, per period: swapping paddles never adds regrips.
 * - Only an active (or trialing) subscription covers anything; past due suspends the allowance until paid, and
 *   a period whose end has passed without a renewal covers nothing.
 */

import { isPlan, PLANS, type Plan } from "./plans";

// The plans' names live in ./plans (what the entities load); here with their terms.
export { isPlan, PLANS, type Plan };

export interface PlanTerms {
  /** What the pages call it. */
  name: string;
  /** Charged every month, in cents. */
  priceCents: number;
  /** Core regrips covered per billing period. */
  regripsPerPeriod: number;
  /** How many paddles may be assigned. */
  paddles: number;
  /** One line for the plan's card. */
  summary: string;
}

export const PLAN_TERMS: Record<Plan, PlanTerms> = {
  SINGLE_MONTHLY: {
    name: "Single plan",
    priceCents: 2500,
    regripsPerPeriod: 1,
    paddles: 1,
    summary: "One core regrip a month for your one paddle",
  },
  FAMILY3_MONTHLY: {
    name: "Family plan",
    priceCents: 4500,
    regripsPerPeriod: 3,
    paddles: 3,
    summary: "Up to three core regrips a month across up to three paddles",
  },
};


/** Statuses that make a customer a member (one live subscription per customer). */
export const LIVE_SUBSCRIPTION_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);
/** Statuses whose allowance can be used: past due suspends it. */
export const COVERING_STATUSES: ReadonlySet<string> = new Set(["active", "trialing"]);

/** The facts of a subscription the allowance is computed from (as stored on the subscription item). */
export interface AllowanceFacts {
  plan: Plan;
  status: string;
  /** ISO time the current billing period ends (Stripe's current_period_end). */
  currentPeriodEnd?: string | null;
  /** Regrips covered in the period that ends at `usagePeriodEnd`. */
  regripsUsed?: number | null;
  /** The period `regripsUsed` counts in; a new period starts again at 0. */
  usagePeriodEnd?: string | null;
}

/** Regrips used in the subscription's current period (0 once a new period has begun). */
export function regripsUsedNow(subscription: AllowanceFacts): number {
  return subscription.usagePeriodEnd && subscription.usagePeriodEnd === subscription.currentPeriodEnd ? Math.max(0, subscription.regripsUsed ?? 0) : 0;
}

/** Regrips still covered in the current period, at `now`: 0 without an allowance (past due, ended, period over). */
export function regripsLeft(subscription: AllowanceFacts | null | undefined, now: Date = new Date()): number {
  if (!subscription || !COVERING_STATUSES.has(subscription.status)) return 0;
  if (!subscription.currentPeriodEnd || Date.parse(subscription.currentPeriodEnd) <= now.getTime()) return 0;
  return Math.max(0, PLAN_TERMS[subscription.plan].regripsPerPeriod - regripsUsedNow(subscription));
}

/** Whether a regrip of `paddleId` is covered now: the paddle is assigned and a regrip is left this period. */
export function coversPaddle(subscription: (AllowanceFacts & { assignedPaddleIds?: readonly string[] | null }) | null | undefined, paddleId: string, now: Date = new Date()): boolean {
  return !!subscription && (subscription.assignedPaddleIds ?? []).includes(paddleId) && regripsLeft(subscription, now) > 0;
}

/** Why `paddleIds` cannot be the plan's paddles, or null: one for the single plan, one to three for the family plan, each once. */
export function paddleChoiceRefusal(plan: Plan, paddleIds: readonly string[]): string | null {
  const terms = PLAN_TERMS[plan];
  if (new Set(paddleIds).size !== paddleIds.length) return "Each paddle can be chosen once";
  if (paddleIds.length === 0) return terms.paddles === 1 ? "Choose the paddle for your plan" : `Choose 1 to ${terms.paddles} paddles for your plan`;
  if (paddleIds.length > terms.paddles) {
    return terms.paddles === 1 ? "The single plan covers one paddle" : `The ${terms.name.toLowerCase()} covers up to ${terms.paddles} paddles`;
  }
  return null;
}

export { COVERED_LINE_NOTE } from "./covered";

/** `$25/month`. */
export const planPrice = (plan: Plan): string => `$${(PLAN_TERMS[plan].priceCents / 100).toFixed(0)}/month`;

/** What GET /api/subscriptions answers (plan null and status "none" without one). */
export interface MembershipView {
  plan: Plan | null;
  status: string;
  assignedPaddleIds: string[];
  currentPeriodEnd: string | null;
  regripsLeft: number;
  cancelAtPeriodEnd: boolean;
}

/** One membership charge in the member's payment history (GET /api/subscriptions/charges). */
export interface MembershipChargeView {
  invoiceId: string;
  plan: Plan;
  amountCents: number;
  paidAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  card: string | null;
}

/** What GET /api/subscriptions/charges answers: the caller's charges, newest first, a page at a time. */
export interface MembershipChargesView {
  items: MembershipChargeView[];
  cursor: string | null;
}

/** What staff see on a customer (queue, storefront, quick sale): null for a customer with no live subscription. */
export interface MembershipBadge {
  plan: Plan;
  status: string;
  regripsLeft: number;
  assignedPaddleIds: string[];
  /** The assigned paddles the customer still owns, for the quick sale's "Paddle" choice. */
  assignedPaddles: AssignedPaddle[];
}

/** An assigned paddle as staff see it on a member. */
export interface AssignedPaddle {
  id: string;
  nickname: string;
  brand: string;
  model: string | null;
}

/** A row of the admin's subscribers list (GET /api/admin/subscriptions): the live subscription, its customer and their points. */
export interface AdminMembership {
  id: string;
  userId: string;
  customer: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
  plan: Plan;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  regripsLeft: number;
  assignedPaddleIds: string[];
  points: number;
}
