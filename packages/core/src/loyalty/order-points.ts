/**
 * What a change of an order does to its customer's points, decided beside the change and written in the
 * SAME transaction by the one move writer (orders/move-writer.ts `writeOrder`):
 *
 * - **Earn**: an order going from unpaid to paid by card (STRIPE) or at the counter (POS_CASH, POS_CARD) earns
 *   `pointsEarned(totalCents)`: the total is what was paid, after every discount and redeemed points, without tips
 *   (a tip is an item of its own). A comp, a membership's order (SUBSCRIPTION) and money that lands on a canceled
 *   order (it goes straight back) earn nothing. The order records `pointsEarned`.
 * - **Take back**: `refundedAmountCents` growing takes back, in proportion, what the refund after takes beyond what
 *   was taken before (`pointsTakenBack`, cumulative, recorded on the order). A payment that lands on an order Stripe
 *   already reported refunded earns and takes back in the same write: an earn entry and a takeback entry, the
 *   balance moved by the difference (nothing, for a refund in full).
 * - **Return**: a cancel gives back the points redeemed on the order, once (`pointsReturnedAt`).
 *
 * Exactly once: the points ride the order's conditional write. The order's write is conditioned on its status and
 * on the payment facts the points were decided from (`reads`), and a webhook event's ledger item is in the same
 * transaction, so a repeated event, a second click or a concurrent refund writes no second entry: its write fails
 * whole and is decided again from the order as it then is.
 *
 * A take-back may take the balance below 0 when the points were already spent (redeemed on a later order): the
 * ledger stays the truth of what happened, and a negative balance redeems nothing until it is earned back. Refusing
 * the refund, or forgiving the points, would each let a refund and a redemption turn points into money.
 */
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import type { LoyaltyEntryType } from "../entities/enums";
import { stageOfStatus, type OrderStatus, type PaymentStatus, type Stage } from "../shared/lifecycle";
import { pointsEarned, pointsTakenBack } from "../shared/loyalty";
import { dollars } from "../shared/payment";
import { POINTS_LABEL } from "./redeem";

/** The payment methods whose money earns points: a card online, cash or a card at the counter. */
const EARNING_METHODS: ReadonlySet<string> = new Set(["STRIPE", "POS_CASH", "POS_CARD"]);

/** The order as read, as far as its points go. */
interface OrderFacts {
  id: string;
  number?: number;
  userId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  totalCents: number;
  refundedAmountCents: number;
  pointsEarned?: number | null;
  pointsTakenBack?: number | null;
  pointsRedeemed?: number | null;
  pointsReturnedAt?: string | null;
}

/** The change's payment facts (orders/move-writer.ts `OrderSet`). */
interface SetFacts {
  paymentStatus?: PaymentStatus;
  paymentMethod?: string;
  refundedAmountCents?: number;
}

interface Entry {
  type: LoyaltyEntryType;
  points: number;
  reason: string;
}

export interface OrderPoints {
  /** The order's own points facts, set in the order's patch. */
  set: { pointsEarned?: number; pointsTakenBack?: number; pointsReturnedAt?: string };
  /** The payment facts the points were decided from: the order's write is conditioned on them being as read. */
  reads: ("paymentStatus" | "refundedAmountCents")[];
  /** The balance's change and its ledger entries, for the order's transaction. */
  writes: (entities: TransactionEntities) => LabelledWrite[];
}

const NOTHING: OrderPoints = { set: {}, reads: [], writes: () => [] };

/**
 * The ledger entries' writes and the balance's one ADD (their sum; none when it is 0), each entry a millisecond
 * apart so the history lists them in the order they were decided.
 */
export function ledgerWrites(
  entities: TransactionEntities,
  userId: string,
  orderId: string | undefined,
  orderNumber: number | undefined,
  entries: readonly Entry[],
  now: Date,
): LabelledWrite[] {
  const kept = entries.filter((entry) => entry.points !== 0);
  const net = kept.reduce((sum, entry) => sum + entry.points, 0);
  return [
    ...(net !== 0 ? [{ label: POINTS_LABEL, write: entities.loyaltyAccount.update({ userId }).add({ balance: net }).commit() }] : []),
    ...kept.map((entry, i) => ({
      label: `points-entry:${i}`,
      write: entities.loyaltyLedger
        .create({ userId, ...(orderId ? { orderId } : {}), ...(orderNumber !== undefined ? { orderNumber } : {}), ...entry, createdAt: new Date(now.getTime() + i).toISOString() })
        .commit(),
    })),
  ];
}

/**
 * What writing `set` (and moving to `movedTo`, when the change moves the order) on `order` as read does to its
 * customer's points. Pure: the writer calls it once per change and builds the writes in each attempt.
 */
export function orderPoints(order: OrderFacts, set: SetFacts | undefined, movedTo: Stage | undefined, now: Date): OrderPoints {
  const entries: Entry[] = [];
  const orderSet: OrderPoints["set"] = {};
  const method = set?.paymentMethod ?? order.paymentMethod;
  const becomesPaid = order.paymentStatus === "unpaid" && (set?.paymentStatus === "paid" || set?.paymentStatus === "refunded");
  const earning = becomesPaid && EARNING_METHODS.has(method) && stageOfStatus[order.status] !== "canceled" && movedTo !== "canceled";

  const earned = earning ? pointsEarned(order.totalCents) : (order.pointsEarned ?? 0);
  if (earning) {
    orderSet.pointsEarned = earned;
    entries.push({ type: "earn", points: earned, reason: `Paid ${dollars(order.totalCents)}${method === "STRIPE" ? " by card" : " at the counter"}` });
  }
  const refundedBefore = order.refundedAmountCents ?? 0;
  const refundedAfter = set?.refundedAmountCents ?? refundedBefore;
  const takenBefore = earning ? 0 : (order.pointsTakenBack ?? 0);
  const takenAfter = pointsTakenBack(earned, order.totalCents, refundedAfter);
  if (takenAfter > takenBefore) {
    orderSet.pointsTakenBack = takenAfter;
    const refund = earning ? refundedAfter : refundedAfter - refundedBefore;
    entries.push({ type: "takeback", points: -(takenAfter - takenBefore), reason: `Refund of ${dollars(refund)}` });
  }

  const redeemed = order.pointsRedeemed ?? 0;
  if (movedTo === "canceled" && stageOfStatus[order.status] !== "canceled" && redeemed > 0 && !order.pointsReturnedAt) {
    orderSet.pointsReturnedAt = now.toISOString();
    entries.push({ type: "return", points: redeemed, reason: "Order canceled: redeemed points given back" });
  }

  if (Object.keys(orderSet).length === 0) return NOTHING;
  return {
    set: orderSet,
    reads: earning || orderSet.pointsTakenBack !== undefined ? ["paymentStatus", "refundedAmountCents"] : [],
    writes: (entities) => ledgerWrites(entities, order.userId, order.id, order.number, entries, now),
  };
}
