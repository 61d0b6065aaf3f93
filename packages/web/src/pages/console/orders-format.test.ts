import type { OrderView } from "@regrip/core/shared/orders";
import { describe, expect, it } from "vitest";
import { orderView } from "../../test/views";
import { orderLocation, orderPickupDay, orderPickupShort } from "./orders-format";

const club = { locationKey: "denver-pc", name: "Denver Pickleball Club", address: null, mapsUrl: null };
const order = (fields: Partial<OrderView>) => orderView({ dropoffLocation: "LITTLETON", pickupLocation: "LITTLETON", ...fields });

describe("an order's location and pickup day in the queue", () => {
  it("names the shop, the club of a club day, the shop and club of a delivery run, and a counter sale's counter", () => {
    expect(orderLocation(order({}))).toBe("Regrip Littleton");
    expect(orderLocation(order({ dropoffLocation: "ONSITE", pickupLocation: "ONSITE", isOnsite: true, partner: club }))).toBe("Denver Pickleball Club, on-site");
    expect(orderLocation(order({ pickupLocation: "ONSITE", partner: club }))).toBe("Regrip Littleton → Denver Pickleball Club");
    expect(orderLocation(order({ dropoffLocation: "COUNTER", pickupLocation: "COUNTER" }))).toBe("At the shop's counter");
    expect(orderLocation(order({ dropoffLocation: null }))).toBe("—");
  });

  it("says the pickup day in words, with the year only when it is not this year's", () => {
    const now = new Date("2026-11-25T18:00:00Z");
    expect(orderPickupDay(order({ pickupDate: "2026-11-30" }), now)).toBe("Pickup Monday, November 30");
    expect(orderPickupDay(order({ pickupDate: "2027-01-04" }), now)).toBe("Pickup Monday, January 4, 2027");
    expect(orderPickupDay(order({}), now)).toBe("No pickup day");
    expect(orderPickupShort(order({ pickupDate: "2026-12-02" }))).toBe("Wed, Dec 2");
    expect(orderPickupShort(order({}))).toBe("—");
  });
});
