/** The admin's grip-schedule calls, with their query keys. The server checks every rule again. */
import type { LocalDate } from "@regrip/core/shared/calendar";
import type { ScheduleAdminView, ScheduleEventType } from "@regrip/core/shared/schedule";
import { apiJson } from "../../../lib/api";

export const scheduleKeys = {
  all: ["/api/admin/schedule"] as const,
  range: (from: LocalDate, to: LocalDate) => ["/api/admin/schedule", from, to] as const,
};

/** POST /api/admin/schedule: a partner for an onsite day or a delivery run, a shop (`location`) for a cutoff. */
export interface NewEventBody {
  eventType: ScheduleEventType;
  partnerKey?: string;
  location?: string;
  eventDate: LocalDate;
  startTime: string;
  endTime?: string;
  maxCapacity?: number;
  notes?: string;
}

/** PATCH /api/admin/schedule/{id}: `isActive: false` cancels the event (its booked customers are texted and moved). */
export interface EventChangeBody {
  eventDate?: LocalDate;
  startTime?: string;
  endTime?: string | null;
  maxCapacity?: number;
  notes?: string | null;
  isActive?: false;
}

export function listSchedule(from: LocalDate, to: LocalDate) {
  return apiJson<{ items: ScheduleAdminView[] }>("GET", `/api/admin/schedule?${new URLSearchParams({ from, to })}`);
}

export function createEvent(body: NewEventBody) {
  return apiJson<ScheduleAdminView>("POST", "/api/admin/schedule", body);
}

export function updateEvent(id: string, body: EventChangeBody) {
  return apiJson<ScheduleAdminView>("PATCH", `/api/admin/schedule/${encodeURIComponent(id)}`, body);
}

/** Removes an event nothing is booked on (204); one with bookings is canceled instead (200 with the view). */
export function deleteEvent(id: string) {
  return apiJson<ScheduleAdminView | null>("DELETE", `/api/admin/schedule/${encodeURIComponent(id)}`);
}
