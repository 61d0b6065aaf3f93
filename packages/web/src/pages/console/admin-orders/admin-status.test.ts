import { findMove } from "@regrip/core/shared/moves";
import { STAGES } from "@regrip/core/shared/lifecycle";
import { describe, expect, it } from "vitest";
import { adminCounters, adminStatusMenu } from "./admin-status";

describe("the Admin Orders status dropdown", () => {
  it("enables exactly the moves the server allows the role", () => {
    for (const role of ["employee", "admin"] as const) {
      for (const stage of STAGES) {
        const { selected, options } = adminStatusMenu(stage, role);
        for (const option of options) {
          if (option.value === selected.value) continue;
          expect(option.disabledReason === undefined, `${role} ${stage} -> ${option.value}`).toBe(!!findMove(stage, option.value, role));
        }
      }
    }
  });

  it("shows an in-queue order as steam & showering; an employee may only start its service", () => {
    const { selected, options } = adminStatusMenu("in_queue", "employee");
    expect(selected.label).toBe("steam & showering");
    expect(options.filter((o) => !o.disabledReason && o.value !== selected.value).map((o) => o.label)).toEqual(["getting service"]);
    expect(adminStatusMenu("in_queue", "admin").options.filter((o) => !o.disabledReason).length).toBe(4);
    expect(adminStatusMenu("in_queue", undefined).options.filter((o) => !o.disabledReason).map((o) => o.value)).toEqual(["scheduled"]);
  });

  it("counts Steam & Showering over scheduled, checked-in and in-queue orders", () => {
    expect(adminCounters({ scheduled: 1, checked_in: 2, in_queue: 3, in_service: 4, ready: 5, picked_up: 6 }).map((c) => c.value)).toEqual([6, 4, 5, 6]);
    expect(adminCounters(undefined).map((c) => c.value)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
