import { describe, expect, it } from "vitest";
import { inStageFilter, ORDER_STATUSES, STAGES, stageOf, stagesOfFilter, statusLabel, timelinePosition, timelineSteps } from "./lifecycle";

describe("lifecycle vocabulary", () => {
  it("maps every stored value to a stage", () => {
    expect(ORDER_STATUSES).toHaveLength(12);
    for (const status of ORDER_STATUSES) expect(stageOf(status)).toBeDefined();
  });

  it("labels each stored value for the customer as the spec says", () => {
    expect(statusLabel("SCHEDULED")).toBe("Scheduled");
    expect(statusLabel("WAITING_ON_PAYMENT")).toBe("Awaiting Payment");
    expect(statusLabel("INVOICED")).toBe("Awaiting Payment");
    expect(statusLabel("CHECKED_IN")).toBe("Checked In");
    expect(statusLabel("IN_QUEUE")).toBe("In Queue");
    expect(statusLabel("SERVICE_QUEUE")).toBe("In Queue");
    expect(statusLabel("IN_SERVICE")).toBe("In Service");
    expect(statusLabel("BEING_SERVICED")).toBe("In Service");
    expect(statusLabel("READY")).toBe("Ready!");
    expect(statusLabel("COMPLETE")).toBe("Ready!");
    expect(statusLabel("PICKED_UP")).toBe("Completed");
    expect(statusLabel("CANCELED")).toBe("Canceled");
  });

  it("labels for every staff screen, one word per stage", () => {
    expect(statusLabel("INVOICED", "staff")).toBe("Waiting Payment");
    expect(statusLabel("IN_QUEUE", "staff")).toBe("Service Queue");
    expect(statusLabel("IN_SERVICE", "staff")).toBe("Being Serviced");
    expect(statusLabel("READY", "staff")).toBe("Complete");
    expect(statusLabel("COMPLETE", "staff")).toBe("Complete");
    expect(statusLabel("PICKED_UP", "staff")).toBe("Picked Up");
  });

  it("shows an unknown stored value raw", () => {
    expect(statusLabel("ON_HOLD")).toBe("ON_HOLD");
    expect(statusLabel("ON_HOLD", "staff")).toBe("ON_HOLD");
    expect(timelinePosition("ON_HOLD")).toBe(-1);
  });

  it("places orders on the timeline", () => {
    expect(timelineSteps.map((s) => s.label)).toEqual(["Scheduled", "Checked In", "In Queue", "In Service", "Ready for Pickup", "Picked Up"]);
    expect(timelinePosition("INVOICED")).toBe(-1);
    expect(timelinePosition("SCHEDULED")).toBe(0);
    expect(timelinePosition("SERVICE_QUEUE")).toBe(2);
    expect(timelinePosition("COMPLETE")).toBe(4);
    expect(timelinePosition("PICKED_UP")).toBe(5);
    expect(timelinePosition("CANCELED")).toBe(-1);
  });
});

describe("canonical stored values", () => {
  it("stores one value per stage, a value of that stage", async () => {
    const { canonicalStatus, STAGES } = await import("./lifecycle");
    for (const stage of STAGES) expect(stageOf(canonicalStatus[stage])).toBe(stage);
    expect(canonicalStatus.in_queue).toBe("IN_QUEUE");
    expect(canonicalStatus.awaiting_payment).toBe("INVOICED");
  });
});

describe("the Active filter (the queue, Admin Orders and GET /api/admin/orders?stage=active)", () => {
  it("is every stage before the paddle is ready", () => {
    expect(stagesOfFilter("active")).toEqual(["awaiting_payment", "scheduled", "checked_in", "in_queue", "in_service"]);
    expect(STAGES.filter((stage) => inStageFilter(stage, "active"))).toEqual(stagesOfFilter("active"));
  });
  it("a stage is its own filter, and no filter takes every stage", () => {
    expect(stagesOfFilter("ready")).toEqual(["ready"]);
    expect(inStageFilter("ready", "ready")).toBe(true);
    expect(inStageFilter("ready", "in_queue")).toBe(false);
    expect(STAGES.every((stage) => inStageFilter(stage, undefined))).toBe(true);
  });
});
