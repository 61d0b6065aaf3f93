/**
 * A tip's payment (`checkout.session.completed` with `metadata.kind` "tip", or an order's payment that carried
 * the tip with a pickup's balance: `metadata.tipId`, both sent here by payments/webhook.ts), recorded exactly once: the tip item made paid (with its payment intent and the staff member who moved the order
 * to Ready), the day's tip figures and the staff member's month (stats/daily.ts `tipRecorded`), the audit entry and
 * the event's ledger item, in one transaction.
 *
 * - The same event again (a repeat, or two deliveries at once): cancelled on the ledger item, nothing changes.
 * - Another completed session for a tip already paid (two tabs): the tip is not counted twice; the second
 *   payment is audited (`tip.duplicate_payment`) so staff give it back.
 * - A payment of another tip of an order whose tip is paid (two checkouts opened before either was paid, paid at
 *   the same moment or one after the other): an order takes one tip, claimed in the same transaction
 *   (uniqueValue `orderTip`), so only one is recorded; the other is audited (`tip.duplicate_payment`) to give back.
 * - An amount or currency that is not the pending tip's: audited (`tip.payment_mismatch`), not recorded.
 *
 * The order is read, never written: a tip does not change its total, payment status or points.
 */
import type Stripe from "stripe";
import type { SystemActor } from "../actor";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled } from "../db/labelled";
import { uniqueKey } from "../entities";
import { eventLedgerWrite } from "../orders/move-writer";
import type { OrderItem } from "../orders/view";
import { stageOfStatus } from "../shared/lifecycle";
import * as DailyStats from "../stats/daily";
import * as SalesStats from "../stats/sales";

const tipActor: SystemActor = { type: "system", name: "stripe-webhook" };

export type TipEventResult = "applied" | "unchanged" | "duplicate" | "ignored";

/** The staff member who last moved the order to Ready, from its status history (none when no user did). */
function readiedBy(order: Pick<OrderItem, "statusHistory">): { staffId?: string; staffName?: string } {
  const entry = [...order.statusHistory].reverse().find((e) => stageOfStatus[e.to] === "ready" && e.actorId);
  return entry ? { staffId: entry.actorId, staffName: entry.actorName || undefined } : {};
}

/**
 * How a tip's payment is told: a tip's own session (its whole amount, the event's own ledger item), or a pickup's
 * payment that carried the tip with the balance (payments/webhook.ts): the tip's part of the amount, and a ledger
 * item of its own beside the order's (`<event id>:tip`), so a repeat records neither twice and a retry after the
 * order's part was written still records the tip.
 */
export interface TipPart {
  amountCents: number;
  ledgerId: string;
}

const ledger = eventLedgerWrite;

/** An audit entry on the order, the event's ledger item beside it: a payment that is not recorded as the tip. */
async function auditOnly(event: Stripe.Event, ledgerId: string, tipId: string, orderId: string, action: string, diff: Record<string, unknown>, now: Date): Promise<TipEventResult> {
  const result = await writeLabelled((entities) => [
    ledger(entities, ledgerId, tipId, now),
    { label: "audit", write: entities.auditLog.create(auditEntry({ actor: tipActor, action, targetType: "order", targetId: orderId, diff: { tipId, ...diff, eventId: event.id } })).commit() },
  ]);
  if (result.committed) return "unchanged";
  if (result.failed.includes("event")) return "duplicate";
  throw new Error(`Auditing tip ${tipId}'s payment was cancelled: ${JSON.stringify(result.codes)}`);
}

export async function recordTip(event: Stripe.CheckoutSessionCompletedEvent, part?: TipPart, now: Date = new Date()): Promise<TipEventResult> {
  const session = event.data.object;
  const amountPaid = part ? part.amountCents : session.amount_total;
  const ledgerId = part?.ledgerId ?? event.id;
  const orderId = session.metadata?.orderId;
  const tipId = session.metadata?.tipId;
  if (!orderId || !tipId) return "ignored";
  if (session.payment_status !== "paid") return "ignored";
  const paymentIntentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  const paidAt = new Date(event.created * 1000).toISOString();
  return readDecideWrite<TipEventResult>(async () => {
    const { data: tip } = await db().entities.tip.get({ orderId, id: tipId }).go({ consistent: true });
    if (!tip) {
      console.warn(`Tip session ${session.id} (${event.id}) names tip ${tipId} of order ${orderId}, which does not exist; ignored`);
      return "ignored";
    }
    if (tip.status === "paid") {
      // The same payment told again (a repeat of the event, or another event of it) changes nothing; another
      // payment is money to give back.
      if (!paymentIntentId || paymentIntentId === tip.stripePaymentIntentId) return "duplicate";
      return auditOnly(event, ledgerId, tip.id, orderId, "tip.duplicate_payment", { paymentIntentId, amountCents: amountPaid, sessionId: session.id }, now);
    }
    if (amountPaid !== tip.amountCents || (session.currency ?? "").toLowerCase() !== tip.currency) {
      return auditOnly(event, ledgerId, tip.id, orderId, "tip.payment_mismatch", { amountCents: amountPaid, currency: session.currency, tipCents: tip.amountCents, sessionId: session.id }, now);
    }
    const { data: order } = await db().entities.serviceOrder.get({ id: orderId }).go({ consistent: true });
    const staff = order ? readiedBy(order) : {};
    const result = await writeLabelled((entities) => [
      ledger(entities, ledgerId, tip.id, now),
      {
        label: "tip",
        write: entities.tip
          .patch({ orderId, id: tip.id })
          .set({
            status: "paid",
            paidAt,
            stripeCheckoutSessionId: session.id,
            ...(paymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}),
            ...(staff.staffId ? { staffId: staff.staffId } : {}),
            ...(staff.staffName ? { staffName: staff.staffName } : {}),
          })
          // Paid once: a second session of the same tip, at the same moment, finds it paid and is audited instead.
          .where((a, { eq }) => eq(a.status, "pending"))
          .commit(),
      },
      // One paid tip per order: another tip's payment, even at the same moment, finds the order's claim taken.
      {
        label: "order-tip",
        write: entities.uniqueValue.create({ ...(uniqueKey("orderTip", orderId) as { kind: "orderTip"; value: string }), ownerId: tip.id }).commit(),
      },
      ...DailyStats.tipRecorded(entities, { amountCents: tip.amountCents, paidAt, ...staff }),
      ...SalesStats.salesWrites(entities, SalesStats.tipSales({ amountCents: tip.amountCents, paidAt, ...staff }, order ?? null)),
      {
        label: "audit",
        write: entities.auditLog
          .create(
            auditEntry({
              actor: tipActor,
              action: "tip.received",
              targetType: "order",
              targetId: orderId,
              diff: { tipId: tip.id, userId: tip.userId, amountCents: tip.amountCents, staffId: staff.staffId, staffName: staff.staffName, paymentIntentId, eventId: event.id },
            }),
          )
          .commit(),
      },
    ]);
    if (result.committed) return "applied";
    if (result.failed.includes("event")) return "duplicate";
    // Paid meanwhile by another session (or a concurrent event): read it again and decide again.
    if (changedSinceRead(result, "tip")) return CHANGED;
    if (result.failed.includes("order-tip")) {
      return auditOnly(event, ledgerId, tip.id, orderId, "tip.duplicate_payment", { paymentIntentId, amountCents: amountPaid, sessionId: session.id, reason: "The order's tip was already paid" }, now);
    }
    throw new Error(`Recording tip ${tip.id} was cancelled: ${JSON.stringify(result.codes)}`);
  }, () => new Error(`Tip ${tipId} kept changing; gave up`));
}
