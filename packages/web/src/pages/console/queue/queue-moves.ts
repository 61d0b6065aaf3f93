import { adminStageLabel, type Stage } from "@regrip/core/shared/lifecycle";
import { movesFrom, type Move, type MoveRole } from "@regrip/core/shared/moves";
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

/**
 * The Change Status menu: exactly the moves the server allows this role from the order's stage, the queue's next
 * steps first, then roll back and cancel, then (admins) the Admin Orders corrections named by their target.
 */
export function queueMenu(stage: Stage, role: MoveRole | undefined): MenuMove[] {
  if (!role) return [];
  const order = { next_step: 0, roll_back: 1, cancel: 2, correction: 3, payment: 4 } as const;
  return movesFrom(stage, role)
    .sort((a, b) => order[a.kind] - order[b.kind])
    .map((move) => ({
      id: move.to,
      text: move.kind === "correction" ? `${move.label}: ${adminStageLabel[move.to]}` : move.label,
      move,
    }));
}
