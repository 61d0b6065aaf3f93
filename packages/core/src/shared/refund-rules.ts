/**
 * Who may refund, and the counter terminal's rule (shared/refunds.ts re-exports them): apart, so a cancel's
 * decision (orders/move-order.ts) checks them without loading the refund's arithmetic and its schema (npm run
 * bench:lambda). Browser-safe.
 */
import { shopDay } from "./analytics";

export const EARLIER_DAY_REFUND = "A payment from an earlier day is refunded by an admin";
export const TERMINAL_REFERENCE_NEEDED = "Refund it on the card terminal first, then enter the terminal's reference";

/** Whether `role` may refund the order's payment (taken at `paidAt`) at `now`; the refusal's words when not. */
export function refundRefusal(order: { paidAt?: string | null }, role: "employee" | "admin", now: Date = new Date()): string | null {
  if (role === "admin") return null;
  return order.paidAt && shopDay(order.paidAt) === shopDay(now) ? null : EARLIER_DAY_REFUND;
}
