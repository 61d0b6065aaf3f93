/**
 * Memberships (docs/api.md, docs/api-admin.md "Subscribers"): the customer's
 * membership (stored as a subscription item, Stripe's subscription) as the Shop Tools tab reads it, the checkout in subscription mode that starts one, the paddles it
 * covers, its cancel at the period's end, and the admin's list. The plans' terms and the allowance are
 * shared/membership.ts; the allowance applied to an order is allowance.ts; Stripe's events are webhook.ts.
 *
 * - One live subscription (active, trialing, past due) per customer: a checkout is refused with 409 while one is live.
 * - The subscription item is written by the webhook (customer.subscription.created), never by the checkout: the
 *   checkout only leaves a pending note of what was asked for (`subscriptionCheckout`, a day), which the local
 *   payment page reads instead of trusting the browser.
 * - Swapping paddles changes only `assignedPaddleIds`: the allowance is the subscription's, per period.
 */
import * as z from "zod/mini";
import type { UserActor } from "../actor";
import { fn, NoInput } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { afterCommit } from "../db/effects";
import { writeLabelled } from "../db/labelled";
import { uniqueKey } from "../entities";
import { createConversions } from "../entities/electrodb";
import { conflict, invalid } from "../errors";
import { INVALID_CURSOR, pageQuery } from "../paging";
import { ISO_TIME } from "../shared/dates";
import { paymentProvider } from "../payments/provider";
import { ID_PATTERN, MAX_ID_LENGTH } from "../shared/ids";
import {
  LIVE_SUBSCRIPTION_STATUSES,
  paddleChoiceRefusal,
  PLAN_TERMS,
  regripsLeft,
  PLANS,
  type Plan,
  type AdminMembership,
  type MembershipChargesView,
  type MembershipView,
} from "../shared/membership";
import { subscriptionOf, type SubscriptionItem } from "./allowance";
import { membershipCanceled } from "./messages";

export * as Memberships from "./index";
export { currentOf, subscriptionOf, type SubscriptionItem } from "./allowance";

export const UNKNOWN_PLAN = "Choose the single plan or the family plan";
export const PADDLE_NOT_YOURS = "Choose paddles from your own paddles";
export const ALREADY_SUBSCRIBED = "You already have a membership. Change its paddles or cancel it instead.";
export const NO_MEMBERSHIP = "You have no membership";

/** Where a subscription checkout returns: Shop Tools' Subscription tab (`?tab=subscription`), saying what happened. */
export const subscriptionReturnUrls = (siteUrl: string) => ({
  successUrl: `${siteUrl}/shop-tools?tab=subscription&subscribed=1`,
  cancelUrl: `${siteUrl}/shop-tools?tab=subscription&subscription=canceled`,
});

/** How long the pending note of a checkout is kept (Stripe's session lasts 24 hours). */
const PENDING_CHECKOUT_SECONDS = 24 * 60 * 60;

const isLive = (subscription: SubscriptionItem | undefined): subscription is SubscriptionItem =>
  !!subscription && LIVE_SUBSCRIPTION_STATUSES.has(subscription.status);

/** What GET /api/subscriptions answers for `subscription` (plan null and status "none" without one). */
export function viewOf(subscription: SubscriptionItem | undefined, now: Date = new Date()): MembershipView {
  if (!subscription) return { plan: null, status: "none", assignedPaddleIds: [], currentPeriodEnd: null, regripsLeft: 0, cancelAtPeriodEnd: false };
  return {
    plan: subscription.plan,
    status: subscription.status,
    assignedPaddleIds: subscription.assignedPaddleIds ?? [],
    currentPeriodEnd: subscription.currentPeriodEnd ?? null,
    regripsLeft: regripsLeft(subscription, now),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd ?? false,
  };
}

/** GET /api/subscriptions: the caller's subscription now (data-model C16: their own partition, one Query). */
export const current = /* @__PURE__ */ fn({ role: "customer", input: NoInput }, async (actor): Promise<MembershipView> =>
  viewOf(await subscriptionOf(actor.userId, { consistent: true })),
);

const PaddleId = z.string({ error: PADDLE_NOT_YOURS }).check(z.maxLength(MAX_ID_LENGTH, PADDLE_NOT_YOURS), z.regex(ID_PATTERN, PADDLE_NOT_YOURS));
const PaddleIds = z.array(PaddleId, { error: "Choose the paddles for your plan" }).check(z.maxLength(10, "Choose at most 3 paddles"));

/** The body of POST /api/subscriptions/checkout. */
export const MembershipCheckoutForm = z.object({ plan: z.enum(PLANS, { error: UNKNOWN_PLAN }), paddleIds: PaddleIds });
/** The body of PUT /api/subscriptions/paddles. */
export const PaddlesForm = z.object({ paddleIds: PaddleIds });

/** 400 unless `paddleIds` suit the plan and are each one of the caller's own paddles (owned, not sold). */
async function checkPaddles(userId: string, plan: Plan, paddleIds: readonly string[]): Promise<void> {
  const refusal = paddleChoiceRefusal(plan, paddleIds);
  if (refusal) throw invalid(refusal);
  const { data, unprocessed } = await db().entities.paddle.get(paddleIds.map((id) => ({ userId, id }))).go();
  if (unprocessed.length > 0) throw new Error("Reading the paddles was throttled");
  if (data.length !== paddleIds.length || data.some((paddle) => paddle.ownershipStatus !== "owned")) throw invalid(PADDLE_NOT_YOURS);
}

const CheckoutInput = z.object({ form: MembershipCheckoutForm, siteUrl: z.string() });
/**
 * POST /api/subscriptions/checkout: a checkout in subscription mode for the plan at its price (PLAN_TERMS), the
 * paddles in its metadata; 400 for an unknown plan, paddles the plan does not allow or that are not the caller's,
 * 409 while the caller has a live subscription. The subscription itself is made by the webhook once paid.
 */
export const checkout = /* @__PURE__ */ fn({ role: "customer", input: CheckoutInput }, async (actor, { form, siteUrl }): Promise<{ url: string }> => {
  const [existing, { data: user }] = await Promise.all([
    subscriptionOf(actor.userId, { consistent: true }),
    db().entities.user.get({ userId: actor.userId }).go(),
  ]);
  if (isLive(existing)) throw conflict(ALREADY_SUBSCRIBED);
  await checkPaddles(actor.userId, form.plan, form.paddleIds);
  const terms = PLAN_TERMS[form.plan];
  const session = await (await paymentProvider()).createSubscriptionCheckout({
    userId: actor.userId,
    plan: form.plan,
    paddleIds: form.paddleIds,
    planName: terms.name,
    priceCents: terms.priceCents,
    email: user?.email ?? actor.email,
    siteUrl,
    ...subscriptionReturnUrls(siteUrl),
  });
  await db()
    .entities.uniqueValue.put({
      ...(uniqueKey("subscriptionCheckout", session.id) as { kind: "subscriptionCheckout"; value: string }),
      ownerId: actor.userId,
      result: { plan: form.plan, paddleIds: form.paddleIds, priceCents: terms.priceCents },
      expiresAtEpoch: Math.floor(Date.now() / 1000) + PENDING_CHECKOUT_SECONDS,
    })
    .go();
  return { url: session.url };
});

/** A pending checkout (the local payment page's): who asked for which plan and paddles at which price; null when unknown or expired. */
export async function pendingCheckout(
  sessionId: string,
): Promise<{ sessionId: string; userId: string; plan: Plan; paddleIds: string[]; priceCents: number } | null> {
  const { data } = await db()
    .entities.uniqueValue.get(uniqueKey("subscriptionCheckout", sessionId) as { kind: "subscriptionCheckout"; value: string })
    .go({ consistent: true });
  const result = data?.result as { plan?: Plan; paddleIds?: string[]; priceCents?: number } | undefined;
  if (!data || !result?.plan || !result.paddleIds || typeof result.priceCents !== "number") return null;
  if (data.expiresAtEpoch !== undefined && data.expiresAtEpoch * 1000 < Date.now()) return null;
  return { sessionId, userId: data.ownerId, plan: result.plan, paddleIds: result.paddleIds, priceCents: result.priceCents };
}

/** The caller's live subscription, or 409. */
async function liveOf(actor: UserActor): Promise<SubscriptionItem> {
  const subscription = await subscriptionOf(actor.userId, { consistent: true });
  if (!isLive(subscription)) throw conflict(NO_MEMBERSHIP);
  return subscription;
}

/**
 * PUT /api/subscriptions/paddles: the paddles the live subscription covers (the same checks as the checkout).
 * Only the paddles change: the regrips used this period stay counted, so a swap never adds one.
 */
export const changePaddles = /* @__PURE__ */ fn({ role: "customer", input: PaddlesForm }, async (actor, { paddleIds }): Promise<MembershipView> => {
  const subscription = await liveOf(actor);
  await checkPaddles(actor.userId, subscription.plan, paddleIds);
  const key = { userId: actor.userId, id: subscription.id };
  await db().transaction.write(({ subscription: subscriptions, auditLog }) => [
    subscriptions
      .patch(key)
      .set({ assignedPaddleIds: paddleIds })
      .where((a, { eq }) => eq(a.status, subscription.status))
      .commit(),
    auditLog
      .create(
        auditEntry({
          actor,
          action: "subscription.paddles_changed",
          targetType: "subscription",
          targetId: subscription.id,
          diff: { assignedPaddleIds: { from: subscription.assignedPaddleIds ?? [], to: paddleIds } },
        }),
      )
      .commit(),
  ]).go();
  const { data } = await db().entities.subscription.get(key).go({ consistent: true });
  return viewOf(data ?? undefined);
});

/**
 * POST /api/subscriptions/cancel: the plan ends when its current period does (Stripe's cancel_at_period_end),
 * recorded on the item from the provider's answer; the later customer.subscription.updated says the same and
 * changes nothing more. The member is told once when coverage ends (messages.ts), by the write that turns the flag
 * on: conditioned on it being off, so Stripe's event landing first (and telling) leaves this one writing nothing.
 * 409 without a live subscription. Asked again, it answers the same.
 */
export const cancel = /* @__PURE__ */ fn({ role: "customer", input: NoInput }, async (actor): Promise<{ status: string; cancelAtPeriodEnd: true }> => {
  const subscription = await liveOf(actor);
  if (!subscription.cancelAtPeriodEnd) {
    const answer = await (await paymentProvider()).cancelAtPeriodEnd({ id: subscription.stripeSubscriptionId ?? subscription.id, status: subscription.status });
    const result = await writeLabelled((entities) => {
      if (answer.cancelAtPeriodEnd) afterCommit(membershipCanceled(actor.userId, subscription.plan, subscription.id, subscription.currentPeriodEnd));
      return [
        {
          label: "subscription",
          write: entities.subscription
            .patch({ userId: actor.userId, id: subscription.id })
            .set({ cancelAtPeriodEnd: answer.cancelAtPeriodEnd })
            .where((a, { eq, notExists }) => `(${notExists(a.cancelAtPeriodEnd)} OR ${eq(a.cancelAtPeriodEnd, false)})`)
            .commit(),
        },
        {
          label: "audit",
          write: entities.auditLog
            .create(auditEntry({ actor, action: "subscription.cancel_requested", targetType: "subscription", targetId: subscription.id, diff: { cancelAtPeriodEnd: true } }))
            .commit(),
        },
      ];
    });
    // Already set meanwhile (Stripe's event for this very cancel came first): recorded, and the member told, there.
    if (!result.committed && !result.failed.includes("subscription")) throw new Error(`Recording the cancel of ${subscription.id} failed: ${JSON.stringify(result.codes)}`);
  }
  return { status: subscription.status, cancelAtPeriodEnd: true };
});

// ---------------------------------------------------------------------------------------------
// The member's payment history.

/** `GET /api/subscriptions/charges?cursor=&limit=`. */
export const ChargesQuery = pageQuery({ fallback: 24, max: 100, maxCursorLength: 1024 });

const chargeConversions = () => createConversions(db().entities.membershipCharge).byAccessPattern.byUser;

/** A cursor must be one this list issued for the caller's own charges (read back, checked and encoded again). */
function checkChargeCursor(cursor: string | undefined, userId: string): void {
  if (cursor === undefined) return;
  const Composite = z.strictObject({ userId: z.literal(userId), paidAt: z.string().check(z.regex(ISO_TIME)), invoiceId: z.string().check(z.regex(/^[A-Za-z0-9_]{1,255}$/)) });
  let reissued: string | undefined;
  try {
    const composite = Composite.safeParse(chargeConversions().fromCursor.toComposite(cursor));
    if (composite.success) reissued = (chargeConversions().fromComposite.toCursor as (keys: object) => string)(composite.data);
  } catch {
    // not a cursor at all: refused below
  }
  if (reissued !== cursor) throw invalid(INVALID_CURSOR);
}

/**
 * GET /api/subscriptions/charges: the caller's membership charges (each paid invoice: plan, amount, date, period,
 * card), newest first, a page at a time; one Query of their own partition. Written by the webhook (webhook.ts).
 */
export const charges = /* @__PURE__ */ fn({ role: "customer", input: ChargesQuery }, async (actor, query): Promise<MembershipChargesView> => {
  checkChargeCursor(query.cursor, actor.userId);
  const page = await db().entities.membershipCharge.query.byUser({ userId: actor.userId }).go({ order: "desc", limit: query.limit + 1, cursor: query.cursor ?? null });
  const items = page.data.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items: items.map((item) => ({
      invoiceId: item.invoiceId,
      plan: item.plan,
      amountCents: item.amountCents,
      paidAt: item.paidAt,
      periodStart: item.periodStart ?? null,
      periodEnd: item.periodEnd ?? null,
      card: item.card ?? null,
    })),
    cursor: page.data.length > query.limit && last ? chargeConversions().fromComposite.toCursor({ userId: last.userId, paidAt: last.paidAt, invoiceId: last.invoiceId }) : null,
  };
});

// ---------------------------------------------------------------------------------------------
// The admin's list of subscribers.

/** The statuses the list walks, in this order: the live ones. */
const LISTED_STATUSES = ["active", "trialing", "past_due"] as const;
type ListedStatus = (typeof LISTED_STATUSES)[number];

/** `GET /api/admin/subscriptions?cursor=&limit=`. */
export const AdminSubscriptionsQuery = pageQuery({ fallback: 25, max: 100, maxCursorLength: 1024 });

const statusConversions = () => createConversions(db().entities.subscription).byAccessPattern.byStatus;

/** A position in the list: which status, and where within it (null: its start). */
interface Position {
  s: number;
  c: string | null;
}

const encode = (position: Position) => Buffer.from(JSON.stringify(position)).toString("base64url");

/** A cursor must be exactly one this list issues (checked before it reaches DynamoDB). */
function decode(cursor: string | undefined): Position {
  if (cursor === undefined) return { s: 0, c: null };
  let position: Position | undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Position;
    if (Number.isInteger(parsed.s) && parsed.s >= 0 && parsed.s < LISTED_STATUSES.length && (parsed.c === null || typeof parsed.c === "string")) {
      if (parsed.c !== null) {
        const composite = statusConversions().fromCursor.toComposite(parsed.c) as Record<string, unknown>;
        const status = LISTED_STATUSES[parsed.s];
        const ok =
          composite?.status === status &&
          typeof composite.createdAt === "string" &&
          typeof composite.userId === "string" &&
          typeof composite.id === "string" &&
          statusConversions().fromComposite.toCursor({ status, createdAt: composite.createdAt, userId: composite.userId, id: composite.id }) === parsed.c;
        if (ok) position = { s: parsed.s, c: parsed.c };
      } else position = { s: parsed.s, c: null };
    }
  } catch {
    // not a cursor at all: refused below
  }
  if (!position || encode(position) !== cursor) throw invalid(INVALID_CURSOR);
  return position;
}

const cursorAfter = (status: ListedStatus, item: SubscriptionItem) =>
  statusConversions().fromComposite.toCursor({ status, createdAt: item.createdAt, userId: item.userId, id: item.id });

/**
 * GET /api/admin/subscriptions: the live subscriptions (active, then trialing, then past due; oldest first within
 * each, from the byStatus index), a page at a time, each with its customer and points balance (two BatchGets per
 * page, never one read per row). Admin.
 */
export const adminList = /* @__PURE__ */ fn(
  { role: "admin", input: AdminSubscriptionsQuery },
  async (_actor, query): Promise<{ items: AdminMembership[]; cursor: string | null }> => {
    const start = decode(query.cursor);
    const found: SubscriptionItem[] = [];
    let next: Position | null = null;
    for (let s = start.s, c = start.c; s < LISTED_STATUSES.length; s++, c = null) {
      const status = LISTED_STATUSES[s]!;
      const want = query.limit - found.length;
      const page = await db()
        .entities.subscription.query.byStatus({ status })
        .go({ limit: want + 1, cursor: c, pages: 1 });
      found.push(...page.data.slice(0, want));
      if (page.data.length > want) {
        next = { s, c: cursorAfter(status, found[found.length - 1]!) };
        break;
      }
      if (found.length >= query.limit) {
        next = s + 1 < LISTED_STATUSES.length ? { s: s + 1, c: null } : null;
        break;
      }
    }
    const userIds = [...new Set(found.map((item) => item.userId))];
    const [users, accounts] = userIds.length
      ? await Promise.all([
          db().entities.user.get(userIds.map((userId) => ({ userId }))).go(),
          db().entities.loyaltyAccount.get(userIds.map((userId) => ({ userId }))).go(),
        ])
      : [{ data: [] }, { data: [] }];
    const userOf = new Map(users.data.map((user) => [user.userId, user]));
    const pointsOf = new Map(accounts.data.map((account) => [account.userId, account.balance]));
    const now = new Date();
    return {
      items: found.map((item) => {
        const user = userOf.get(item.userId);
        return {
          id: item.id,
          userId: item.userId,
          customer: { firstName: user?.firstName ?? null, lastName: user?.lastName ?? null, email: user?.email ?? null, phone: user?.phone ?? null },
          plan: item.plan,
          status: item.status,
          currentPeriodEnd: item.currentPeriodEnd ?? null,
          cancelAtPeriodEnd: item.cancelAtPeriodEnd ?? false,
          regripsLeft: regripsLeft(item, now),
          assignedPaddleIds: item.assignedPaddleIds ?? [],
          points: pointsOf.get(item.userId) ?? 0,
        };
      }),
      cursor: next ? encode(next) : null,
    };
  },
);
