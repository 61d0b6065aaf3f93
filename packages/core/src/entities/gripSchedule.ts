import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, isWholeNumber, timestamps } from "./attributes";
import { LOCATIONS, SCHEDULE_EVENT_TYPES } from "./enums";
import { casing, primary, SERVICE } from "./keys";

/**
 * A dated event at a location (on-site gripping, overnight cut-off,
 * delivery). A location's schedule is one Query, in date order; a range of
 * dates is `.between({ eventDate: first }, { eventDate: dayAfterLast })`
 * (the sort key continues past the date). Booking a place is a conditional
 * `add({ currentBookings: 1 })` where currentBookings < maxCapacity.
 */
export const gripSchedule = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "gripSchedule", version: "1" },
      attributes: {
        location: { type: LOCATIONS, required: true, readOnly: true },
        id: generatedId(),
        eventType: { type: SCHEDULE_EVENT_TYPES, required: true },
        /** `YYYY-MM-DD`, the shop's local date. */
        eventDate: { type: "string", required: true, readOnly: true, validate: /^\d{4}-\d{2}-\d{2}$/ },
        /** `HH:MM`, 24-hour, local. */
        startTime: { type: "string", required: true, readOnly: true, validate: /^\d{2}:\d{2}$/ },
        endTime: { type: "string", validate: /^\d{2}:\d{2}$/ },
        maxCapacity: { type: "number", required: true, default: 20, validate: isWholeNumber },
        currentBookings: { type: "number", required: true, default: 0, validate: isWholeNumber },
        isActive: { type: "boolean", required: true, default: true },
        notes: { type: "string" },
        createdBy: { type: "string" },
        ...timestamps(),
      },
      indexes: {
        byLocation: {
          pk: { field: primary.pk, composite: ["location"], template: "schedule#${location}", casing },
          sk: {
            field: primary.sk,
            composite: ["eventDate", "startTime", "id"],
            template: "${eventDate}#${startTime}#${id}",
            casing,
          },
        },
      },
    },
    config,
  );
export type GripSchedule = ReturnType<typeof gripSchedule>;
