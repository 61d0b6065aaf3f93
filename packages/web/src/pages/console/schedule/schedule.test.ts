import type { ScheduleAdminView } from "@regrip/core/shared/schedule";
import { describe, expect, it } from "vitest";
import { eventChangeBody, eventFormErrors, eventFormValues, eventRefusalField, newEventBody } from "./event-form";
import { cancelConsequence, eventPlace, eventSeats, eventState, eventTimes, scheduleRows } from "./schedule-view";

const partner = { locationKey: "denver-pc", name: "Denver Pickleball Club", address: "1 Court St", mapsUrl: null };

function event(overrides: Partial<ScheduleAdminView> = {}): ScheduleAdminView {
  return {
    id: "e1",
    eventType: "ONSITE_GRIPPING",
    location: "ONSITE",
    partner,
    eventDate: "2026-12-02",
    startTime: "09:00",
    endTime: "13:00",
    maxCapacity: 20,
    currentBookings: 3,
    isActive: true,
    canceledAt: null,
    notes: null,
    createdBy: null,
    createdAt: "2026-11-25T00:00:00.000Z",
    updatedAt: "2026-11-25T00:00:00.000Z",
    ...overrides,
  };
}

describe("the schedule page's words", () => {
  it("lists events by day and start time, of the chosen type only", () => {
    const rows = [
      event({ id: "c", eventDate: "2026-12-03", startTime: "08:00" }),
      event({ id: "b", eventDate: "2026-12-02", startTime: "15:00", eventType: "DELIVERY" }),
      event({ id: "a", eventDate: "2026-12-02", startTime: "09:00" }),
    ];
    expect(scheduleRows(rows, null).map((row) => row.id)).toEqual(["a", "b", "c"]);
    expect(scheduleRows(rows, "DELIVERY").map((row) => row.id)).toEqual(["b"]);
  });

  it("names the place, the times, the seats and the state", () => {
    expect(eventPlace(event())).toBe("Denver Pickleball Club");
    const cutoff = event({ eventType: "OVERNIGHT_CUTOFF", location: "LITTLETON", partner: null, startTime: "15:00", endTime: null });
    expect(eventPlace(cutoff)).toBe("Regrip Littleton");
    expect(eventTimes(event())).toBe("9 am to 1 pm");
    expect(eventTimes(event({ endTime: null }))).toBe("9 am");
    expect(eventTimes(cutoff)).toBe("Cutoff 3 pm");
    expect(eventSeats(event())).toBe("3 of 20 booked");
    expect(eventSeats(cutoff)).toBeNull();
    expect(eventState(event())).toBe("active");
    expect(eventState(event({ currentBookings: 20 }))).toBe("full");
    expect(eventState(event({ isActive: false, canceledAt: "2026-11-25T00:00:00.000Z" }))).toBe("canceled");
    expect(eventState(event({ isActive: false }))).toBe("inactive");
  });

  it("says how many booked customers a cancel texts and where their orders go", () => {
    expect(cancelConsequence(event())).toBe("3 booked customers will be texted, and their orders become drop-offs at Regrip Highlands Ranch.");
    expect(cancelConsequence(event({ currentBookings: 1 }))).toBe("1 booked customer will be texted, and their order becomes a drop-off at Regrip Highlands Ranch.");
    expect(cancelConsequence(event({ eventType: "DELIVERY", currentBookings: 2 }))).toBe(
      "2 booked customers will be texted, and their pickups go back to the shop they dropped off at.",
    );
    expect(cancelConsequence(event({ currentBookings: 0 }))).toBe("No customer is booked on it, so no one is texted.");
  });
});

describe("the event dialog", () => {
  const today = "2026-11-25";
  const filled = { ...eventFormValues(), partnerKey: "denver-pc", eventDate: "2026-12-02", startTime: "09:00", endTime: "13:00" };

  it("checks the club, the date, the times and the seats before sending", () => {
    expect(eventFormErrors(filled, today)).toEqual({});
    expect(Object.keys(eventFormErrors(eventFormValues(), today)).sort()).toEqual(["eventDate", "partnerKey", "startTime"]);
    expect(eventFormErrors({ ...filled, eventDate: "2026-11-24" }, today).eventDate).toBe("Please choose a date from today on");
    expect(eventFormErrors({ ...filled, eventDate: "2026-02-30" }, today).eventDate).toBeDefined();
    expect(eventFormErrors({ ...filled, endTime: "08:00" }, today).endTime).toBe("The end time must be after the start time");
    expect(eventFormErrors({ ...filled, maxCapacity: "0" }, today).maxCapacity).toMatch(/^Capacity must be a whole number from 1 to/);
    expect(eventFormErrors({ ...filled, maxCapacity: "2.5" }, today).maxCapacity).toBeDefined();
    expect(eventFormErrors({ ...filled, eventType: "OVERNIGHT_CUTOFF", partnerKey: "" }, today).location).toBe("Please choose a shop");
    // An edit may keep a date already past.
    const past = event({ eventDate: "2026-11-20" });
    expect(eventFormErrors(eventFormValues(past), today, past)).toEqual({});
  });

  it("sends the partner and seats for an onsite day, the shop for a cutoff, and only what an edit changed", () => {
    expect(newEventBody({ ...filled, notes: " bring chalk " })).toEqual({
      eventType: "ONSITE_GRIPPING",
      partnerKey: "denver-pc",
      maxCapacity: 20,
      eventDate: "2026-12-02",
      startTime: "09:00",
      endTime: "13:00",
      notes: "bring chalk",
    });
    expect(newEventBody({ ...filled, eventType: "OVERNIGHT_CUTOFF", location: "LITTLETON", endTime: "" })).toEqual({
      eventType: "OVERNIGHT_CUTOFF",
      location: "LITTLETON",
      eventDate: "2026-12-02",
      startTime: "09:00",
    });
    const saved = event({ notes: "old" });
    expect(eventChangeBody(eventFormValues(saved), saved)).toEqual({});
    expect(eventChangeBody({ ...eventFormValues(saved), maxCapacity: "25", notes: "", endTime: "" }, saved)).toEqual({ maxCapacity: 25, notes: null, endTime: null });
  });

  it("puts a server refusal under the field its words name", () => {
    expect(eventRefusalField("3 seats are already booked: the capacity cannot be less")).toBe("maxCapacity");
    expect(eventRefusalField("This partner club is not active. Choose an active one.")).toBe("partnerKey");
    expect(eventRefusalField("The date cannot be in the past")).toBe("eventDate");
    expect(eventRefusalField("Something else went wrong")).toBeUndefined();
  });
});
