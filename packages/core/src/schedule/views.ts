/** The schedule and the partners as the API answers them (shared/schedule.ts's views), from the stored items. */
import type { PartnerAdminView, PartnerSummary, PartnerView, ScheduleAdminView, ScheduleEventView } from "../shared/schedule";
import type { ScheduleEventItem, PartnerItem } from "./read";

function partnerSummary(partner: PartnerItem): PartnerSummary {
  return { locationKey: partner.locationKey, name: partner.name, address: partner.address ?? null, mapsUrl: partner.mapsUrl ?? null };
}

export function partnerView(partner: PartnerItem): PartnerView {
  return { ...partnerSummary(partner), phone: partner.phone ?? null, websiteUrl: partner.websiteUrl ?? null };
}

export function partnerAdminView(partner: PartnerItem, upcomingEvents: number): PartnerAdminView {
  return {
    ...partnerView(partner),
    email: partner.email ?? null,
    contactPerson: partner.contactPerson ?? null,
    isActive: partner.isActive,
    notes: partner.notes ?? null,
    upcomingEvents,
    createdAt: partner.createdAt,
    updatedAt: partner.updatedAt,
  };
}

const seatsLeft = (event: Pick<ScheduleEventItem, "maxCapacity" | "currentBookings">): number => Math.max(0, event.maxCapacity - event.currentBookings);

export function eventAdminView(event: ScheduleEventItem, partner: PartnerItem | undefined): ScheduleAdminView {
  return {
    id: event.id,
    eventType: event.eventType,
    location: event.location,
    partner: partner ? partnerSummary(partner) : event.partnerKey ? { locationKey: event.partnerKey, name: event.partnerKey, address: null, mapsUrl: null } : null,
    eventDate: event.eventDate,
    startTime: event.startTime,
    endTime: event.endTime ?? null,
    maxCapacity: event.maxCapacity,
    currentBookings: event.currentBookings,
    isActive: event.isActive,
    canceledAt: event.canceledAt ?? null,
    notes: event.notes ?? null,
    createdBy: event.createdBy ?? null,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
}

export function scheduleEventView(event: ScheduleEventItem, partner: PartnerItem): ScheduleEventView {
  return {
    id: event.id,
    type: event.eventType === "DELIVERY" ? "DELIVERY" : "ONSITE_GRIPPING",
    partner: partnerSummary(partner),
    date: event.eventDate,
    startTime: event.startTime,
    endTime: event.endTime ?? null,
    seatsLeft: seatsLeft(event),
  };
}
