/**
 * A pack's payment (`checkout.session.completed` with `metadata.kind` "pack", sent here by payments/webhook.ts),
 * credited exactly once: the packCredit made paid (its expiry counted from now when the pack has one), the points
 * the payment earns (loyalty/order-points.ts `paymentPoints`, like any card payment), the pack's income on the
 * dashboard's day (`packPaidCents`) and the reports' items, the audit entry and the event's ledger item, in one
 * transaction.
 *
 * - The same event again (a repeat, or two deliveries at once): cancelled on the ledger item, nothing changes.
 * - Another completed session for a pack already paid: not credited twice; audited (`pack.duplicate_payment`) so
 *   staff give it back.
 * - An amount or currency that is not the pending pack's: audited (`pack.payment_mismatch`), not credited.
 */
import type Stripe from "stripe";
import type { SystemActor } from "../actor";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { afterCommit } from "../db/effects";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled, type TransactionEntities } from "../db/labelled";
import { ledgerWrites } from "../loyalty/order-points";
import { pointsEarned } from "../shared/loyalty";
import { eventLedgerWrite } from "../orders/move-writer";
import { dollars } from "../shared/payment";
import { expiryOf, PACK_CURRENCY } from "../shared/packs";
import * as DailyStats from "../stats/daily";
import * as SalesStats from "../stats/sales";
import { packReceipt } from "./receipt";

const packActor: SystemActor = { type: "system", name: "stripe-webhook" };

export type PackEventResult = "applied" | "unchanged" | "duplicate" | "ignored";

const ledger = eventLedgerWrite;

async function auditOnly(event: Stripe.Event, packCreditId: string, action: string, diff: Record<string, unknown>, now: Date): Promise<PackEventResult> {
  const result = await writeLabelled((entities) => [
    ledger(entities, event.id, packCreditId, now),
    { label: "audit", write: entities.auditLog.create(auditEntry({ actor: packActor, action, targetType: "pack", targetId: packCreditId, diff: { ...diff, eventId: event.id } })).commit() },
  ]);
  if (result.committed) return "unchanged";
  if (result.failed.includes("event")) return "duplicate";
  throw new Error(`Auditing pack ${packCreditId}'s payment was cancelled: ${JSON.stringify(result.codes)}`);
}

/**
 * The points the pack's payment earns, like any payment by card (`pointsEarned`): its ledger entry and the balance's
 * ADD, in the transaction that credits the pack (which the event's ledger item makes happen once).
 */
function paymentPoints(entities: TransactionEntities, userId: string, paidCents: number, reason: string, now: Date) {
  const earned = pointsEarned(paidCents);
  return { earned, writes: ledgerWrites(entities, userId, undefined, undefined, [{ type: "earn", points: earned, reason }], now) };
}

export async function recordPack(event: Stripe.CheckoutSessionCompletedEvent, now: Date = new Date()): Promise<PackEventResult> {
  const session = event.data.object;
  const userId = session.metadata?.userId;
  const packCreditId = session.metadata?.packCreditId;
  if (!userId || !packCreditId || session.payment_status !== "paid") return "ignored";
  const paymentIntentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  const paidAt = new Date(event.created * 1000).toISOString();
  return readDecideWrite<PackEventResult>(async () => {
    const { data: credit } = await db().entities.packCredit.get({ userId, id: packCreditId }).go({ consistent: true });
    if (!credit) {
      console.warn(`Pack session ${session.id} (${event.id}) names pack ${packCreditId} of ${userId}, which does not exist; ignored`);
      return "ignored";
    }
    if (credit.status === "paid") {
      if (!paymentIntentId || paymentIntentId === credit.stripePaymentIntentId) return "duplicate";
      return auditOnly(event, credit.id, "pack.duplicate_payment", { userId, paymentIntentId, amountCents: session.amount_total, sessionId: session.id }, now);
    }
    if (session.amount_total !== credit.priceCents || (session.currency ?? "").toLowerCase() !== PACK_CURRENCY) {
      return auditOnly(event, credit.id, "pack.payment_mismatch", { userId, amountCents: session.amount_total, currency: session.currency, priceCents: credit.priceCents, sessionId: session.id }, now);
    }
    const expiresAt = expiryOf(paidAt, credit.validDays);
    const result = await writeLabelled((entities) => {
      const points = paymentPoints(entities, userId, credit.priceCents, `Paid ${dollars(credit.priceCents)} by card for ${credit.name}`, now);
      // The receipt, by text and email as the customer allows, once the pack is credited (never on a repeat).
      afterCommit(packReceipt(userId, { ...credit, expiresAt, pointsEarned: points.earned }));
      return [
        ledger(entities, event.id, credit.id, now),
        {
          label: "pack",
          write: entities.packCredit
            .patch({ userId, id: credit.id })
            .set({
              status: "paid",
              paidAt,
              stripeCheckoutSessionId: session.id,
              ...(paymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}),
              ...(expiresAt ? { expiresAt } : {}),
            })
            // Paid once: a second session of the same pack, at the same moment, finds it paid and is audited instead.
            .where((a, { eq }) => eq(a.status, "pending"))
            .commit(),
        },
        ...points.writes,
        // The pack's income: the dashboard's day figure and the reports' items (stats/daily.ts, stats/sales.ts).
        ...DailyStats.packPaid(entities, credit.priceCents, paidAt),
        ...SalesStats.salesWrites(entities, SalesStats.packSales(credit, paidAt)),
        {
          label: "audit",
          write: entities.auditLog
            .create(
              auditEntry({
                actor: packActor,
                action: "pack.purchased",
                targetType: "pack",
                targetId: credit.id,
                diff: { userId, packId: credit.packId, name: credit.name, regrips: credit.regrips, amountCents: credit.priceCents, pointsEarned: points.earned, expiresAt, paymentIntentId, eventId: event.id },
              }),
            )
            .commit(),
        },
      ];
    });
    if (result.committed) return "applied";
    if (result.failed.includes("event")) return "duplicate";
    if (changedSinceRead(result, "pack")) return CHANGED;
    throw new Error(`Crediting pack ${credit.id} was cancelled: ${JSON.stringify(result.codes)}`);
  }, () => new Error(`Pack ${packCreditId} kept changing; gave up`));
}
