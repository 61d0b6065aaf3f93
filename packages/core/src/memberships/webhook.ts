/**
 * Stripe's `customer.subscription.created`, `.updated` and `.deleted` events (verified by payments/webhook.ts),
 * applied exactly once: the subscription item (in its owner's partition, its id Stripe's `sub_...` id), the
 * active-subscriptions counter and the day's started / ended figures (stats/daily.ts), the audit entry and the
 * event's ledger item are one transaction. A repeat is cancelled on the ledger item; an event older than the one
 * last applied (Stripe sends them in any order) changes nothing but is remembered in the ledger.
 *
 * The owner is `metadata.userId` (set by whatever makes the subscription: a checkout in subscription mode); an
 * event without one is about no customer of ours and is ignored. The plan is `metadata.plan`, else the price's
 * lookup key, when either names one of PLANS. Each applied event also keeps Stripe's
 * `cancel_at_period_end` and the current period's end (a new period end starts the allowance again:
 * shared/membership.ts `regripsUsedNow`); the paddles come from `metadata.paddleIds` when the item is made, and
 * afterwards only from the customer (PUT /api/subscriptions/paddles). A subscription entering the live statuses
 * is named on its owner's user item (`subscriptionId`), so staff views find it by key.
 *
 * A subscription's invoices (`invoice.paid`, `invoice.payment_failed`; the subscription is named at
 * `parent.subscription_details.subscription` in this API version, `subscription` in older ones) and a checkout
 * completed in subscription mode are applied here too, each exactly once with its ledger item (and an invoice's
 * payment, or its failure, once per invoice whatever events report it: its `membershipInvoice` item):
 *
 * | event | effect |
 * |---|---|
 * | invoice.paid | its amount on the day's `subscriptionPaidCents` (the dashboard's revenue, the day it was paid); the member's payment history (a membershipCharge item) and receipt (messages.ts); audited |
 * | invoice.payment_failed | the member is told how to pay it with another card; audited, nothing paid (the status goes past due by customer.subscription.updated) |
 * | checkout.session.completed (mode subscription) | nothing beyond its ledger item: the subscription is made by its own event |
 */
import type Stripe from "stripe";
import type { SystemActor } from "../actor";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { afterCommit } from "../db/effects";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { SUBSCRIPTION_STATUSES, uniqueKey, type Plan, type SubscriptionStatus } from "../entities";
import { eventLedgerWrite } from "../payments/order-writes";
import { LIVE_SUBSCRIPTION_STATUSES } from "../shared/membership";
import { isPlan } from "../shared/plans";
import * as DailyStats from "../stats/daily";
import * as SalesStats from "../stats/sales";
import { cardOfInvoice, membershipCanceled, membershipPaymentFailed, membershipReceipt, periodOf } from "./messages";

type SubscriptionEvent = Stripe.CustomerSubscriptionCreatedEvent | Stripe.CustomerSubscriptionUpdatedEvent | Stripe.CustomerSubscriptionDeletedEvent;

const subscriptionActor: SystemActor = { type: "system", name: "stripe-webhook" };

export type SubscriptionEventResult = "applied" | "unchanged" | "duplicate" | "ignored";

const isStatus = (value: unknown): value is SubscriptionStatus => typeof value === "string" && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);

function planOf(subscription: Stripe.Subscription): Plan | undefined {
  if (isPlan(subscription.metadata?.plan)) return subscription.metadata.plan;
  const lookup = subscription.items?.data?.[0]?.price?.lookup_key;
  return isPlan(lookup) ? lookup : undefined;
}

/** The paddles a checkout put in the subscription's metadata (comma-separated ids). */
function paddlesOf(subscription: Stripe.Subscription): string[] {
  const raw = subscription.metadata?.paddleIds;
  return typeof raw === "string" && raw ? raw.split(",").filter(Boolean).slice(0, 10) : [];
}

function periodEndOf(subscription: Stripe.Subscription): string | undefined {
  const item = subscription.items?.data?.[0] as { current_period_end?: number } | undefined;
  const end = item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  return typeof end === "number" ? new Date(end * 1000).toISOString() : undefined;
}

/** Whether `event` is newer than what the item holds: a deletion always is (it is final); a creation never overrides a later fact of the same second. */
function isNewer(event: SubscriptionEvent, lastEventAt: number | undefined): boolean {
  if (lastEventAt === undefined) return true;
  if (event.type === "customer.subscription.deleted") return true;
  if (event.created > lastEventAt) return true;
  return event.created === lastEventAt && event.type !== "customer.subscription.created";
}

export async function handleSubscriptionEvent(event: SubscriptionEvent, now: Date = new Date()): Promise<SubscriptionEventResult> {
  const subscription = event.data.object;
  const userId = subscription.metadata?.userId;
  const status = event.type === "customer.subscription.deleted" ? "canceled" : subscription.status;
  if (!userId || !isStatus(status)) {
    console.warn(`${event.type} ${event.id} for ${subscription.id}: no metadata.userId or an unknown status (${status}); ignored`);
    return "ignored";
  }
  const key = { userId, id: subscription.id };
  return readDecideWrite<SubscriptionEventResult>(async () => {
    const { data: before } = await db().entities.subscription.get(key).go({ consistent: true });
    const plan = planOf(subscription) ?? before?.plan;
    if (!before && !plan) {
      console.warn(`${event.type} ${event.id} for ${subscription.id}: no plan in metadata.plan or the price's lookup key; ignored`);
      return "ignored";
    }
    const apply = isNewer(event, before?.lastEventAt);
    const customerId = typeof subscription.customer === "string" ? subscription.customer : subscription.customer?.id;
    const fields = {
      plan: plan!,
      status,
      stripeSubscriptionId: subscription.id,
      ...(customerId ? { stripeCustomerId: customerId } : {}),
      ...(periodEndOf(subscription) ? { currentPeriodEnd: periodEndOf(subscription) } : {}),
      cancelAtPeriodEnd: !!subscription.cancel_at_period_end,
      lastEventAt: event.created,
    };
    // Canceled, by whoever (the member's own cancel in index.ts turns the flag on first, and this event then changes
    // nothing it tells): at the period's end, or now. One that was already going to end was told then.
    const canceling = apply && !!plan && !before?.cancelAtPeriodEnd && (
      (fields.cancelAtPeriodEnd && LIVE_SUBSCRIPTION_STATUSES.has(status)) || (status === "canceled" && !!before && before.status !== "canceled")
    );
    // Entering the live statuses: the owner's user item names it (staff views read it by key). Not when the user is gone.
    const naming = apply && LIVE_SUBSCRIPTION_STATUSES.has(status) && !(before && LIVE_SUBSCRIPTION_STATUSES.has(before.status));
    const owner = naming ? (await db().entities.user.get({ userId }).go()).data : null;
    const result = await writeLabelled((entities) => {
      const writes: LabelledWrite[] = [
        eventLedgerWrite(entities, event.id, subscription.id, now),
      ];
      if (!apply) return writes;
      writes.push({
        label: "subscription",
        write: before
          ? entities.subscription
              .patch(key)
              .set(fields)
              // Written on the item as read: a concurrent event (or the member's cancel) makes this one read again and decide again.
              .where((a, { eq, notExists }) =>
                [
                  eq(a.status, before.status),
                  before.lastEventAt === undefined ? notExists(a.lastEventAt) : eq(a.lastEventAt, before.lastEventAt),
                  before.cancelAtPeriodEnd === undefined ? notExists(a.cancelAtPeriodEnd) : eq(a.cancelAtPeriodEnd, before.cancelAtPeriodEnd),
                ].join(" AND "),
              )
              .commit()
          : entities.subscription.create({ ...key, ...fields, assignedPaddleIds: paddlesOf(subscription) }).commit(),
      });
      if (owner) writes.push({ label: "user", write: entities.user.patch({ userId }).set({ subscriptionId: subscription.id }).commit() });
      if (canceling) afterCommit(membershipCanceled(userId, plan!, subscription.id, status === "canceled" ? undefined : fields.currentPeriodEnd ?? before?.currentPeriodEnd));
      writes.push(...DailyStats.subscriptionMoved(entities, before?.status, status, now));
      if (before?.status !== status) {
        writes.push({
          label: "audit",
          write: entities.auditLog
            .create(
              auditEntry({
                actor: subscriptionActor,
                action: before ? "subscription.status_changed" : "subscription.created",
                targetType: "subscription",
                targetId: subscription.id,
                diff: { userId, plan, status: { from: before?.status ?? null, to: status }, eventId: event.id },
              }),
            )
            .commit(),
        });
      }
      return writes;
    });
    if (result.committed) return apply ? "applied" : "unchanged";
    if (result.failed.includes("event")) return "duplicate";
    if (changedSinceRead(result, "subscription", "user")) return CHANGED;
    throw new Error(`Writing subscription ${subscription.id} was cancelled: ${JSON.stringify(result.codes)}`);
  }, () => new Error(`Subscription ${subscription.id} kept changing; gave up`));
}

// ---------------------------------------------------------------------------------------------
// A subscription's invoices and its checkout.

type InvoiceEvent = Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent;

/** The subscription an invoice bills, where this API version names it (or the older `invoice.subscription`); undefined for any other invoice. */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const named = invoice.parent?.subscription_details?.subscription ?? (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  if (!named) return undefined;
  return typeof named === "string" ? named : named.id;
}

/** An event's ledger item and what rides with it, once; "duplicate" when the event was applied before. */
async function once(event: Stripe.Event, ownerId: string, build: (entities: TransactionEntities) => LabelledWrite[], now: Date) {
  const result = await writeLabelled((entities) => [eventLedgerWrite(entities, event.id, ownerId, now), ...build(entities)]);
  if (result.committed) return "applied" as const;
  // The event applied before, or another event about the same invoice (the invoice's item, or its charge).
  if (result.failed.some((label) => label === "event" || label === "invoice" || label === "charge")) return "duplicate" as const;
  throw new Error(`Applying ${event.type} ${event.id} was cancelled: ${JSON.stringify(result.codes)}`);
}

/** The plan an invoice bills: its subscription's metadata snapshot, its line's price, else the subscription as stored. */
async function planOfInvoice(invoice: Stripe.Invoice, userId: string | null, subscriptionId: string): Promise<Plan | undefined> {
  const named = invoice.parent?.subscription_details?.metadata?.plan;
  if (isPlan(named)) return named;
  const lookup = (invoice.lines?.data?.[0] as { pricing?: { price_details?: { price?: string } }; price?: { lookup_key?: string } } | undefined)?.price?.lookup_key;
  if (isPlan(lookup)) return lookup;
  if (!userId) return undefined;
  return (await db().entities.subscription.get({ userId, id: subscriptionId }).go()).data?.plan;
}

const epochIso = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : undefined);

/**
 * `invoice.paid` / `invoice.payment_failed` of a subscription's invoice: a payment counts its amount as revenue on
 * the day it was paid (`status_transitions.paid_at`, else the event's time), is written to the member's payment
 * history and sends the receipt; a failure tells the member how to pay it, is audited and pays nothing. Each once,
 * whatever the order they come in: per event (its ledger item) and per invoice (its `membershipInvoice` item, so
 * another event about the same invoice is a duplicate too).
 */
export async function handleSubscriptionInvoice(event: InvoiceEvent, now: Date = new Date()): Promise<SubscriptionEventResult> {
  const invoice = event.data.object;
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId || !invoice.id) return "ignored";
  const userId = invoice.parent?.subscription_details?.metadata?.userId ?? null;
  const paid = event.type === "invoice.paid";
  const paidAt = new Date(((paid && invoice.status_transitions?.paid_at) || event.created) * 1000);
  const plan = await planOfInvoice(invoice, userId, subscriptionId);
  const period = periodOf(invoice);
  return once(
    event,
    subscriptionId,
    (entities) => {
      const writes: LabelledWrite[] = [
        {
          label: "invoice",
          write: entities.uniqueValue
            .create({
              ...(uniqueKey("membershipInvoice", `${paid ? "paid" : "failed"}:${invoice.id}`) as { kind: "membershipInvoice"; value: string }),
              ownerId: subscriptionId,
            })
            .commit(),
        },
        ...(paid ? DailyStats.subscriptionPaid(entities, invoice.amount_paid, paidAt) : []),
        ...(paid ? SalesStats.salesWrites(entities, SalesStats.membershipSales(invoice.amount_paid, paidAt, plan)) : []),
        {
          label: "audit",
          write: entities.auditLog
            .create(
              auditEntry({
                actor: subscriptionActor,
                action: paid ? "subscription.invoice_paid" : "subscription.payment_failed",
                targetType: "subscription",
                targetId: subscriptionId,
                diff: {
                  userId,
                  invoiceId: invoice.id,
                  billingReason: invoice.billing_reason,
                  ...(paid ? { amountPaidCents: invoice.amount_paid, paidAt: paidAt.toISOString() } : { amountDueCents: invoice.amount_due }),
                  eventId: event.id,
                },
              }),
            )
            .commit(),
        },
      ];
      // A member's invoice (its owner and plan known): their payment history, and the message.
      if (userId && plan) {
        if (paid) {
          writes.push({
            label: "charge",
            write: entities.membershipCharge
              .create({
                userId,
                invoiceId: invoice.id!,
                subscriptionId,
                plan,
                amountCents: invoice.amount_paid,
                paidAt: paidAt.toISOString(),
                periodStart: epochIso(period?.start),
                periodEnd: epochIso(period?.end),
                card: cardOfInvoice(invoice),
              })
              .commit(),
          });
          afterCommit(membershipReceipt(userId, plan, invoice));
        } else afterCommit(membershipPaymentFailed(userId, plan, invoice));
      }
      return writes;
    },
    now,
  );
}

/** `checkout.session.completed` in subscription mode: the subscription comes by its own event; this one is only remembered, once. */
export async function handleSubscriptionCheckout(event: Stripe.CheckoutSessionCompletedEvent, now: Date = new Date()): Promise<SubscriptionEventResult> {
  const session = event.data.object;
  const result = await once(event, session.id, () => [], now);
  return result === "applied" ? "unchanged" : result;
}
