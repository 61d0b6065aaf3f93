import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, isoTimestamp, isWholeNumber, timestamps } from "./attributes";
import { LOCATIONS, SCHEDULE_EVENT_TYPES } from "./enums";
import { gsi1, keyed, primary, SERVICE } from "./keys";

/**
 * A dated event (shared/schedule.ts): an onsite gripping day at a partner club, a delivery run to one
 * (location ONSITE, `partnerKey` naming the club), or a shop's overnight cutoff for a day (location LITTLETON or
 * HIGHLANDS_RANCH, `startTime` the cutoff).
 *
 * One item per event, read by id (a booking's `scheduleEventId`); every event by date is one Query of the
 * `byDate` index: a range is `.between({ eventDate: first }, { eventDate: dayAfterLast })` (the sort key continues
 * past the date). Booking a seat is a conditional `add({ currentBookings: 1 })` while currentBookings <
 * maxCapacity and the event is active; a cancel of the order subtracts it again, once.
 */
export const gripSchedule = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "gripSchedule", version: "1" },
      attributes: {
        id: generatedId(),
        location: { type: LOCATIONS, required: true },
        eventType: { type: SCHEDULE_EVENT_TYPES, required: true, readOnly: true },
        /** The partner club (its `locationKey`) of an onsite day or a delivery run. */
        partnerKey: { type: "string" },
        /** `YYYY-MM-DD`, the shop's local date. */
        eventDate: { type: "string", required: true, validate: /^\d{4}-\d{2}-\d{2}$/ },
        /** `HH:MM`, 24-hour, local. */
        startTime: { type: "string", required: true, validate: /^\d{2}:\d{2}$/ },
        endTime: { type: "string", validate: /^\d{2}:\d{2}$/ },
        maxCapacity: { type: "number", required: true, default: 20, validate: isWholeNumber },
        currentBookings: { type: "number", required: true, default: 0, validate: isWholeNumber },
        isActive: { type: "boolean", required: true, default: true },
        /** When an admin canceled it (isActive false); its booked orders were moved back to a shop and texted. */
        canceledAt: isoTimestamp(),
        notes: { type: "string" },
        createdBy: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byId: keyed(primary, ["id"], "schedule#${id}", [], "schedule"),
        /** Every event by date and start time (one partition: a shop schedules a few events a week). */
        byDate: keyed(gsi1, [], "schedule", ["eventDate", "startTime", "id"], "${eventDate}#${startTime}#${id}"),
      },
    },
    config,
  );
export type GripSchedule = ReturnType<typeof gripSchedule>;
