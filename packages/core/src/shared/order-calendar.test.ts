import { describe, expect, it } from "vitest";
import { dropoffIcs, dropoffPlace, icsFileName, whatToBring } from "./order-calendar";

const order = {
  id: "7d1c0b7e-0000-4000-8000-000000000001",
  number: 1042,
  dropoffLocation: "LITTLETON",
  dropoffDateTime: "2026-12-01T17:00:00.000Z",
  bagNumber: "101",
  paddle: { nickname: "Big; Blue, \\the best\\" },
  updatedAt: "2026-11-20T12:00:00.000Z",
};
const now = new Date("2026-11-29T05:00:00.000Z");

describe("the drop-off's calendar file", () => {
  const text = dropoffIcs(order, { orderUrl: "https://regrip.test/orders/7d1c", now });
  const unfolded = text.replace(/\r\n /g, "");

  it("is one event at the drop-off, 30 minutes long, at the shop, named by the order's UID", () => {
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(unfolded).toContain(`UID:${order.id}-dropoff@regrip`);
    expect(unfolded).toContain("DTSTAMP:20261129T050000Z");
    expect(unfolded).toContain("DTSTART:20261201T170000Z");
    expect(unfolded).toContain("DTEND:20261201T173000Z");
    expect(unfolded).toContain("SUMMARY:Drop off your paddle at Regrip Littleton (order R-1042)");
    expect(unfolded).toContain(`LOCATION:Regrip Littleton\\, ${dropoffPlace(order).address.replace(/,/g, "\\,")}`);
    expect(unfolded).toContain("URL:https://regrip.test/orders/7d1c");
    expect(icsFileName(order)).toBe("regrip-R-1042.ics");
  });

  it("escapes text and folds lines at 75 octets", () => {
    expect(unfolded).toContain('DESCRIPTION:Bring your paddle "Big\\; Blue\\, \\\\the best\\\\" in bag 101');
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("grows its SEQUENCE with the order's last change, so a rescheduled import replaces the event", () => {
    const later = dropoffIcs({ ...order, updatedAt: "2026-11-21T12:00:00.000Z" }, { orderUrl: "x", now });
    const sequence = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);
    expect(sequence(later)).toBeGreaterThan(sequence(text));
  });
});

describe("the drop-off in words", () => {
  it("names an onsite day's club, and what to bring with or without a bag", () => {
    expect(dropoffPlace({ ...order, isOnsite: true, dropoffLocation: "ONSITE", partner: { name: "Denver Pickleball Club", address: "1 Court St" } })).toEqual({
      name: "Denver Pickleball Club",
      address: "1 Court St",
    });
    expect(whatToBring({ ...order, paddle: null })).toBe("Bring your paddle in bag 101 (no bag yet? the shop hands you one).");
    expect(whatToBring({ ...order, bagNumber: null, paddle: { nickname: "Lefty" } })).toBe('Bring your paddle "Lefty".');
  });
});
