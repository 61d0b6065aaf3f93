/**
 * Which lifecycle moves each role may make: the one state machine of the
 * server. Pure data and lookups, no I/O, browser-safe: the server
 * checks every move with it (orders/moves.ts adds the role an actor moves as)
 * and the queue's and Admin Orders' menus offer exactly these moves.
 *
 * Roles:
 * - customer: the order's owner (another customer never gets this far: 404)
 * - employee, admin: staff; an admin has every employee move plus the Admin
 *   Orders dropdown's corrections
 * - system: the payment webhook, and the job that cancels orders unpaid past their hold
 *
 * A move to the stage the order is already in is never a move.
 */
import { STAGES, type Stage } from "./lifecycle";
import { CUSTOMER_CANCEL_STAGES } from "./order-cancel";
import { UNPAID_HOLD_NOTE } from "./unpaid-hold";

export type MoveRole = "customer" | "employee" | "admin" | "system";
export const MOVE_ROLES: readonly MoveRole[] = ["customer", "employee", "admin", "system"];

export type MoveKind =
  /** The service queue's next step. */
  | "next_step"
  /** 'Roll Back to Invoiced' (an order with a balance) or 'Roll Back to Scheduled' (a paid one). */
  | "roll_back"
  /** 'Cancel Order' (staff or the owner). */
  | "cancel"
  /** The Admin Orders dropdown: any of its stages to any other. */
  | "correction"
  /** Payment received: out of awaiting payment. */
  | "payment";

export interface Move {
  from: Stage;
  to: Stage;
  role: MoveRole;
  kind: MoveKind;
  /** What the screens call the action. */
  label: string;
  /** Written to statusHistory when the caller gives no note. */
  defaultNote?: string;
}

/** The service queue's next steps (the spec's, plus check-in and pickup). */
const nextSteps: readonly [Stage, Stage, string][] = [
  // A bag may go into the queue before its invoice is paid: payment is a fact beside the stage.
  ["awaiting_payment", "in_queue", "Move to Queue"],
  ["scheduled", "checked_in", "Check In"],
  ["checked_in", "in_queue", "Move to Queue"],
  ["in_queue", "in_service", "Start Service"],
  ["in_service", "ready", "Mark Complete"],
  ["ready", "picked_up", "Mark Picked Up"],
];

/** 'Roll Back to Invoiced' is offered for every stage except awaiting payment and canceled. */
const rollBackFrom: readonly Stage[] = STAGES.filter((s) => s !== "awaiting_payment" && s !== "canceled");

/**
 * A paid order never goes back to awaiting payment (payment is a fact beside the stage: it would read "Waiting
 * Payment" with its money in): its roll back is to Scheduled, from every stage after it.
 */
const rollBackToScheduledFrom: readonly Stage[] = rollBackFrom.filter((s) => s !== "scheduled");

/** 'Cancel Order' is offered unless the order is canceled, ready or picked up. */
const staffCancelFrom: readonly Stage[] = STAGES.filter((s) => s !== "canceled" && s !== "ready" && s !== "picked_up");

/** A customer may cancel their own order before check-in (the rule lives in shared/order-cancel). */
const customerCancelFrom: readonly Stage[] = CUSTOMER_CANCEL_STAGES;

/**
 * The spec's Admin Orders "from any to any" among SCHEDULED, IN_SERVICE, READY
 * and PICKED_UP: an admin's corrections (backwards too), from those stages and
 * from checked in and in queue, offered as "Set Status: <stage>" in the one
 * Change Status menu of every staff screen; an employee gets the queue's moves
 * only. Awaiting payment and canceled are not among them: payment and
 * cancellation have their own moves (and their money rules).
 */
const correctionStages: readonly Stage[] = ["scheduled", "in_service", "ready", "picked_up"];
const correctionFrom: readonly Stage[] = ["scheduled", "checked_in", "in_queue", "in_service", "ready", "picked_up"];

function build(): Move[] {
  const moves: Move[] = [];
  const staff: MoveRole[] = ["employee", "admin"];
  for (const role of staff) {
    for (const [from, to, label] of nextSteps) moves.push({ from, to, role, kind: "next_step", label });
    for (const from of rollBackFrom) {
      moves.push({ from, to: "awaiting_payment", role, kind: "roll_back", label: "Roll Back to Invoiced", defaultNote: "Rolled back by staff" });
    }
    for (const from of rollBackToScheduledFrom) {
      moves.push({ from, to: "scheduled", role, kind: "roll_back", label: "Roll Back to Scheduled", defaultNote: "Rolled back by staff" });
    }
    for (const from of staffCancelFrom) {
      moves.push({ from, to: "canceled", role, kind: "cancel", label: "Cancel Order", defaultNote: "Canceled by staff" });
    }
  }
  for (const from of correctionFrom) {
    for (const to of correctionStages) {
      if (to === from || moves.some((m) => m.role === "admin" && m.from === from && m.to === to)) continue;
      moves.push({ from, to, role: "admin", kind: "correction", label: "Set Status" });
    }
  }
  for (const from of customerCancelFrom) {
    moves.push({ from, to: "canceled", role: "customer", kind: "cancel", label: "Cancel Order", defaultNote: "Canceled by customer" });
  }
  moves.push({ from: "awaiting_payment", to: "scheduled", role: "system", kind: "payment", label: "Payment Received", defaultNote: "Payment received" });
  // A counter sale's paddle is already in the shop: paid, it goes straight into the service queue.
  moves.push({ from: "awaiting_payment", to: "in_queue", role: "system", kind: "payment", label: "Payment Received", defaultNote: "Payment received" });
  // The unpaid hold's end (orders/expire.ts): the order is canceled and its stock returned.
  moves.push({ from: "awaiting_payment", to: "canceled", role: "system", kind: "cancel", label: "Cancel Order", defaultNote: UNPAID_HOLD_NOTE });
  // An order added to a paid one (shared/order-balance.ts): paid, it is done, gone home with that order's paddle.
  moves.push({ from: "awaiting_payment", to: "picked_up", role: "system", kind: "payment", label: "Payment Received", defaultNote: "Payment received" });
  return moves;
}

export const MOVES: readonly Move[] = build();

/**
 * Where a payment takes an order out of awaiting payment: a counter sale (taken by staff, the paddle in the shop:
 * storefront, quick sale, or an order already serviced and rolled back) into the service queue; a booking to
 * Scheduled, until its paddle is dropped off; an order added to a paid one is done (Picked Up: it has no paddle of its
 * own to service or hand over).
 */
export function paidStage(order: { processedByStaffId?: string | null; addedToOrderId?: string | null }): Stage {
  if (order.addedToOrderId) return "picked_up";
  return order.processedByStaffId ? "in_queue" : "scheduled";
}

/**
 * Whether `move` fits the order's payment as well as its stage: an order with nothing owing (paid, comp, member,
 * refunded) never rolls back to awaiting payment, where it would read "Waiting Payment"; it rolls back to
 * Scheduled. An order added to a paid one moves only by its payment (or a cancel). The server refuses the other
 * moves; the menus leave them out.
 */
export function fitsPayment(move: Move, order: { paymentStatus: string; totalCents: number; addedTo?: unknown; addedToOrderId?: string | null }): boolean {
  // An order added to a paid one (./order-balance.ts) moves only by its payment, or is canceled.
  if (order.addedTo || order.addedToOrderId) return move.kind === "cancel" || move.role === "system";
  return !(move.kind === "roll_back" && move.to === "awaiting_payment") || (order.paymentStatus === "unpaid" && order.totalCents > 0);
}

/** The move `role` may make from `from` to `to`, or undefined when it is not allowed. */
export function findMove(from: Stage, to: Stage, role: MoveRole): Move | undefined {
  return MOVES.find((m) => m.from === from && m.to === to && m.role === role);
}

/** Every move `role` may make from `from` (what a screen can offer). */
export function movesFrom(from: Stage, role: MoveRole): Move[] {
  return MOVES.filter((m) => m.from === from && m.role === role);
}
