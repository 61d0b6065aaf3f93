/**
 * The shop's calendar: the cutoff, weekends, closed dates, America/Denver across both daylight-saving
 * changes (instants checked in UTC, whatever the zone of the machine running the test), the picker's slots and
 * days, the next opening, the refusals' words.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  dropoffClosedMessage,
  dropoffDays,
  dropoffRefusal,
  dropoffSlots,
  DROPOFF_TIME_INVALID,
  DROPOFF_TIME_PAST,
  DROPOFF_TIME_TOO_FAR,
  formatDate,
  formatInstant,
  formatTime,
  hoursLines,
  hoursOn,
  instantOf,
  isBusinessDay,
  isLocalDate,
  isOpenAt,
  localOf,
  minutesOf,
  nextBusinessDay,
  nextOpening,
  pickupDateFor,
  timeOfMinutes,
  todayOf,
  weekdayOf,
  type ShopCalendar,
} from "./calendar";
import { CLOSED_DATES, shopLocation } from "./locations";

const shop: ShopCalendar = shopLocation("LITTLETON")!;
/** A UTC instant, as the assertions name them. */
const utc = (iso: string) => new Date(iso);

describe("dates", () => {
  it("adds days, counts them and names weekdays across months, years and a leap day", () => {
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-11-25", "2026-12-25")).toBe(30);
    expect(daysBetween("2026-12-25", "2026-11-25")).toBe(-30);
    // Across a daylight-saving change the calendar days are still whole.
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
    expect(weekdayOf("2026-11-27")).toBe(5);
    expect(weekdayOf("2026-11-29")).toBe(0);
    expect(isLocalDate("2026-02-29")).toBe(false);
    expect(isLocalDate("2028-02-29")).toBe(true);
    expect(isLocalDate("2026-11-5")).toBe(false);
  });
});

describe("the shop's wall clock, America/Denver", () => {
  it("reads instants in the shop's zone: UTC-7 in winter, UTC-6 in summer", () => {
    expect(localOf(utc("2026-11-27T17:00:00Z"))).toEqual({ date: "2026-11-27", time: "10:00", weekday: 5 });
    expect(localOf(utc("2026-07-10T16:00:00Z"))).toEqual({ date: "2026-07-10", time: "10:00", weekday: 5 });
    // 11 pm Friday in Denver is already Saturday in UTC.
    expect(localOf(utc("2026-11-28T06:00:00Z")).date).toBe("2026-11-27");
    expect(todayOf(utc("2026-11-28T06:59:00Z"))).toBe("2026-11-27");
    expect(todayOf(utc("2026-11-28T07:00:00Z"))).toBe("2026-11-28");
  });

  it("finds the instant of a wall-clock time on both sides of the autumn change (2026-11-01)", () => {
    expect(instantOf("2026-10-31", "10:00").toISOString()).toBe("2026-10-31T16:00:00.000Z");
    expect(instantOf("2026-11-01", "00:30").toISOString()).toBe("2026-11-01T06:30:00.000Z");
    // 1:30 am happens twice: the first one (still UTC-6).
    expect(instantOf("2026-11-01", "01:30").toISOString()).toBe("2026-11-01T07:30:00.000Z");
    expect(instantOf("2026-11-01", "03:00").toISOString()).toBe("2026-11-01T10:00:00.000Z");
    expect(instantOf("2026-11-02", "10:00").toISOString()).toBe("2026-11-02T17:00:00.000Z");
  });

  it("finds the instant of a wall-clock time on both sides of the spring change (2027-03-14)", () => {
    expect(instantOf("2027-03-13", "09:00").toISOString()).toBe("2027-03-13T16:00:00.000Z");
    expect(instantOf("2027-03-14", "01:30").toISOString()).toBe("2027-03-14T08:30:00.000Z");
    // 2:30 am never happens: read an hour later, 3:30 am (UTC-6).
    expect(instantOf("2027-03-14", "02:30").toISOString()).toBe("2027-03-14T09:30:00.000Z");
    expect(instantOf("2027-03-14", "03:00").toISOString()).toBe("2027-03-14T09:00:00.000Z");
    expect(instantOf("2027-03-15", "10:00").toISOString()).toBe("2027-03-15T16:00:00.000Z");
    // And back: every slot of a day reads as itself.
    for (const date of ["2026-11-01", "2026-11-02", "2027-03-14", "2027-03-15"]) {
      for (const time of ["09:00", "10:00", "14:30", "18:30"]) expect(localOf(instantOf(date, time))).toMatchObject({ date, time });
    }
  });

  it("opens the day after a change at the right UTC hour", () => {
    // Monday after the autumn change: 10 am is 17:00 UTC (it was 16:00 UTC the week before).
    expect(isOpenAt(shop, utc("2026-11-02T16:59:00Z"))).toBe(false);
    expect(isOpenAt(shop, utc("2026-11-02T17:00:00Z"))).toBe(true);
    expect(isOpenAt(shop, utc("2026-10-26T16:00:00Z"))).toBe(true);
    // Monday after the spring change: 10 am is 16:00 UTC.
    expect(isOpenAt(shop, utc("2027-03-15T15:59:00Z"))).toBe(false);
    expect(isOpenAt(shop, utc("2027-03-15T16:00:00Z"))).toBe(true);
    // Closing, 7 pm: open until 18:59.
    expect(isOpenAt(shop, instantOf("2027-03-15", "18:59"))).toBe(true);
    expect(isOpenAt(shop, instantOf("2027-03-15", "19:00"))).toBe(false);
  });
});

describe("business days", () => {
  it("knows the demo shop's week and its closed dates, Thanksgiving included", () => {
    expect(hoursOn(shop, "2026-11-30")).toEqual({ open: "10:00", close: "19:00", cutoff: "15:00" });
    expect(hoursOn(shop, "2026-11-28")).toEqual({ open: "09:00", close: "17:00", cutoff: "13:00" });
    expect(hoursOn(shop, "2026-11-29")).toBeNull();
    expect(CLOSED_DATES).toContain("2026-11-26");
    expect(hoursOn(shop, "2026-11-26")).toBeNull();
    expect(isBusinessDay(shop, "2026-11-26")).toBe(false);
    expect(isBusinessDay(shop, "2026-11-27")).toBe(true);
    expect(nextBusinessDay(shop, "2026-11-25")).toBe("2026-11-27");
    expect(nextBusinessDay(shop, "2026-11-28")).toBe("2026-11-30");
    // Christmas Eve and Day, then Sunday: Saturday the 26th.
    expect(nextBusinessDay(shop, "2026-12-23")).toBe("2026-12-26");
  });
});

describe("the pickup day", () => {
  it("is the next business day before the cutoff, the one after at or after it", () => {
    // Monday 2026-11-30, cutoff 3 pm.
    expect(pickupDateFor(shop, instantOf("2026-11-30", "14:59"))).toBe("2026-12-01");
    expect(pickupDateFor(shop, instantOf("2026-11-30", "15:00"))).toBe("2026-12-02");
    expect(pickupDateFor(shop, instantOf("2026-11-30", "18:30"))).toBe("2026-12-02");
    // Before opening counts as before the cutoff.
    expect(pickupDateFor(shop, instantOf("2026-11-30", "08:00"))).toBe("2026-12-01");
  });

  it("promises a Friday-evening drop-off for Monday, and a Friday-morning one for Saturday", () => {
    expect(pickupDateFor(shop, instantOf("2026-12-04", "18:00"))).toBe("2026-12-07");
    expect(weekdayOf("2026-12-07")).toBe(1);
    expect(pickupDateFor(shop, instantOf("2026-12-04", "11:00"))).toBe("2026-12-05");
  });

  it("cuts off a Saturday at 1 pm (4 hours before its 5 pm close); Sunday waits for Monday's opening", () => {
    expect(pickupDateFor(shop, instantOf("2026-12-05", "12:00"))).toBe("2026-12-07");
    expect(pickupDateFor(shop, instantOf("2026-12-05", "13:00"))).toBe("2026-12-08");
    // A drop-off on a closed day counts as after the cutoff: the business day after the next.
    expect(pickupDateFor(shop, instantOf("2026-12-06", "12:00"))).toBe("2026-12-08");
  });

  it("skips closed dates: Thanksgiving week", () => {
    // Wednesday before the cutoff: Thursday is Thanksgiving, so Friday.
    expect(pickupDateFor(shop, instantOf("2026-11-25", "11:00"))).toBe("2026-11-27");
    // After it: Friday, then Saturday.
    expect(pickupDateFor(shop, instantOf("2026-11-25", "16:00"))).toBe("2026-11-28");
    // On Thanksgiving itself (closed): the business day after Friday.
    expect(pickupDateFor(shop, instantOf("2026-11-26", "12:00"))).toBe("2026-11-28");
  });

  it("takes the day's OVERNIGHT_CUTOFF event over the hours' default", () => {
    expect(pickupDateFor(shop, instantOf("2026-11-30", "13:00"), "12:00")).toBe("2026-12-02");
    expect(pickupDateFor(shop, instantOf("2026-11-30", "17:00"), "18:00")).toBe("2026-12-01");
    // Never later than closing.
    expect(pickupDateFor(shop, instantOf("2026-11-30", "19:30"), "23:00")).toBe("2026-12-02");
  });

  it("holds across both daylight-saving changes", () => {
    // Friday 2026-10-30, 2:59 pm MDT (UTC-6) and Monday 2026-11-02, 2:59 pm MST (UTC-7).
    expect(pickupDateFor(shop, utc("2026-10-30T20:59:00Z"))).toBe("2026-10-31");
    expect(pickupDateFor(shop, utc("2026-10-30T21:00:00Z"))).toBe("2026-11-02");
    expect(pickupDateFor(shop, utc("2026-11-02T21:59:00Z"))).toBe("2026-11-03");
    expect(pickupDateFor(shop, utc("2026-11-02T22:00:00Z"))).toBe("2026-11-04");
    // Friday 2027-03-12 before the spring change (UTC-7), Monday 2027-03-15 after (UTC-6).
    expect(pickupDateFor(shop, utc("2027-03-12T21:59:00Z"))).toBe("2027-03-13");
    expect(pickupDateFor(shop, utc("2027-03-12T22:00:00Z"))).toBe("2027-03-15");
    expect(pickupDateFor(shop, utc("2027-03-15T20:59:00Z"))).toBe("2027-03-16");
    expect(pickupDateFor(shop, utc("2027-03-15T21:00:00Z"))).toBe("2027-03-17");
  });
});

describe("drop-off times", () => {
  const now = instantOf("2026-11-27", "11:10"); // Friday, open.

  it("offers every half hour within the hours, none already past", () => {
    expect(dropoffSlots(shop, "2026-11-27", now)).toEqual(
      ["11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00", "16:30", "17:00", "17:30", "18:00", "18:30"],
    );
    expect(dropoffSlots(shop, "2026-11-28", now)).toHaveLength(16);
    expect(dropoffSlots(shop, "2026-11-28", now)[0]).toBe("09:00");
    expect(dropoffSlots(shop, "2026-11-28", now).at(-1)).toBe("16:30");
    expect(dropoffSlots(shop, "2026-11-29", now)).toEqual([]);
    expect(dropoffSlots(shop, "2026-11-26", now)).toEqual([]);
    // Slots after the autumn change are at the shop's hours in its new offset.
    expect(dropoffSlots(shop, "2026-11-02", instantOf("2026-10-30", "12:00"))[0]).toBe("10:00");
    expect(instantOf("2026-11-02", dropoffSlots(shop, "2026-11-02", instantOf("2026-10-30", "12:00"))[0]!).toISOString()).toBe("2026-11-02T17:00:00.000Z");
  });

  it("offers exactly the slots whose instant is not before now, whatever the day and the moment (DST changes included)", () => {
    // The definition, slot by slot, against dropoffSlots (which compares only today's slots with now).
    const byDefinition = (date: string, now: Date) => {
      const hours = hoursOn(shop, date);
      const all: string[] = [];
      if (hours) for (let m = minutesOf(hours.open); m < minutesOf(hours.close); m += 30) all.push(timeOfMinutes(m));
      return all.filter((time) => instantOf(date, time).getTime() >= now.getTime());
    };
    const moments = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(moments, fc.integer({ min: -2, max: 3 }), (now, offset) => {
        const date = addDays(localOf(now).date, offset);
        expect(dropoffSlots(shop, date, now)).toEqual(byDefinition(date, now));
      }),
      { numRuns: 300 },
    );
    // Around the changes themselves: the night of each, by the minute.
    for (const [date, time] of [["2027-03-14", "01:50"], ["2026-11-01", "01:10"], ["2027-03-13", "23:59"]] as const) {
      const now = instantOf(date, time);
      for (const offset of [0, 1]) expect(dropoffSlots(shop, addDays(date, offset), now)).toEqual(byDefinition(addDays(date, offset), now));
    }
  });

  it("offers today and the next 30 days that have a slot: no Sundays, no closed dates", () => {
    const days = dropoffDays(shop, now);
    expect(days[0]).toBe("2026-11-27");
    expect(days).not.toContain("2026-11-29");
    expect(days).not.toContain("2026-12-24");
    expect(days).not.toContain("2026-12-25");
    expect(days.at(-1)).toBe("2026-12-26");
    expect(days.every((day) => weekdayOf(day) !== 0)).toBe(true);
    // After closing, today is gone.
    expect(dropoffDays(shop, instantOf("2026-11-27", "19:05"))[0]).toBe("2026-11-28");
  });

  it("drops off now when open, else at the next opening", () => {
    expect(nextOpening(shop, now)).toEqual(now);
    expect(nextOpening(shop, instantOf("2026-11-27", "19:30")).toISOString()).toBe(instantOf("2026-11-28", "09:00").toISOString());
    // Saturday evening: Monday 10 am (Sunday closed).
    expect(nextOpening(shop, instantOf("2026-11-28", "18:00")).toISOString()).toBe("2026-11-30T17:00:00.000Z");
    // Wednesday night before Thanksgiving: Friday.
    expect(nextOpening(shop, instantOf("2026-11-25", "20:00")).toISOString()).toBe("2026-11-27T17:00:00.000Z");
    // Before opening the same day.
    expect(nextOpening(shop, instantOf("2026-11-30", "07:00")).toISOString()).toBe("2026-11-30T17:00:00.000Z");
    // Across the spring change: Saturday 2027-03-13 after closing → Monday 10 am MDT.
    expect(nextOpening(shop, instantOf("2027-03-13", "17:30")).toISOString()).toBe("2027-03-15T16:00:00.000Z");
  });

  it("refuses a time with the words the customer reads", () => {
    expect(dropoffRefusal(shop, "Regrip Littleton", instantOf("2026-11-27", "12:00"), now)).toBeUndefined();
    expect(dropoffRefusal(shop, "Regrip Littleton", new Date(Number.NaN), now)).toBe(DROPOFF_TIME_INVALID);
    expect(dropoffRefusal(shop, "Regrip Littleton", instantOf("2026-11-27", "10:00"), now)).toBe(DROPOFF_TIME_PAST);
    // A few minutes past is still taken (the form was open a while).
    expect(dropoffRefusal(shop, "Regrip Littleton", instantOf("2026-11-27", "10:50"), now)).toBeUndefined();
    expect(dropoffRefusal(shop, "Regrip Littleton", instantOf("2026-12-28", "12:00"), now)).toBe(DROPOFF_TIME_TOO_FAR);
    expect(dropoffRefusal(shop, "Regrip Littleton", instantOf("2026-12-26", "12:00"), now)).toBeUndefined();
    expect(dropoffRefusal(shop, "Regrip Littleton", instantOf("2026-11-29", "12:00"), now)).toBe(
      "Regrip Littleton is closed on Sunday, November 29. Please choose another day.",
    );
    expect(dropoffRefusal(shop, "Regrip Littleton", instantOf("2026-11-26", "12:00"), instantOf("2026-11-25", "12:00"))).toBe(
      "Regrip Littleton is closed on Thursday, November 26. Please choose another day.",
    );
    expect(dropoffRefusal(shop, "Regrip Littleton", instantOf("2026-11-28", "17:00"), now)).toBe(
      "Regrip Littleton is open 9 am to 5 pm on Saturday, November 28. Please choose a drop-off time within those hours.",
    );
    expect(dropoffClosedMessage("Regrip Highlands Ranch", hoursOn(shop, "2026-11-30"), "2026-11-30")).toBe(
      "Regrip Highlands Ranch is open 10 am to 7 pm on Monday, November 30. Please choose a drop-off time within those hours.",
    );
  });
});

describe("words", () => {
  it("says dates, times and hours as the shop does", () => {
    expect(formatDate("2026-11-30")).toBe("Monday, November 30");
    expect(formatDate("2027-01-04", 2026)).toBe("Monday, January 4, 2027");
    expect(formatDate("2026-11-30", 2026)).toBe("Monday, November 30");
    expect(formatTime("15:00")).toBe("3 pm");
    expect(formatTime("10:30")).toBe("10:30 am");
    expect(formatTime("12:00")).toBe("12 pm");
    expect(formatTime("00:00")).toBe("12 am");
    expect(formatInstant(utc("2026-11-30T22:30:00Z"))).toBe("Monday, November 30 at 3:30 pm");
    expect(hoursLines(shop.weekHours)).toEqual([
      ["Monday to Friday", "10 am to 7 pm"],
      ["Saturday", "9 am to 5 pm"],
      ["Sunday", "Closed"],
    ]);
  });
});
