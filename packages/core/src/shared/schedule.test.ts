import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { templates } from "../texts/templates";
import { EVENT_END_BEFORE_START, EVENT_LOCATION_REQUIRED, EVENT_PARTNER_REQUIRED, eventCanceledNotice, PARTNER_KEY_CHARACTERS } from "./schedule";
import { EventInput, PartnerInput, PartnerPatch } from "./schedule-input";

const messages = (schema: z.ZodMiniType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("the admin's forms", () => {
  it("an onsite day or a delivery run names a partner, a cutoff a shop, and the end follows the start", () => {
    const day = { eventType: "ONSITE_GRIPPING", partnerKey: "dpc", eventDate: "2026-12-02", startTime: "09:00", endTime: "13:00" };
    expect(messages(EventInput, day)).toEqual([]);
    expect(messages(EventInput, { ...day, partnerKey: " " })).toEqual([EVENT_PARTNER_REQUIRED]);
    expect(messages(EventInput, { ...day, endTime: "09:00" })).toEqual([EVENT_END_BEFORE_START]);
    expect(messages(EventInput, { eventType: "OVERNIGHT_CUTOFF", eventDate: "2026-12-02", startTime: "15:00" })).toEqual([EVENT_LOCATION_REQUIRED]);
    expect(messages(EventInput, { eventType: "OVERNIGHT_CUTOFF", location: "LITTLETON", eventDate: "2026-12-02", startTime: "15:00" })).toEqual([]);
  });

  it("a partner's key is lower-cased and trimmed; blank optional fields clear", () => {
    expect(z.parse(PartnerInput, { locationKey: " DPC ", name: "Denver" }).locationKey).toBe("dpc");
    expect(messages(PartnerInput, { locationKey: "a b", name: "Denver" })).toEqual([PARTNER_KEY_CHARACTERS]);
    expect(z.parse(PartnerPatch, { address: "" }).address).toBe("");
    expect(messages(PartnerPatch, {})).toHaveLength(1);
  });
});

describe("a canceled event's words", () => {
  it("tell the onsite customer where and when to drop off instead, and the delivery customer where to pick up", () => {
    const onsite = eventCanceledNotice({
      eventType: "ONSITE_GRIPPING",
      partnerName: "Denver Pickleball Club",
      eventDate: "2026-12-02",
      shopLabel: "Regrip Highlands Ranch",
      dropoffFrom: "Wednesday, December 2 at 10 am",
      pickupDate: "2026-12-03",
    });
    expect(onsite).toBe(
      "The on-site gripping day at Denver Pickleball Club on Wednesday, December 2 was canceled. Please drop your paddle off at Regrip Highlands Ranch instead (from Wednesday, December 2 at 10 am): it will be ready Thursday, December 3.",
    );
    const words = { eventType: "DELIVERY" as const, partnerName: "Littleton Paddle Club", eventDate: "2026-12-03", shopLabel: "Regrip Littleton", pickupDate: "2026-12-01" };
    expect(eventCanceledNotice(words)).toBe(
      "The delivery run to Littleton Paddle Club on Thursday, December 3 was canceled. Your paddle stays at Regrip Littleton: pick it up there from Tuesday, December 1.",
    );
    expect(templates.eventCanceled.words(words)).toBe(`Regrip: ${eventCanceledNotice(words)} Sorry for the change!`);
    expect(templates.eventCanceled.consent).toBe("orderUpdates");
  });
});
