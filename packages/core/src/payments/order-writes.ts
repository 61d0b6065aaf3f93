/**
 * How a payment fact reaches an order: read the order, decide from what it
 * holds, and write the decision through the one move writer
 * (orders/move-writer.ts `decideAndWrite`) with its audit entries and, for a
 * webhook event, the event's ledger item. What is decided here is payments'
 * own: the write is conditioned on the facts a payment decision reads (stage,
 * payment state, refunded amount), so a decision is never applied to an
 * order that changed meanwhile: the writer reads it again and this decides
 * again. A payment that moves the order (awaiting payment → scheduled) is a
 * move like any other: its counts, history, audit and effects come from the
 * writer.
 *
 * The ledger item (uniqueValue `stripeEvent#<event id>`) is created in the
 * same transaction as the change, so an event is applied exactly once: a
 * repeat is cancelled on that item and changes nothing, and a crash cannot
 * leave the change without the ledger item or the other way round.
 */
import { decideAndWrite, readOrder, type Decide, type Decided, type OrderChange, type OrderSet, type ReadFact } from "../orders/move-writer";

export { EVENT_LEDGER_TTL_SECONDS, eventLedgerWrite } from "../orders/move-writer";
export { readOrder, type OrderChange, type OrderSet };

export type ApplyOutcome = Decided;

/** What every payment decision reads besides the stage, so its write waits for none of them to change. */
const PAYMENT_FACTS: readonly ReadFact[] = ["paymentStatus", "refundedAmountCents"];

/**
 * Decides and writes a change to order `orderId`; with `eventId`, exactly
 * once per event. `decide` may be called more than once (after a concurrent
 * change), so it must be pure.
 */
export function applyToOrder(orderId: string, decide: Decide, options: { eventId?: string } = {}): Promise<ApplyOutcome> {
  return decideAndWrite(
    orderId,
    (order) => {
      const change = decide(order);
      return change && { ...change, unchanged: [...PAYMENT_FACTS, ...(change.unchanged ?? [])] };
    },
    options,
  );
}
