import { fitsPayment, MOVES } from "@regrip/core/shared/moves";
import { STAGES, type Stage } from "@regrip/core/shared/lifecycle";
import { describe, expect, it } from "vitest";
import { customer } from "../../../test/render";
import { queueMenu, viewerMoveRole } from "./queue-moves";

const unpaid = (stage: Stage) => ({ stage, paymentStatus: "unpaid", totalCents: 4500 });
const paid = (stage: Stage) => ({ stage, paymentStatus: "paid", totalCents: 4500 });

describe("the Change Status menu", () => {
  it("offers an employee the spec's steps, roll back and cancel", () => {
    expect(queueMenu(unpaid("awaiting_payment"), "employee").map((item) => item.text)).toEqual(["Move to Queue", "Cancel Order"]);
    expect(queueMenu(unpaid("in_queue"), "employee").map((item) => item.text)).toEqual([
      "Start Service",
      "Roll Back to Invoiced",
      "Roll Back to Scheduled",
      "Cancel Order",
    ]);
    expect(queueMenu(unpaid("canceled"), "employee")).toEqual([]);
  });

  it("never offers a paid order the roll back to Invoiced", () => {
    expect(queueMenu(paid("in_service"), "employee").map((item) => item.text)).toEqual(["Mark Complete", "Roll Back to Scheduled", "Cancel Order"]);
    expect(queueMenu({ stage: "ready", paymentStatus: "comp", totalCents: 0 }, "employee").map((item) => item.text)).toEqual([
      "Mark Picked Up",
      "Roll Back to Scheduled",
    ]);
  });

  it("offers each role exactly the server's moves from every stage and payment, nothing for a customer viewer", () => {
    for (const role of ["employee", "admin"] as const) {
      for (const stage of STAGES) {
        for (const order of [unpaid(stage), paid(stage)]) {
          const offered = queueMenu(order, role).map((item) => item.id).sort();
          const allowed = MOVES.filter((m) => m.role === role && m.from === stage && fitsPayment(m, order)).map((m) => m.to).sort();
          expect(offered).toEqual(allowed);
        }
      }
    }
    expect(viewerMoveRole(customer())).toBeUndefined();
    expect(queueMenu(unpaid("in_queue"), viewerMoveRole(customer()))).toEqual([]);
    expect(viewerMoveRole(customer({ roles: ["CUSTOMER", "EMPLOYEE"] }))).toBe("employee");
    expect(viewerMoveRole(customer({ roles: ["CUSTOMER", "ADMIN"] }))).toBe("admin");
  });

  it("names an admin's corrections by the staff's word for the stage they set", () => {
    expect(queueMenu(unpaid("in_queue"), "admin").map((item) => item.text)).toContain("Set Status: Complete");
  });
});
