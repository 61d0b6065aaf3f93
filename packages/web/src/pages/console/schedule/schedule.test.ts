import {
  CUTOFF_TAKEN,
  EVENT_CAPACITY_RANGE,
  EVENT_DATE_PAST,
  EVENT_END_BEFORE_START,
  EVENT_HAS_BOOKINGS,
  EVENT_LOCATION_REQUIRED,
  EVENT_PARTNER_INACTIVE,
  EVENT_TIME_INVALID,
  eventCapacityBelowBookings,
  PARTNER_EMAIL_INVALID,
  PARTNER_HAS_EVENTS,
  PARTNER_KEY_CHARACTERS,
  PARTNER_KEY_REQUIRED,
  PARTNER_KEY_TAKEN,
  PARTNER_NAME_REQUIRED,
  PARTNER_URL_INVALID,
  type ScheduleAdminView,
} from "@regrip/core/shared/schedule";
import { describe, expect, it } from "vitest";
import { partnerBody, partnerFormErrors, partnerFormValues, partnerRefusalField } from "../partners/partner-form";
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
    expect(eventSeats(event({ isActive: false, canceledAt: "2026-11-25T00:00:00.000Z" }))).toBe("3 booked when canceled");
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
    expect(eventFormErrors({ ...filled, eventDate: "2026-11-24" }, today).eventDate).toBe(EVENT_DATE_PAST);
    expect(eventFormErrors({ ...filled, eventDate: "2026-02-30" }, today).eventDate).toBeDefined();
    expect(eventFormErrors({ ...filled, endTime: "08:00" }, today).endTime).toBe(EVENT_END_BEFORE_START);
    expect(eventFormErrors({ ...filled, endTime: "8" }, today).endTime).toBe(EVENT_TIME_INVALID);
    expect(eventFormErrors({ ...filled, maxCapacity: "0" }, today).maxCapacity).toBe(EVENT_CAPACITY_RANGE);
    expect(eventFormErrors({ ...filled, maxCapacity: "2.5" }, today).maxCapacity).toBe(EVENT_CAPACITY_RANGE);
    expect(eventFormErrors({ ...filled, eventType: "OVERNIGHT_CUTOFF", partnerKey: "" }, today)).toEqual({ location: EVENT_LOCATION_REQUIRED });
    expect(eventFormErrors({ ...filled, eventType: "OVERNIGHT_CUTOFF", location: "LITTLETON" }, today)).toEqual({});
    // An edit checks what it changes.
    const saved = event({ eventDate: "2026-12-02" });
    expect(eventFormErrors({ ...eventFormValues(saved), maxCapacity: "0" }, today, saved)).toEqual({ maxCapacity: EVENT_CAPACITY_RANGE });
    expect(eventFormErrors({ ...eventFormValues(saved), endTime: "08:00" }, today, saved)).toEqual({ endTime: EVENT_END_BEFORE_START });
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
    expect(eventRefusalField(eventCapacityBelowBookings(3))).toBe("maxCapacity");
    expect(eventRefusalField(EVENT_PARTNER_INACTIVE)).toBe("partnerKey");
    expect(eventRefusalField(CUTOFF_TAKEN)).toBe("location");
    expect(eventRefusalField(EVENT_DATE_PAST)).toBe("eventDate");
    expect(eventRefusalField("Regrip Littleton is open 10 am to 7 pm on Wednesday, December 2. Please choose a cutoff within those hours.")).toBe("startTime");
    expect(eventRefusalField("Regrip Littleton is closed on Sunday, December 6. Please choose another day.")).toBe("eventDate");
    // About the event as a whole: above the dialog's buttons.
    expect(eventRefusalField(EVENT_HAS_BOOKINGS)).toBeUndefined();
  });
});

describe("the partner dialog", () => {
  const values = { ...partnerFormValues(), locationKey: "Foothills-PC ", name: "Foothills Paddle Club", email: "pat@foothills.example" };

  it("checks with the server's schema and sends the key lower-cased, empty fields as null", () => {
    expect(partnerFormErrors(values, true)).toEqual({});
    expect(partnerFormErrors(partnerFormValues(), true)).toEqual({ locationKey: PARTNER_KEY_REQUIRED, name: PARTNER_NAME_REQUIRED });
    expect(partnerFormErrors({ ...values, locationKey: "foot hills" }, true)).toEqual({ locationKey: PARTNER_KEY_CHARACTERS });
    expect(partnerFormErrors({ ...values, email: "pat-at-foothills", mapsUrl: "maps" }, true)).toEqual({ email: PARTNER_EMAIL_INVALID, mapsUrl: PARTNER_URL_INVALID });
    expect(partnerBody(values, true)).toMatchObject({ locationKey: "foothills-pc", name: "Foothills Paddle Club", phone: null, isActive: true });
    expect(partnerBody(values, false)).not.toHaveProperty("locationKey");
  });

  it("puts the server's refusal under its field", () => {
    expect(partnerRefusalField(PARTNER_KEY_TAKEN)).toBe("locationKey");
    expect(partnerRefusalField("Name must be at most 100 characters")).toBe("name");
    expect(partnerRefusalField(PARTNER_HAS_EVENTS)).toBeUndefined();
  });
});
