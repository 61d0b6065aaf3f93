import { MOVES } from "@regrip/core/shared/moves";
import { STAGES } from "@regrip/core/shared/lifecycle";
import { describe, expect, it } from "vitest";
import { customer } from "../../../test/render";
import { queueMenu, viewerMoveRole } from "./queue-moves";

describe("the queue's Change Status menu", () => {
  it("offers an employee the spec's steps, roll back and cancel", () => {
    expect(queueMenu("awaiting_payment", "employee").map((item) => item.text)).toEqual(["Move to Queue", "Cancel Order"]);
    expect(queueMenu("in_queue", "employee").map((item) => item.text)).toEqual(["Start Service", "Roll Back to Invoiced", "Cancel Order"]);
    expect(queueMenu("in_service", "employee").map((item) => item.text)).toEqual(["Mark Complete", "Roll Back to Invoiced", "Cancel Order"]);
    expect(queueMenu("canceled", "employee")).toEqual([]);
  });

  it("offers each role exactly the server's moves from every stage, nothing for a customer viewer", () => {
    for (const role of ["employee", "admin"] as const) {
      for (const stage of STAGES) {
        const offered = queueMenu(stage, role).map((item) => item.id).sort();
        const allowed = MOVES.filter((m) => m.role === role && m.from === stage).map((m) => m.to).sort();
        expect(offered).toEqual(allowed);
      }
    }
    expect(viewerMoveRole(customer())).toBeUndefined();
    expect(queueMenu("in_queue", viewerMoveRole(customer()))).toEqual([]);
    expect(viewerMoveRole(customer({ roles: ["CUSTOMER", "EMPLOYEE"] }))).toBe("employee");
    expect(viewerMoveRole(customer({ roles: ["CUSTOMER", "ADMIN"] }))).toBe("admin");
  });

  it("names an admin's corrections by the Admin Orders stage they set", () => {
    expect(queueMenu("in_queue", "admin").map((item) => item.text)).toContain("Set Status: Relaxed & Ready");
  });
});
