import { describe, expect, it } from "vitest";
import { locationsView, scheduleEvent } from "../../test/views";
import { deliveryClubs, deliveryRunFor, promisedPickup, shopDays, shopSlots } from "./where-when";

const shop = locationsView().shops[0]!;
// Wednesday, November 25, 2026, 6:45 pm in Denver: a quarter hour before closing.
const evening = new Date("2026-11-26T01:45:00.000Z");

describe("where and when", () => {
  it("offers the days and times within the shop's hours, never Thanksgiving, Sundays or a time past", () => {
    // The last slot today (6:30 pm) is past and Thursday is Thanksgiving: Friday is the first day offered.
    const days = shopDays(shop, evening);
    expect(days[0]).toBe("2026-11-27");
    expect(days).not.toContain("2026-11-29");
    expect(shopSlots(shop, "2026-11-25", evening)).toEqual([]);
    expect(shopSlots(shop, "2026-11-27", evening).slice(0, 2)).toEqual(["10:00", "10:30"]);
    expect(shopSlots(shop, "2026-11-28", evening).at(-1)).toBe("16:30");
  });

  it("promises the next business day before the cutoff, the one after at or after it, and the day's own cutoff when the shop set one", () => {
    expect(promisedPickup(shop, "2026-11-27", "14:30")).toBe("2026-11-28");
    expect(promisedPickup(shop, "2026-11-27", "18:00")).toBe("2026-11-30");
    expect(promisedPickup({ ...shop, cutoffs: { "2026-11-27": "18:30" } }, "2026-11-27", "18:00")).toBe("2026-11-28");
  });

  it("finds a club's first delivery run with a seat on or after the ready day", () => {
    const runs = [
      scheduleEvent({ id: "early", type: "DELIVERY", date: "2026-11-27" }),
      scheduleEvent({ id: "full", type: "DELIVERY", date: "2026-12-01", seatsLeft: 0 }),
      scheduleEvent({ id: "later", type: "DELIVERY", date: "2026-12-03" }),
      scheduleEvent({ id: "onsite", date: "2026-11-30" }),
    ];
    expect(deliveryRunFor(runs, "PINE_CLUB", "2026-11-30")?.id).toBe("later");
    expect(deliveryRunFor(runs, "OTHER", "2026-11-30")).toBeUndefined();
    expect(deliveryClubs(runs).map((club) => club.locationKey)).toEqual(["PINE_CLUB"]);
  });
});
