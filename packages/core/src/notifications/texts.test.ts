import { describe, expect, it } from "vitest";
import { messageTypeOf, orderText } from "./index";

const order = { paddle: { nickname: "Big Blue" }, bagNumber: "042", pickupLocation: "HIGHLANDS_RANCH" as const, dropoffLocation: "HIGHLANDS_RANCH" as const };

describe("order texts", () => {
  it("names the paddle, the bag and the shop", () => {
    expect(orderText(order, "checked_in")).toBe(`Regrip: we've checked in "Big Blue" (bag 042) at Regrip Highlands Ranch. We'll text you when it's ready.`);
    expect(orderText(order, "ready")).toContain(`"Big Blue" (bag 042) is ready for pickup at Regrip Highlands Ranch!`);
    expect(orderText(order, "picked_up")).toContain("picked up from Regrip Highlands Ranch");
    expect(orderText({ paddle: undefined, bagNumber: undefined, pickupLocation: undefined, dropoffLocation: "LITTLETON" }, "ready")).toContain(
      "your paddle is ready for pickup at Regrip Littleton",
    );
  });

  it("uses the spec's message types", () => {
    expect(messageTypeOf).toEqual({ checked_in: "order_checked_in", ready: "order_ready", picked_up: "order_picked_up" });
  });
});
