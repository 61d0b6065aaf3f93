/**
 * A membership's messages to its member: the receipt of each charge (the first month and every renewal), how to fix
 * a failed charge, and the notice of a cancel with when its coverage ends. Each is an effect of the very write that
 * records its fact (db/effects.ts), so it goes once: a charge's and a failure's with the invoice's own ledger item
 * (webhook.ts: however often, and in whatever order, Stripe reports it), a cancel's with the subscription's write
 * that first turns `cancelAtPeriodEnd` on or ends it (the member's own cancel in index.ts, or Stripe's event).
 * Text and email go as the member allows each (`Texts.notify`); nothing here fails the write it follows.
 */
import type Stripe from "stripe";
import { env } from "../../../../infra/env";
import type { Effect } from "../db/effects";
import { formatDate, localOf } from "../shared/calendar";
import { PLAN_TERMS } from "../shared/membership";
import type { Plan } from "../shared/plans";

/** Shop Tools' Subscription tab: the membership and its payments. */
function membershipUrl(): string | undefined {
  const site = process.env[env.siteUrl]?.replace(/\/+$/, "");
  return site ? `${site}/shop-tools?tab=subscription` : undefined;
}

const dayOf = (epochSeconds: number) => formatDate(localOf(new Date(epochSeconds * 1000)).date);

/** The period an invoice pays for: its subscription line's, else the invoice's own bounds. */
export function periodOf(invoice: Stripe.Invoice): { start: number; end: number } | undefined {
  const line = invoice.lines?.data?.find((item) => item.period?.start && item.period?.end);
  if (line) return { start: line.period.start, end: line.period.end };
  return invoice.period_start && invoice.period_end ? { start: invoice.period_start, end: invoice.period_end } : undefined;
}

/** "Visa ending in 4242", when the event carries the card that paid (an expanded payment method or charge). */
export function cardOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const method = (invoice as unknown as { default_payment_method?: unknown }).default_payment_method;
  const card =
    (typeof method === "object" && method ? (method as { card?: { brand?: string; last4?: string } }).card : undefined) ??
    (invoice as unknown as { charge?: { payment_method_details?: { card?: { brand?: string; last4?: string } } } }).charge?.payment_method_details?.card;
  if (!card?.last4) return undefined;
  const brand = card.brand ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ` : "card ";
  return `${brand}ending in ${card.last4}`;
}

const texts = async () => (await import("../texts")).Texts;

/** The receipt of a paid membership invoice. */
export function membershipReceipt(userId: string, plan: Plan, invoice: Stripe.Invoice): Effect {
  const period = periodOf(invoice);
  return {
    name: `send membership receipt of ${invoice.id} to ${userId}`,
    run: async () =>
      (await texts()).notify(
        "membershipReceipt",
        {
          planName: PLAN_TERMS[plan].name,
          amountCents: invoice.amount_paid,
          period: period ? `${dayOf(period.start)} to ${dayOf(period.end)}` : "this month",
          card: cardOfInvoice(invoice),
          membershipUrl: membershipUrl(),
        },
        { userId },
      ),
  };
}

/** How to fix a failed membership charge: Stripe's page to pay it with another card, and when the card is tried again. */
export function membershipPaymentFailed(userId: string, plan: Plan, invoice: Stripe.Invoice): Effect {
  return {
    name: `tell ${userId} membership charge ${invoice.id} failed`,
    run: async () =>
      (await texts()).notify(
        "membershipPaymentFailed",
        {
          planName: PLAN_TERMS[plan].name,
          amountCents: invoice.amount_due,
          payUrl: invoice.hosted_invoice_url ?? undefined,
          nextAttempt: invoice.next_payment_attempt ? dayOf(invoice.next_payment_attempt) : undefined,
          membershipUrl: membershipUrl(),
        },
        { userId },
      ),
  };
}

/** The notice of a cancel: `coveredUntil` the period's end (ISO) when coverage lasts until then, absent when it ended now. */
export function membershipCanceled(userId: string, plan: Plan, subscriptionId: string, coveredUntil: string | undefined): Effect {
  return {
    name: `tell ${userId} membership ${subscriptionId} is canceled`,
    run: async () =>
      (await texts()).notify(
        "membershipCanceled",
        {
          planName: PLAN_TERMS[plan].name,
          coveredUntil: coveredUntil ? formatDate(localOf(new Date(coveredUntil)).date) : undefined,
          membershipUrl: membershipUrl(),
        },
        { userId },
      ),
  };
}
