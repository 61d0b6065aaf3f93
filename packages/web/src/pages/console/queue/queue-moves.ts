import { staffStageLabel, type Stage } from "@regrip/core/shared/lifecycle";
import { fitsPayment, movesFrom, type Move, type MoveRole } from "@regrip/core/shared/moves";
import { isAdmin, isStaff } from "../../../auth/roles";
import type { CurrentUser } from "@regrip/core/shared/users";

/** The role the server will move an order as for this viewer (moves.ts's moveRoleOf, from the browser's user). */
export function viewerMoveRole(user: CurrentUser | null | undefined): MoveRole | undefined {
  if (isAdmin(user)) return "admin";
  if (isStaff(user)) return "employee";
  return undefined;
}

export interface MenuMove {
  /** The menu item's id: the target stage. */
  id: Stage;
  text: string;
  move: Move;
}

/** What the menu reads of an order: its stage, and its payment (a paid order rolls back to Scheduled, not Invoiced). */
export interface MenuOrder {
  stage: Stage;
  paymentStatus: string;
  totalCents: number;
  /** Set on an order added to a paid one: it moves only by its payment, or is canceled. */
  addedTo?: unknown;
}

/**
 * The Change Status menu of the queue, Admin Orders and the staff order view: exactly the moves the server allows
 * this role from the order's stage and payment, the queue's next steps first, then roll back and cancel, then
 * (admins) the corrections named by the stage they set, in the staff's one word for each stage.
 */
export function queueMenu(order: MenuOrder, role: MoveRole | undefined): MenuMove[] {
  if (!role) return [];
  const rank = { next_step: 0, roll_back: 1, cancel: 2, correction: 3, payment: 4 } as const;
  return movesFrom(order.stage, role)
    .filter((move) => fitsPayment(move, order))
    .sort((a, b) => rank[a.kind] - rank[b.kind])
    .map((move) => ({
      id: move.to,
      text: move.kind === "correction" ? `${move.label}: ${staffStageLabel[move.to]}` : move.label,
      move,
    }));
}
