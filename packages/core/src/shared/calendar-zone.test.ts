/**
 * The shop's clock read two ways: with `Intl` (the server) and with the zone offsets GET /api/locations sends
 * (`zoneOffsets`, then `rememberZoneOffsets`: the booking page). Both must tell the same dates and times, and the
 * page's way must not touch `Intl`. A file of its own: remembering offsets lasts for the module's life.
 */
import * as fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  addDays,
  dropoffDays,
  dropoffSlots,
  instantOf,
  localOf,
  pickupDateFor,
  rememberZoneOffsets,
  SHOP_TIME_ZONE,
  timeOfMinutes,
  todayOf,
  zoneOffsets,
} from "./calendar";
import { shopLocation } from "./locations";

const shop = shopLocation("LITTLETON")!;
const DAY = 86_400_000;

/** The shop's wall clock at `instant`, straight from Intl: what every path must agree with. */
const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});
// Kept aside, so spying on the prototype's method below counts the calendar's calls only.
const formatParts = Intl.DateTimeFormat.prototype.formatToParts;
function reference(instant: number): { date: string; time: string } {
  const parts = Object.fromEntries(formatParts.call(wallClock, new Date(instant)).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

describe("the shop's clock", () => {
  it("finds the zone's changes to the second: the spring and autumn changes of 2026 and 2027", () => {
    const offsets = zoneOffsets(new Date("2026-01-01T00:00:00Z"), new Date("2028-01-01T00:00:00Z"));
    expect(offsets.changes.map(([at, offset]) => [new Date(at).toISOString(), offset / 3_600_000])).toEqual([
      ["2026-01-01T00:00:00.000Z", -7],
      ["2026-03-08T09:00:00.000Z", -6],
      ["2026-11-01T08:00:00.000Z", -7],
      ["2027-03-14T09:00:00.000Z", -6],
      ["2027-11-07T08:00:00.000Z", -7],
    ]);
    expect(zoneOffsets(new Date("2026-06-01T12:34:56.789Z"), new Date("2026-06-20T00:00:00Z")).changes).toEqual([[Date.parse("2026-06-01T12:34:56.789Z"), -6 * 3_600_000]]);
  });

  it("reads instants with Intl as Intl does, before any offsets are remembered", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }), (instant) => {
        const { date, time } = localOf(new Date(instant));
        expect({ date, time }).toEqual(reference(instant));
      }),
      { numRuns: 500 },
    );
  });

  it("reads them with remembered offsets, without Intl, as Intl does, across a change; outside their span with Intl again", () => {
    // Five weeks around the autumn change, as GET /api/locations would send them on October 20.
    const from = Date.parse("2026-10-20T15:00:00Z");
    const until = from + 40 * DAY;
    rememberZoneOffsets(zoneOffsets(new Date(from), new Date(until)));
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    try {
      fc.assert(
        fc.property(fc.integer({ min: from, max: until - 1 }), (instant) => {
          const { date, time } = localOf(new Date(instant));
          expect({ date, time }).toEqual(reference(instant));
        }),
        { numRuns: 1000 },
      );
      for (const [date, time] of [["2026-11-01", "00:30"], ["2026-11-01", "01:30"], ["2026-11-01", "02:30"], ["2026-10-31", "23:59"], ["2026-11-27", "11:10"]] as const) {
        const instant = instantOf(date, time).getTime();
        expect(reference(instant)).toEqual({ date, time });
      }
      // 1:30 am on the autumn change comes twice: its first occurrence, still in daylight time (UTC-6).
      expect(instantOf("2026-11-01", "01:30").toISOString()).toBe("2026-11-01T07:30:00.000Z");
      // The booking page's calendar on a day in the span: the days, today's slots and the promised day.
      const now = new Date("2026-10-30T17:10:00Z");
      const days = dropoffDays(shop, now);
      expect(days[0]).toBe(todayOf(now));
      expect(dropoffSlots(shop, days[0], now)[0]).toBe(timeOfMinutes(11 * 60 + 30));
      expect(pickupDateFor(shop, instantOf("2026-10-30", "14:59"))).toBe("2026-10-31");
      expect(formatToParts).not.toHaveBeenCalled();
      // Outside the span: Intl again, with the same answers.
      const later = until + 3 * DAY;
      expect(localOf(new Date(later))).toMatchObject(reference(later));
      expect(formatToParts).toHaveBeenCalled();
      expect(addDays(todayOf(new Date(later)), 0)).toBe(reference(later).date);
    } finally {
      formatToParts.mockRestore();
    }
  });
});
