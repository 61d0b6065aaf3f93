/**
 * Which lifecycle moves each role may make: the state machine is written once
 * in browser-safe shared/moves (the screens offer the same moves); here, the
 * role an actor moves an order as.
 */
import { isAdmin, isStaff, type Actor } from "../actor";
import type { MoveRole } from "../shared/moves";

export * from "../shared/moves";

/**
 * The role an actor moves an order as. Staff move as staff even on their own
 * orders; the caller has already checked that a customer owns the order.
 */
export function moveRoleOf(actor: Actor): MoveRole {
  if (actor.type === "system") return "system";
  if (isAdmin(actor)) return "admin";
  if (isStaff(actor)) return "employee";
  return "customer";
}
