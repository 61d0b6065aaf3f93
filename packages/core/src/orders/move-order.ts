/**
 * POST /api/orders/{id}/status: one move of the lifecycle (moves.ts), made by
 * the order's owner or by staff. Here is only the decision: which move the
 * actor may make, and the refund a cancel calls for. The move is written by
 * the one move writer (move-writer.ts), conditioned on the status it was
 * decided from (of two moves at once on one order exactly one wins; the
 * other is a 409), and its text runs after the commit. After the commit, the
 * refund a cancel calls for: it cannot undo the move.
 */
import * as z from "zod/mini";
import type { UserActor } from "../actor";
import { fn } from "../actor/fn";
import { db } from "../db";
import { conflict, forbidden, invalid } from "../errors";
import type { RefundOutcome } from "../payments/refunds";
import { CANCEL_AFTER_CHECK_IN, customerCancel, FULL_REFUND_WINDOW_MS, refundableCents } from "../shared/order-cancel";
import { Id } from "../shared/ids";
import { refundRefusal, TERMINAL_REFERENCE_NEEDED } from "../shared/refund-rules";
import { customerStageLabel, ORDER_STATUSES, stageOfStatus, staffStageLabel, type Stage } from "../shared/lifecycle";
import { balanceCents, cancelKeepsPayment, KEEP_PAYMENT_NEEDS_REASON, pickupBalanceDue } from "../shared/payment";
import { writeOrder } from "./move-writer";
import { addedOrders } from "./added";
import { ADDED_MOVES_BY_PAYMENT, addedBalanceRefusal } from "../shared/order-balance";
import { findMove, fitsPayment, moveRoleOf, type Move, type MoveRole } from "./moves";
import { find } from "./owned";
import { fullView } from "./full-view";
import { type OrderItem, type OrderView } from "./view";

export { FULL_REFUND_WINDOW_MS };

export const CHANGED_MEANWHILE = "This order was changed by someone else. Refresh and try again.";

/** What a move asks for: the order (by id) and the stage to move it to. */
export const MoveRequest = z.object({
  id: Id,
  status: z.enum(ORDER_STATUSES, {
    // Only a string sent is echoed (bounded): an object's own toString could be anything, or not a function at all.
    error: (issue) =>
      issue.input === undefined ? "Please choose a status" : typeof issue.input === "string" ? `Unknown status: ${issue.input.slice(0, 40)}` : "Unknown status",
  }),
  note: z.pipe(
    z.nullish(z.string({ error: "The note must be text" }).check(z.maxLength(500, "Notes must be 500 characters or less"))),
    z.transform((value: string | null | undefined) => (value?.trim() ? value.trim() : undefined)),
  ),
  /** Staff only: give the payment back with a cancel. */
  refund: z.pipe(
    z.nullish(z.boolean({ error: "refund must be true or false" })),
    z.transform((value: boolean | null | undefined) => value ?? false),
  ),
  /** A cancel's refund of a payment taken on the counter's card terminal: the terminal's reference of the refund made on it. */
  terminalReference: z.optional(
    z.pipe(
      z.nullable(z.string({ error: "The terminal reference must be text" }).check(z.maxLength(100, "The terminal reference must be 100 characters or less"))),
      z.transform((value: string | null) => (value?.trim() ? value.trim() : undefined)),
    ),
  ),
  /** Admin only: cancel a paid order and keep its payment; the note is the reason (audited). */
  keepPayment: z.pipe(
    z.nullish(z.boolean({ error: "keepPayment must be true or false" })),
    z.transform((value: boolean | null | undefined) => value ?? false),
  ),
});
export type MoveRequestInput = z.output<typeof MoveRequest>;

/**
 * The body of `POST /api/orders/{id}/status` as the handler layer reads it: a
 * JSON object, its fields as sent. `moveOrder` parses them with
 * `MoveRequest` once it has checked that the caller may move the order.
 */
const MoveRequestBody = z.looseObject({
  status: z.optional(z.unknown()),
  note: z.optional(z.unknown()),
  refund: z.optional(z.unknown()),
  keepPayment: z.optional(z.unknown()),
  terminalReference: z.optional(z.unknown()),
});

/** What `moveOrder` takes: the order's id and the move as sent (`{ status, note?, refund? }`), parsed once the caller may see the order. */
const MoveOrderInput = z.object({ id: Id, change: MoveRequestBody });

export interface OrderMoved {
  order: OrderView;
  refund: RefundOutcome | null;
}

function refusal(order: OrderItem, to: Stage, role: MoveRole): string {
  const from = stageOfStatus[order.status];
  if (from === to) return `This order is already ${customerStageLabel[to]}.`;
  if (role === "customer") {
    return to === "canceled" ? CANCEL_AFTER_CHECK_IN : "Only the shop can change this order's status.";
  }
  return `An order that is ${staffStageLabel[from]} can't be moved to ${staffStageLabel[to]}.`;
}

/**
 * What a move asks of the order's money, or a refusal (payment is a state beside the stage): no paddle leaves with a
 * balance (take the payment or comp it first: POST /api/orders/{id}/payments); a paid order rolls back to Scheduled,
 * never to awaiting payment; a paid order is canceled with its refund, unless an admin keeps the payment with a
 * reason. Answers how much the cancel gives back.
 */
function refundFor(order: OrderItem, move: Move, input: MoveRequestInput, now: Date): number {
  if (move.to !== "canceled" && (input.refund || input.keepPayment)) throw invalid("A refund can only be given with Cancel Order.");
  if (order.addedToOrderId && !fitsPayment(move, order)) throw conflict(ADDED_MOVES_BY_PAYMENT);
  if (!fitsPayment(move, order)) {
    throw conflict(`This order has nothing owing: roll it back to ${staffStageLabel.scheduled}, not to ${staffStageLabel.awaiting_payment}.`);
  }
  if (move.to === "picked_up") {
    const due = balanceCents(order);
    if (due > 0) throw conflict(pickupBalanceDue(due));
  }
  if (move.to !== "canceled") return 0;
  if (move.role === "customer") {
    const decision = customerCancel(order, now);
    if (!decision.allowed) throw conflict(decision.message);
    return decision.refundCents;
  }
  const owed = refundableCents(order);
  if (input.refund && input.keepPayment) throw invalid("Choose one: refund the payment or keep it.");
  if (input.refund) {
    if (owed === 0) throw conflict("This order has no card or counter payment left to refund.");
    // The refund's own rules, before anything is written: an employee refunds only a payment of the same shop day,
    // and a counter card payment is refunded on the terminal first.
    const refusal = refundRefusal(order, move.role === "admin" ? "admin" : "employee", now);
    if (refusal) throw forbidden(`${refusal}: this order was paid on an earlier day. Ask an admin to cancel it with its refund.`);
    if (order.paymentMethod === "POS_CARD" && !input.terminalReference) throw invalid(TERMINAL_REFERENCE_NEEDED);
    return owed;
  }
  if (owed === 0) return 0;
  if (!input.keepPayment || move.role !== "admin") throw conflict(cancelKeepsPayment(owed));
  if (!input.note) throw invalid(KEEP_PAYMENT_NEEDS_REASON);
  return 0;
}

/**
 * POST /api/orders/{id}/status: `actor` moves order `id` as `change` asks.
 * Any signed-in person may call it; the order is read and the caller checked
 * first (its owner or staff; anyone else gets 404 as for a missing order,
 * whatever they sent), then the move is parsed with `MoveRequest`. Answers
 * the order as the actor may see it, and the refund made.
 */
export const moveOrder = /* @__PURE__ */ fn({ role: "customer", input: MoveOrderInput }, async (actor, { id, change }): Promise<OrderMoved> => {
  const order = await find(actor, id);
  return applyMove(actor, order, z.parse(MoveRequest, { ...change, id }));
});

/** What the move's audit entry says of the money: the refund asked for, or the payment an admin kept and why. */
function moneyAudit(order: OrderItem, input: MoveRequestInput, refundCents: number): { auditDiff?: Record<string, unknown> } {
  if (refundCents) return { auditDiff: { refundCents } };
  if (input.keepPayment && input.status && stageOfStatus[input.status] === "canceled" && refundableCents(order) > 0) {
    return { auditDiff: { paymentKeptCents: refundableCents(order), reason: input.note } };
  }
  return {};
}

/**
 * Applies `input` to `order` as read (the caller has checked that `actor`
 * owns it or is staff): the move is conditioned on this read, so of two
 * moves decided from one read exactly one wins. `moveOrder` reads the
 * order and calls it; tests call it with a stale read to race two moves.
 */
export async function applyMove(
  actor: UserActor,
  order: OrderItem,
  input: MoveRequestInput,
  options: { now?: Date } = {},
): Promise<OrderMoved> {
  const now = options.now ?? new Date();
  const role = moveRoleOf(actor);
  const from = stageOfStatus[order.status];
  const to = stageOfStatus[input.status];
  const move = findMove(from, to, role);
  if (!move) throw conflict(refusal(order, to, role));
  // The paddle never leaves, nor is its order canceled, with a balance on an order added to it (shared/order-balance.ts).
  const waitsOnAdded = (move.to === "picked_up" || move.to === "canceled") && !!order.addedOrderIds?.length;
  if (waitsOnAdded) {
    const owing = addedBalanceRefusal(await addedOrders(order), move.to as "picked_up" | "canceled");
    if (owing) throw conflict(owing);
  }
  const refundCents = refundFor(order, move, input, now);
  if (refundCents > 0 && order.paymentMethod === "POS_CASH") await (await import("../drawers/cash")).assertDrawerOpen(order);

  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  const actorName = user?.firstName || actor.givenName || actor.username;
  const note = input.note ?? move.defaultNote;
  const written = await writeOrder({
    order,
    move: { move, actor, actorName, note, at: now.toISOString(), ...moneyAudit(order, input, refundCents) },
    // Decided from the payment as read too: a payment or refund landing meanwhile makes this a 409, decided again.
    // An order added to this one meanwhile changes its updatedAt: the pickup or cancel is decided again (a 409).
    unchanged: ["paymentStatus", "refundedAmountCents", ...(move.to === "picked_up" || move.to === "canceled" ? (["updatedAt"] as const) : [])],
    now,
  });
  if (!written.committed) throw conflict(CHANGED_MEANWHILE);

  const { data: moved } = await db().entities.serviceOrder.get({ id: order.id }).go({ consistent: true });
  let current = moved ?? written.order;
  let refund: RefundOutcome | null = null;
  if (refundCents > 0) {
    const reason = move.role === "customer" ? "Canceled online by the customer, in time for a full refund" : note ?? "Canceled by staff";
    // The refund's code (the payment provider) loads only for a cancel that refunds (`npm run bench:lambda`).
    refund = await (await import("../payments/refunds")).refundInFull(current, actor, { reason, actorName, terminalReference: input.terminalReference });
    const { data: refunded } = await db().entities.serviceOrder.get({ id: order.id }).go({ consistent: true });
    current = refunded ?? current;
  }
  return { order: await fullView(actor, current), refund };
}
