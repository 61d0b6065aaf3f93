import { describe, expect, it } from "vitest";
import { adminCounters } from "./admin-status";

describe("the Admin Orders counters", () => {
  it("count the orders not yet in service together, then one stage each, in the staff's words", () => {
    const cards = adminCounters({ scheduled: 1, checked_in: 2, in_queue: 3, in_service: 4, ready: 5, picked_up: 6 });
    expect(cards.map((c) => c.value)).toEqual([6, 4, 5, 6]);
    expect(cards.map((c) => c.label)).toEqual(["Scheduled & Queued", "Being Serviced", "Complete", "Picked Up"]);
    expect(adminCounters(undefined).map((c) => c.value)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
