import { describe, expect, it } from "vitest";
import { inStageFilter, ORDER_STATUSES, STAGES, stageOf, stagesOfFilter, stageLabelOf, timelinePosition, timelineSteps } from "./lifecycle";

describe("lifecycle vocabulary", () => {
  it("maps every stored value to a stage", () => {
    expect(ORDER_STATUSES).toHaveLength(12);
    for (const status of ORDER_STATUSES) expect(stageOf(status)).toBeDefined();
  });

  it("labels each stored value for the customer as the spec says", () => {
    expect(stageLabelOf("SCHEDULED")).toBe("Scheduled");
    expect(stageLabelOf("WAITING_ON_PAYMENT")).toBe("Awaiting Payment");
    expect(stageLabelOf("INVOICED")).toBe("Awaiting Payment");
    expect(stageLabelOf("CHECKED_IN")).toBe("Checked In");
    expect(stageLabelOf("IN_QUEUE")).toBe("In Queue");
    expect(stageLabelOf("SERVICE_QUEUE")).toBe("In Queue");
    expect(stageLabelOf("IN_SERVICE")).toBe("In Service");
    expect(stageLabelOf("BEING_SERVICED")).toBe("In Service");
    expect(stageLabelOf("READY")).toBe("Ready!");
    expect(stageLabelOf("COMPLETE")).toBe("Ready!");
    expect(stageLabelOf("PICKED_UP")).toBe("Completed");
    expect(stageLabelOf("CANCELED")).toBe("Canceled");
  });

  it("labels for every staff screen, one word per stage", () => {
    expect(stageLabelOf("INVOICED", "staff")).toBe("Waiting Payment");
    expect(stageLabelOf("IN_QUEUE", "staff")).toBe("Service Queue");
    expect(stageLabelOf("IN_SERVICE", "staff")).toBe("Being Serviced");
    expect(stageLabelOf("READY", "staff")).toBe("Complete");
    expect(stageLabelOf("COMPLETE", "staff")).toBe("Complete");
    expect(stageLabelOf("PICKED_UP", "staff")).toBe("Picked Up");
  });

  it("shows an unknown stored value raw", () => {
    expect(stageLabelOf("ON_HOLD")).toBe("ON_HOLD");
    expect(stageLabelOf("ON_HOLD", "staff")).toBe("ON_HOLD");
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
