/**
 * A pack's payment given back in Stripe (a `charge.refunded` event of a pack's payment intent, sent here by
 * payments/webhook.ts): recorded once per event on the bought pack, in one transaction with the event's ledger item
 * and the audit entry (`pack.refunded`), and that much less pack income on the dashboard and in the reports. The amount is Stripe's cumulative `amount_refunded`: an event that gives
 * back nothing more than the pack already records changes nothing. Given back in full, the pack is `refunded` and its
 * credits left cover nothing more (shared/packs.ts `creditsLeft`); regrips it already covered stay covered. Part of
 * it given back leaves its credits as they are (the shop decides, and can refund the rest).
 */
import type { SystemActor } from "../actor";
import { auditWrite } from "../audit";
import { db } from "../db";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled } from "../db/labelled";
import { eventLedgerWrite } from "../orders/move-writer";
import { DailyStats } from "../stats/daily";
import * as SalesStats from "../stats/sales";
import type { PackEventResult } from "./record";

const refundActor: SystemActor = { type: "system", name: "stripe-webhook" };

export async function recordPackRefund(
  eventId: string,
  pack: { userId: string; packCreditId: string },
  amountRefundedCents: number,
  now: Date = new Date(),
): Promise<PackEventResult> {
  const { userId, packCreditId } = pack;
  return readDecideWrite<PackEventResult>(async () => {
    const { data: credit } = await db().entities.packCredit.get({ userId, id: packCreditId }).go({ consistent: true });
    if (!credit || credit.status === "pending") {
      console.warn(`Refund event ${eventId} names pack ${packCreditId} of ${userId}, which is not a paid pack; ignored`);
      return "ignored";
    }
    const before = credit.refundedCents ?? 0;
    const refunded = Math.min(Math.max(0, amountRefundedCents), credit.priceCents);
    if (refunded <= before) return "unchanged";
    const inFull = refunded >= credit.priceCents;
    const at = now.toISOString();
    const result = await writeLabelled((entities) => [
      eventLedgerWrite(entities, eventId, credit.id, now),
      // That much less pack income: the dashboard's day figure and the reports' items (stats/daily.ts, stats/sales.ts).
      ...DailyStats.packRefunded(entities, refunded - before, at),
      ...SalesStats.salesWrites(entities, SalesStats.packRefundSales(credit, refunded - before, at)),
      {
        label: "pack",
        write: entities.packCredit
          .patch({ userId, id: credit.id })
          .set({ refundedCents: refunded, refundedAt: at, ...(inFull ? { status: "refunded" as const } : {}) })
          // As read: a refund recorded meanwhile is read again.
          .where((a, { eq, notExists }) => (credit.refundedCents === undefined ? notExists(a.refundedCents) : eq(a.refundedCents, before)))
          .commit(),
      },
      auditWrite(entities, {
              actor: refundActor,
              action: "pack.refunded",
              targetType: "pack",
              targetId: credit.id,
              diff: { userId, name: credit.name, amountCents: refunded - before, refundedCents: refunded, priceCents: credit.priceCents, inFull, creditsLeftVoid: inFull ? credit.regrips - credit.used : 0, eventId },
            }, { createdAt: at }),
    ]);
    if (result.committed) return "applied";
    if (result.failed.includes("event")) return "duplicate";
    if (changedSinceRead(result, "pack")) return CHANGED;
    throw new Error(`Recording the refund of pack ${credit.id} was cancelled: ${JSON.stringify(result.codes)}`);
  }, () => new Error(`Pack ${packCreditId} kept changing; gave up`));
}
