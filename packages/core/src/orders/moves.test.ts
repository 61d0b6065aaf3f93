import { describe, expect, it } from "vitest";
import { STAGES, type Stage } from "../shared/lifecycle";
import { findMove, fitsPayment, MOVE_ROLES, moveRoleOf, movesFrom, paidStage, type MoveRole } from "./moves";

/**
 * The state machine written out by hand, independently of moves.ts: every
 * allowed (from → to) per role. Any triple not listed here must be refused.
 */
const A = "awaiting_payment",
  S = "scheduled",
  CI = "checked_in",
  Q = "in_queue",
  IS = "in_service",
  R = "ready",
  P = "picked_up",
  X = "canceled";

const staffMoves: [Stage, Stage, string][] = [
  // the queue's next steps
  [A, Q, "Move to Queue"],
  [S, CI, "Check In"],
  [CI, Q, "Move to Queue"],
  [Q, IS, "Start Service"],
  [IS, R, "Mark Complete"],
  [R, P, "Mark Picked Up"],
  // Roll Back to Invoiced: every stage but awaiting payment and canceled
  [S, A, "Roll Back to Invoiced"],
  [CI, A, "Roll Back to Invoiced"],
  [Q, A, "Roll Back to Invoiced"],
  [IS, A, "Roll Back to Invoiced"],
  [R, A, "Roll Back to Invoiced"],
  [P, A, "Roll Back to Invoiced"],
  // Roll Back to Scheduled (a paid order's roll back): every stage after scheduled
  [CI, S, "Roll Back to Scheduled"],
  [Q, S, "Roll Back to Scheduled"],
  [IS, S, "Roll Back to Scheduled"],
  [R, S, "Roll Back to Scheduled"],
  [P, S, "Roll Back to Scheduled"],
  // Cancel Order: unless canceled, ready or picked up
  [A, X, "Cancel Order"],
  [S, X, "Cancel Order"],
  [CI, X, "Cancel Order"],
  [Q, X, "Cancel Order"],
  [IS, X, "Cancel Order"],
];

/** The Admin Orders dropdown (SCHEDULED, IN_SERVICE, READY, PICKED_UP), admin only, where no staff move exists already. */
const adminCorrections: [Stage, Stage][] = [
  [S, IS], [S, R], [S, P],
  [CI, IS], [CI, R], [CI, P],
  [Q, R], [Q, P],
  [IS, P],
  [R, IS],
  [P, IS], [P, R],
];

const allowed: Record<MoveRole, [Stage, Stage][]> = {
  customer: [
    [A, X],
    [S, X],
  ],
  employee: staffMoves.map(([from, to]) => [from, to]),
  admin: [...staffMoves.map(([from, to]) => [from, to] as [Stage, Stage]), ...adminCorrections],
  system: [
    [A, S],
    [A, Q],
    [A, X],
    // An order added to a paid one, paid (shared/order-balance.ts).
    [A, P],
  ],
};

const triples = STAGES.flatMap((from) => STAGES.flatMap((to) => MOVE_ROLES.map((role) => [from, to, role] as const)));

describe("the moves table", () => {
  it("covers 8 × 8 × 4 triples", () => {
    expect(triples).toHaveLength(256);
  });

  it.each(triples)("%s → %s as %s", (from, to, role) => {
    const expected = allowed[role].some(([f, t]) => f === from && t === to);
    const move = findMove(from, to, role);
    expect(move !== undefined, `${from} → ${to} as ${role}`).toBe(expected);
    if (move) expect(move).toMatchObject({ from, to, role });
  });

  it("names the staff moves as the queue does, with the spec's notes", () => {
    for (const role of ["employee", "admin"] as const) {
      for (const [from, to, label] of staffMoves) expect(findMove(from, to, role)?.label).toBe(label);
      expect(findMove(IS, A, role)?.defaultNote).toBe("Rolled back by staff");
      expect(findMove(Q, X, role)?.defaultNote).toBe("Canceled by staff");
    }
    expect(findMove(S, X, "customer")?.defaultNote).toBe("Canceled by customer");
    expect(findMove(A, S, "system")?.kind).toBe("payment");
    expect(findMove(A, X, "system")).toMatchObject({ kind: "cancel", defaultNote: "Not paid within 60 minutes of booking" });
    expect(findMove(P, S, "admin")?.kind).toBe("roll_back");
    expect(findMove(P, IS, "admin")?.kind).toBe("correction");
    expect(findMove(A, Q, "system")?.kind).toBe("payment");
    expect(findMove(A, P, "system")?.kind).toBe("payment");
  });

  it("never moves an order to the stage it is in, and nothing leaves canceled", () => {
    for (const stage of STAGES) for (const role of MOVE_ROLES) expect(findMove(stage, stage, role)).toBeUndefined();
    for (const role of MOVE_ROLES) expect(movesFrom(X, role)).toEqual([]);
  });

  it("lists what a role may do from a stage", () => {
    expect(movesFrom(S, "customer").map((m) => m.to)).toEqual([X]);
    expect(movesFrom(CI, "customer")).toEqual([]);
    expect(movesFrom(R, "employee").map((m) => m.to).sort()).toEqual([A, P, S].sort());
  });

  it("rolls a paid order back to Scheduled, never to awaiting payment", () => {
    const rollBack = findMove(IS, A, "employee")!;
    const toScheduled = findMove(IS, S, "employee")!;
    expect(fitsPayment(rollBack, { paymentStatus: "unpaid", totalCents: 4500 })).toBe(true);
    for (const paymentStatus of ["paid", "comp", "refunded"]) expect(fitsPayment(rollBack, { paymentStatus, totalCents: 4500 })).toBe(false);
    expect(fitsPayment(rollBack, { paymentStatus: "unpaid", totalCents: 0 })).toBe(false);
    expect(fitsPayment(toScheduled, { paymentStatus: "paid", totalCents: 4500 })).toBe(true);
    expect(fitsPayment(findMove(R, P, "employee")!, { paymentStatus: "paid", totalCents: 4500 })).toBe(true);
  });

  it("sends a paid counter sale to the queue and a paid booking to Scheduled", () => {
    expect(paidStage({ processedByStaffId: "staff-1" })).toBe(Q);
    expect(paidStage({})).toBe(S);
  });

  it("takes the role from the actor", () => {
    const user = (roles: ("CUSTOMER" | "EMPLOYEE" | "ADMIN")[]) => ({ type: "user" as const, userId: "u", username: "u", roles });
    expect(moveRoleOf(user(["CUSTOMER"]))).toBe("customer");
    expect(moveRoleOf(user(["CUSTOMER", "EMPLOYEE"]))).toBe("employee");
    expect(moveRoleOf(user(["CUSTOMER", "EMPLOYEE", "ADMIN"]))).toBe("admin");
    expect(moveRoleOf({ type: "system", name: "stripe" })).toBe("system");
  });
});
