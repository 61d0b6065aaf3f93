/**
 * Refunds: giving back an order's payment and recording it on the order
 * (refundedAmountCents, paymentStatus `refunded` once in full) and in the
 * audit log. A refund made here is recorded from the provider's answer; the
 * provider's later `charge.refunded` event carries the same cumulative
 * amount and so changes nothing more.
 */
import { createHash, randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { isAdmin, personOf, type Actor } from "../actor";
import { fn } from "../actor/fn";
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { CHANGED, readDecideWrite } from "../db/labelled";
import { uniqueKey } from "../entities";
import { fullView } from "../orders/full-view";
import type { OrderItem } from "../orders/view";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { applyToOrder, type ApplyOutcome, type OrderChange } from "./order-writes";
import type { BookableLocation } from "../shared/location-names";
import { paymentProvider } from "./provider";
import { refundNotice } from "../notifications/confirmations";
import { refundableCents } from "../shared/order-cancel";
import { ORDER_NOT_FOUND } from "../shared/orders";
import { dollars } from "../shared/payment";
import { Id } from "../shared/ids";
import { amountRefundTax, NOTHING_TO_REFUND, type RefundAnswer, RefundRequest, refundedUnits, refundFigures, refundRefusal, TERMINAL_REFERENCE_NEEDED, type RefundFigures } from "../shared/refunds";

export interface RefundOutcome {
  status: "refunded" | "failed" | "nothing";
  amountCents: number;
  refundId?: string;
  error?: string;
  /** The refund as listed on the order (refunded only). */
  refund?: RefundEntry;
}

/** One refund as the order lists it (entities/serviceOrder.ts `refunds`). */
export type RefundEntry = NonNullable<OrderItem["refunds"]>[number];

/** What is left of the order's payment to give back (the rule lives in shared/order-cancel, with the customer's cancel). */
export { refundableCents };

/**
 * Records that `cumulativeCents` of the order's payment has been refunded in
 * all (Stripe's `amount_refunded` is cumulative too), so recording the same
 * refund twice, from our call and from the webhook, counts it once.
 */
export function recordRefund(
  orderId: string,
  cumulativeCents: number,
  actor: Actor,
  details: { refundId?: string; reason?: string; eventId?: string; actorName?: string; taxCents?: number } = {},
): Promise<ApplyOutcome> {
  return applyToOrder(
    orderId,
    (order) => {
      if (order.paymentStatus === "unpaid") return keepEarlyRefund(order, cumulativeCents, actor, details);
      if (order.paymentStatus !== "paid" && order.paymentStatus !== "refunded") return null;
      const refunded = Math.min(cumulativeCents, order.totalCents);
      if (refunded <= order.refundedAmountCents) return null;
      const full = refunded >= order.totalCents;
      return {
        set: { refundedAmountCents: refunded, paymentStatus: full ? "refunded" : "paid" },
        remove: full ? ["paymentFailureReason"] : undefined,
        // The dashboard's refund figures ride with this write (stats/daily.ts refundGiven): the tax given back is
        // the caller's when it knows it, else the order's tax in proportion.
        ...(details.taxCents !== undefined ? { refundTaxCents: details.taxCents } : {}),
        // Told once the refund is written: once per amount given back, however often the provider reports it.
        // With the bill as the refund leaves it (what stays paid); a refund Stripe reported is a card's.
        effects: [refundNotice({ ...order, refundedAmountCents: refunded, paymentStatus: full ? "refunded" : "paid" }, { amountCents: refunded - order.refundedAmountCents, taxCents: details.taxCents, tender: "STRIPE" })],
        audits: [
          {
            actor,
            actorName: details.actorName,
            action: "order.refunded",
            targetType: "order",
            targetId: order.id,
            diff: {
              amountCents: refunded - order.refundedAmountCents,
              refundedAmountCents: refunded,
              paymentStatus: { from: order.paymentStatus, to: full ? "refunded" : "paid" },
              ...(details.refundId ? { refundId: details.refundId } : {}),
              ...(details.reason ? { reason: details.reason } : {}),
            },
          },
        ],
      };
    },
    { eventId: details.eventId },
  );
}

/**
 * Stripe can report a refund before the payment it gives back (events arrive
 * in any order): the figure is kept on the order and applied when the
 * payment lands (decidePayment), so the fact is never lost.
 */
function keepEarlyRefund(
  order: OrderItem,
  cumulativeCents: number,
  actor: Actor,
  details: { refundId?: string; reason?: string; actorName?: string },
): OrderChange | null {
  const amount = Math.min(cumulativeCents, order.totalCents);
  if (amount <= (order.earlyRefundedCents ?? 0)) return null;
  return {
    set: { earlyRefundedCents: amount },
    audits: [
      {
        actor,
        actorName: details.actorName,
        action: "order.refund_before_payment",
        targetType: "order",
        targetId: order.id,
        diff: { earlyRefundedCents: amount, ...(details.refundId ? { refundId: details.refundId } : {}), ...(details.reason ? { reason: details.reason } : {}) },
      },
    ],
  };
}

/** The tenders a refund gives money back to. */
type RefundTender = "STRIPE" | "POS_CASH" | "POS_CARD";

const isRefundTender = (method: string): method is RefundTender => method === "STRIPE" || method === "POS_CASH" || method === "POS_CARD";

/** The tender a refund of the order goes to (a counter payment's is its own; anything else is the card's). */
const refundTenderOf = (order: OrderItem): RefundTender => (isRefundTender(order.paymentMethod) ? order.paymentMethod : "STRIPE");

/** How long a refund holds its order's refund lock at most: a crash leaves it for no longer. */
const REFUND_LOCK_SECONDS = 60;
export const REFUND_UNDER_WAY = "Another refund of this order is being made. Refresh and try again.";

/**
 * Runs `run` holding the order's refund lock (a uniqueValue item, taken when absent or expired), so one refund of an
 * order is decided, given through the card provider and written at a time: a card refund is given before it is
 * written, and two given at once could together give back more than is left. A second refund waits for the first
 * under the one retry policy (db/labelled.ts), then is decided from the order as the first left it.
 */
async function withRefundLock<T>(orderId: string, run: () => Promise<T>): Promise<T> {
  const key = uniqueKey("refundLock", orderId) as { kind: "refundLock"; value: string };
  const holder: string = randomUUID();
  await readDecideWrite(
    async () => {
      const now = Math.floor(Date.now() / 1000);
      try {
        await db()
          .entities.uniqueValue.put({ ...key, ownerId: holder, expiresAtEpoch: now + REFUND_LOCK_SECONDS })
          .where((a, { notExists, lt }) => `${notExists(a.ownerId)} OR ${lt(a.expiresAtEpoch, now)}`)
          .go();
        return true;
      } catch (error) {
        if (isConditionFailed(error)) return CHANGED;
        throw error;
      }
    },
    () => conflict(REFUND_UNDER_WAY),
  );
  try {
    return await run();
  } finally {
    await db()
      .entities.uniqueValue.delete(key)
      .where((a, { eq }) => eq(a.ownerId, holder))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailed(error)) console.error(`Releasing the refund lock of order ${orderId} failed`, error);
      });
  }
}

/** `giveBack` of order `orderId` as read once its refund lock is held, after `check` (a permission) of it. */
export function giveBackNow(orderId: string, actor: Actor, ask: RefundAsk, check: (order: OrderItem) => void = () => {}): Promise<RefundOutcome> {
  return withRefundLock(orderId, async () => {
    const { data: order } = await db().entities.serviceOrder.get({ id: orderId }).go({ consistent: true });
    if (!order) throw notFound(ORDER_NOT_FOUND);
    check(order);
    return giveBack(order, actor, ask);
  });
}

/** What a refund asks: lines or an amount, why, and the card terminal's reference of a counter card payment. */
export interface RefundAsk {
  lines?: readonly { lineId: string; quantity: number }[];
  amountCents?: number;
  reason: string;
  terminalReference?: string;
  actorName?: string;
  /** Everything left of the payment (a cancel's refund), decided from the order as read under the lock. */
  all?: true;
  /** The caller's Idempotency-Key: the same key answers the same refund, however often it is sent. */
  idempotencyKey?: string;
  /** The counter's shop whose drawer hands back a cash refund (drawers/cash.ts); else the order's shop. */
  shop?: BookableLocation;
}

/**
 * The refund's id, from the order as read and what is asked: the same refund asked twice of the same order (a
 * double click, two staff at once) has the same id, so the card provider makes it once (its idempotency key) and the
 * order lists it once.
 */
function refundIdOf(order: OrderItem, figures: RefundFigures, tender: RefundTender, idempotencyKey?: string): string {
  const listed = order.refunds?.length ?? 0;
  const hash = createHash("sha256")
    .update(JSON.stringify(idempotencyKey ? [order.id, idempotencyKey] : [order.id, order.refundedAmountCents, listed, figures.amountCents, figures.lines ?? []]))
    .digest("hex")
    .slice(0, 24);
  return tender === "STRIPE" ? `rf_${hash}` : `counter-${hash}`;
}

/** Why a refund cannot be made of `order` now, as a 4xx; else its figures and tender. */
function decideRefund(order: OrderItem, ask: RefundAsk): { figures: RefundFigures; tender: RefundTender } {
  const decided = refundFigures(order, ask);
  if (!decided.ok) throw decided.conflict ? conflict(decided.message) : invalid(decided.message);
  if (!isRefundTender(order.paymentMethod)) throw conflict("This order has no card or counter payment left to refund.");
  if (order.paymentMethod === "POS_CARD" && !ask.terminalReference) throw invalid(TERMINAL_REFERENCE_NEEDED);
  return { figures: decided.figures, tender: order.paymentMethod };
}

/**
 * The one writer of a refund given (a staff refund of lines or an amount, a cancel's refund in full, a payment that
 * landed on a canceled order): the refund appended to the order's `refunds` and `refundedAmountCents` raised in ONE
 * write, conditioned on the payment facts as read (and the order's `updatedAt`), so two refunds at once are written
 * one after the other, each decided again from the order as the other left it. Points are taken back and the day's
 * refunded money counted in that same transaction (orders/move-writer.ts); the stage never changes here.
 *
 * A card refund goes through the payment provider first (idempotency key: the refund's id), then is written: once
 * the provider has given the money back it is recorded whatever happened meanwhile, its lines kept only as far as
 * they were still open. A counter refund (cash handed back, a card refunded on the counter's terminal) is
 * decided again on each write: one that no longer fits what is left is refused. Cash handed back comes out of the
 * counter's open drawer in the same transaction (drawers/cash.ts): with none open, 409 DRAWER_CLOSED and nothing
 * is written.
 */
export async function giveBack(order: OrderItem, actor: Actor, ask: RefundAsk): Promise<RefundOutcome> {
  // A repeat of an Idempotency-Key answers the refund it made, whatever the order is now.
  const keyed = ask.idempotencyKey ? order.refunds?.find((refund) => refund.id === refundIdOf(order, { amountCents: 0, taxCents: 0 }, refundTenderOf(order), ask.idempotencyKey)) : undefined;
  if (keyed) return { status: "refunded", amountCents: keyed.amountCents, refundId: keyed.stripeRefundId ?? keyed.id, refund: keyed };
  if (ask.all) {
    const left = refundableCents(order);
    if (left === 0) return { status: "nothing", amountCents: 0 };
    ask = { ...ask, all: undefined, amountCents: left };
  }
  const { figures, tender } = decideRefund(order, ask);
  const id = refundIdOf(order, figures, tender, ask.idempotencyKey);
  const already = order.refunds?.find((refund) => refund.id === id);
  if (already) return { status: "refunded", amountCents: already.amountCents, refundId: already.stripeRefundId ?? id, refund: already };
  let stripeRefundId: string | undefined;
  if (tender === "STRIPE") {
    try {
      stripeRefundId = (await (await paymentProvider()).refund(order, figures.amountCents, id)).id;
    } catch (caught) {
      const error = (caught as Error).message || "The payment provider refused the refund.";
      console.error(`Refund of order ${order.id} failed`, caught);
      await applyToOrder(order.id, (current) => ({
        set: { paymentFailureReason: `Refund of ${dollars(figures.amountCents)} failed: ${error}` },
        audits: [
          { actor, actorName: ask.actorName, action: "order.refund_failed", targetType: "order", targetId: current.id, diff: { amountCents: figures.amountCents, reason: ask.reason, error } },
        ],
      }));
      return { status: "failed", amountCents: figures.amountCents, error };
    }
  }
  const at = new Date().toISOString();
  const unlistedAtAsk = Math.max(0, order.refundedAmountCents - sumOf(order.refunds ?? []));
  let written: RefundEntry | undefined;
  const applied = await applyToOrder(order.id, (current) => {
    const listed = current.refunds?.find((refund) => refund.id === id);
    if (listed) {
      written = listed;
      return null;
    }
    const entryFigures = tender === "STRIPE" ? moneyAlreadyGiven(current, figures) : decideRefund(current, ask).figures;
    const entry: RefundEntry = {
      id,
      amountCents: entryFigures.amountCents,
      taxCents: entryFigures.taxCents,
      ...(entryFigures.lines?.length ? { lines: entryFigures.lines } : {}),
      reason: ask.reason,
      tender,
      ...(tender === "POS_CARD" && ask.terminalReference ? { terminalReference: ask.terminalReference } : {}),
      ...(stripeRefundId ? { stripeRefundId } : {}),
      ...(actor.type === "user" ? { byId: actor.userId } : {}),
      ...(ask.actorName ? { byName: ask.actorName } : {}),
      at,
    };
    written = entry;
    const refunds = [...(current.refunds ?? []), entry];
    // A card refund the provider reported first (charge.refunded, cumulative) is already counted: listing it raises
    // nothing. What was given back unlisted before this refund was asked stays counted beside the listed refunds.
    const expected = unlistedAtAsk + sumOf(refunds);
    const refunded = Math.min(current.totalCents, tender === "STRIPE" ? Math.max(current.refundedAmountCents, expected) : current.refundedAmountCents + entry.amountCents);
    const raised = refunded - current.refundedAmountCents;
    const full = refunded >= current.totalCents;
    const paymentStatus = full ? "refunded" : "paid";
    const names = (entry.lines ?? []).map((line) => ({ index: line.index, name: current.lineItems[line.index]?.name, quantity: line.quantity }));
    return {
      set: { refunds, refundedAmountCents: refunded, paymentStatus },
      remove: full ? ["paymentFailureReason"] : undefined,
      unchanged: ["updatedAt"],
      ...(tender === "POS_CASH" ? { also: async (read: OrderItem) => (await import("../drawers/cash")).cashIntoDrawer({ kind: "refund", amountCents: entry.amountCents, shop: ask.shop, actor, byName: ask.actorName, at })(read) } : {}),
      // The dashboard takes back this refund's own tax (a line's share, not the order's in proportion) when the whole
      // refund is counted now; a part Stripe reported first was counted then, in proportion, and the rest is too.
      ...(raised === entry.amountCents ? { refundTaxCents: entry.taxCents ?? 0 } : {}),
      effects: raised > 0 ? [refundNotice({ ...current, refunds, refundedAmountCents: refunded, paymentStatus }, { amountCents: entry.amountCents, taxCents: entry.taxCents ?? 0, tender, terminalReference: entry.terminalReference })] : [],
      audits: [
        {
          actor,
          actorName: ask.actorName,
          action: "order.refunded",
          targetType: "order",
          targetId: current.id,
          diff: {
            amountCents: entry.amountCents,
            taxCents: entry.taxCents ?? 0,
            ...(names.length ? { lines: names } : {}),
            tender,
            ...(entry.terminalReference ? { terminalReference: entry.terminalReference } : {}),
            reason: ask.reason,
            refundId: stripeRefundId ?? id,
            refundedAmountCents: refunded,
            paymentStatus: { from: current.paymentStatus, to: paymentStatus },
          },
        },
      ],
    };
  });
  if (applied.outcome === "missing") throw notFound(ORDER_NOT_FOUND);
  return { status: "refunded", amountCents: written!.amountCents, refundId: written!.stripeRefundId ?? id, refund: written };
}

const sumOf = (refunds: readonly { amountCents: number }[]) => refunds.reduce((sum, refund) => sum + refund.amountCents, 0);

/** A card refund the provider made, as it can be listed on the order now: its lines only while their units are open. */
function moneyAlreadyGiven(order: OrderItem, figures: RefundFigures): RefundFigures {
  const units = refundedUnits(order);
  const open = (figures.lines ?? []).every((line) => (units.get(line.index) ?? 0) + line.quantity <= order.lineItems[line.index]!.quantity);
  return open ? figures : { amountCents: figures.amountCents, taxCents: figures.taxCents };
}

/**
 * Refunds what is left of the order's payment, in full (a cancel's refund), through `giveBack`: by card through the
 * payment provider, or as money given back at the counter for a counter payment. A refusal by the provider is
 * recorded (audit entry and the order's paymentFailureReason) and answered, never thrown: the move that asked for
 * the refund has already happened.
 */
export async function refundInFull(
  order: OrderItem,
  actor: Actor,
  { reason, actorName, terminalReference }: { reason: string; actorName?: string; terminalReference?: string },
): Promise<RefundOutcome> {
  if (refundableCents(order) === 0) return { status: "nothing", amountCents: 0 };
  return giveBackNow(order.id, actor, { all: true, reason, actorName, terminalReference });
}

/** The tax an amount given back carries (shared/refunds.ts). */
export { amountRefundTax };

/** Whether staff member `actor` may refund the order's payment now (an employee: only a payment taken this shop day). */
export function assertMayRefund(actor: Actor, order: OrderItem, now: Date = new Date()): void {
  if (actor.type !== "user") return;
  const refusal = refundRefusal(order, isAdmin(actor) ? "admin" : "employee", now);
  if (refusal) throw forbidden(refusal);
}

const RefundOrderInput = z.object({
  id: Id,
  refund: RefundRequest,
  idempotencyKey: z.optional(z.string().check(z.minLength(1), z.maxLength(200, "The Idempotency-Key must be 200 characters or less"))),
});

export type RefundMade = RefundAnswer;

/**
 * POST /api/orders/{id}/refunds: staff give back part or all of an order's payment, by lines or by an amount, with
 * a reason (shared/refunds.ts says what each gives back and who may). 403 for an employee on a payment of an
 * earlier shop day; 400/409 for what does not fit; a card the provider refused is a 409 with its words.
 */
export const refundOrder = /* @__PURE__ */ fn({ role: "staff", input: RefundOrderInput }, async (staffActor, { id, refund, idempotencyKey }): Promise<RefundMade> => {
  const actor = personOf(staffActor);
  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  const actorName = user?.firstName || actor.givenName || actor.username;
  const outcome = await giveBackNow(id, actor, { ...refund, actorName, idempotencyKey }, (order) => assertMayRefund(actor, order));
  if (outcome.status === "nothing") throw conflict(NOTHING_TO_REFUND);
  if (outcome.status === "failed") throw conflict(`The card refund was refused: ${outcome.error}`);
  const { data: after } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  if (!after) throw notFound(ORDER_NOT_FOUND);
  return { refund: outcome.refund!, order: await fullView(staffActor, after) };
});
