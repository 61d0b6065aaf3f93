/**
 * The admin's grip schedule (docs/api-admin.md "Schedule", data-model A22): list by date, schedule an onsite day,
 * a delivery run or a shop's overnight cutoff, edit one, cancel or delete one. Each write is one labelled
 * transaction with its audit entry, conditioned on the event as read. A cancel (PATCH `isActive: false`, or a
 * DELETE of an event customers are booked on) moves and texts every booked order: ./cancel.ts.
 */
import * as z from "zod/mini";
import type { Actor } from "../actor";
import { fn } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { newId } from "../entities/attributes";
import { conflict, invalid, notFound } from "../errors";
import { daysBetween, dropoffClosedMessage, hoursOn, minutesOf, todayOf, type LocalDate } from "../shared/calendar";
import { Id } from "../shared/ids";
import { shopLocation, type BookableLocation } from "../shared/locations";
import {
  CUTOFF_TAKEN,
  DEFAULT_EVENT_CAPACITY,
  EVENT_CANCELED,
  EVENT_CHANGED_WHILE_SAVING,
  EVENT_DATE_PAST,
  EVENT_DATE_TOO_FAR,
  EVENT_END_BEFORE_START,
  EVENT_HAS_BOOKINGS,
  EVENT_NOT_FOUND,
  EVENT_OVER,
  EVENT_PARTNER_INACTIVE,
  EVENT_PARTNER_REQUIRED,
  EVENT_REACTIVATE,
  SCHEDULE_MAX_DAYS,
  endsAfterStart,
  eventCapacityBelowBookings,
  type ScheduleAdminView,
} from "../shared/schedule";
import { EventInput, EventPatch, ScheduleRange } from "../shared/schedule-input";
import { cancelEvent } from "./cancel";
import { cutoffOn, eventById, eventsBetween, partnersByKey, rangeOf, type ScheduleEventItem } from "./read";
import { eventAdminView } from "./views";

type EventAction = "schedule.created" | "schedule.updated" | "schedule.deleted";

function auditWrite({ auditLog }: TransactionEntities, actor: Actor, action: EventAction, id: string, diff: Record<string, unknown>): LabelledWrite {
  return { label: "audit", write: auditLog.create(auditEntry({ actor, action, targetType: "schedule", targetId: id, diff })).commit() };
}

async function found(id: string): Promise<ScheduleEventItem> {
  const event = await eventById(id);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

async function viewOf(event: ScheduleEventItem): Promise<ScheduleAdminView> {
  const partners = await partnersByKey(event.partnerKey ? [event.partnerKey] : []);
  return eventAdminView(event, event.partnerKey ? partners.get(event.partnerKey) : undefined);
}

/** `GET /api/admin/schedule?from=&to=`: every event of the range by date and start time, canceled ones too. */
export const list = /* @__PURE__ */ fn({ role: "admin", input: ScheduleRange }, async (_actor, query): Promise<{ items: ScheduleAdminView[] }> => {
  const { from, to } = rangeOf(query, todayOf(new Date()));
  const events = await eventsBetween(from, to);
  const partners = await partnersByKey(events.flatMap((event) => (event.partnerKey ? [event.partnerKey] : [])));
  return { items: events.map((event) => eventAdminView(event, event.partnerKey ? partners.get(event.partnerKey) : undefined)) };
});

/** A cutoff must fall within its shop's hours that day; the shop must be open. */
function checkCutoff(location: "LITTLETON" | "HIGHLANDS_RANCH", date: LocalDate, time: string): void {
  const shop = shopLocation(location)!;
  const hours = hoursOn(shop, date);
  if (!hours || minutesOf(time) < minutesOf(hours.open) || minutesOf(time) > minutesOf(hours.close)) {
    throw invalid(dropoffClosedMessage(shop.label, hours, date).replace("a drop-off time", "a cutoff"));
  }
}

/** True when the shop has an active cutoff on `date` already (a read before the write: two admins at once could both add one; the earlier time applies). */
async function cutoffTaken(location: BookableLocation, date: LocalDate): Promise<boolean> {
  return (await cutoffOn(location, date)) !== null;
}

/**
 * `POST /api/admin/schedule`: an onsite day or a delivery run at an active partner club (location ONSITE), or a
 * shop's overnight cutoff (one per shop and day, within its hours); the date today or later. With its audit entry
 * (`schedule.created`); the partner is checked in the same transaction (a club deleted meanwhile fails it).
 */
export const create = /* @__PURE__ */ fn({ role: "admin", input: EventInput }, async (actor, input): Promise<ScheduleAdminView> => {
  const now = new Date();
  if (input.eventDate < todayOf(now)) throw invalid(EVENT_DATE_PAST);
  if (daysBetween(todayOf(now), input.eventDate) > SCHEDULE_MAX_DAYS) throw invalid(EVENT_DATE_TOO_FAR);
  const cutoff = input.eventType === "OVERNIGHT_CUTOFF";
  const partnerKey = cutoff ? undefined : input.partnerKey!.trim().toLowerCase();
  if (partnerKey) {
    const partner = (await partnersByKey([partnerKey])).get(partnerKey);
    if (!partner) throw invalid(EVENT_PARTNER_REQUIRED);
    if (!partner.isActive) throw invalid(EVENT_PARTNER_INACTIVE);
  } else {
    checkCutoff(input.location!, input.eventDate, input.startTime);
    if (await cutoffTaken(input.location!, input.eventDate)) throw conflict(CUTOFF_TAKEN);
  }
  const id = newId();
  const item = {
    id,
    eventType: input.eventType,
    location: cutoff ? input.location! : ("ONSITE" as const),
    ...(partnerKey ? { partnerKey } : {}),
    eventDate: input.eventDate,
    startTime: input.startTime,
    ...(input.endTime ? { endTime: input.endTime } : {}),
    maxCapacity: input.maxCapacity ?? DEFAULT_EVENT_CAPACITY,
    currentBookings: 0,
    isActive: true,
    ...(input.notes ? { notes: input.notes } : {}),
    ...(actor.type === "user" ? { createdBy: actor.userId } : {}),
  };
  const outcome = await writeLabelled((entities) => [
    { label: "event", write: entities.gripSchedule.create(item).commit() },
    ...(partnerKey
      ? [{ label: "partner", write: entities.partner.check({ locationKey: partnerKey }).where((a, { eq }) => eq(a.isActive, true)).commit() }]
      : []),
    auditWrite(entities, actor, "schedule.created", id, item),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("partner")) throw invalid(EVENT_PARTNER_INACTIVE);
    throw new Error(`Scheduling an event was cancelled: ${JSON.stringify(outcome.codes)}`);
  }
  return viewOf(await found(id));
});

const UpdateInput = z.object({ id: Id, patch: EventPatch });

/**
 * `PATCH /api/admin/schedule/{id}`: a date, times, capacity or notes (audit `schedule.updated`, each change from and
 * to), or `isActive: false`, which cancels it (./cancel.ts; repeated, it finishes a cancel cut short). The capacity
 * never goes below the seats booked, and the date and times of an event with bookings do not change (its orders
 * carry them): both are conditions of the write, so a booking at the same moment cannot slip past them.
 */
export const update = /* @__PURE__ */ fn({ role: "admin", input: UpdateInput }, async (actor, { id, patch }): Promise<ScheduleAdminView> =>
  readDecideWrite(async () => {
    const current = await found(id);
    const today = todayOf(new Date());
    if (patch.isActive === true && !current.isActive) throw conflict(EVENT_REACTIVATE);
    if (patch.isActive === false) {
      if (current.isActive && current.eventDate < today) throw conflict(EVENT_OVER);
      return viewOf((await cancelEvent(actor, current)).event);
    }
    if (!current.isActive) throw conflict(EVENT_CANCELED);
    const next = {
      eventDate: patch.eventDate ?? current.eventDate,
      startTime: patch.startTime ?? current.startTime,
      endTime: patch.endTime === undefined ? current.endTime : patch.endTime || undefined,
      maxCapacity: patch.maxCapacity ?? current.maxCapacity,
      notes: patch.notes === undefined ? current.notes : patch.notes || undefined,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => next[field] !== current[field]);
    if (changed.length === 0) return viewOf(current);
    const moving = changed.some((field) => field === "eventDate" || field === "startTime" || field === "endTime");
    if (moving) {
      if (current.eventDate < today) throw conflict(EVENT_OVER);
      if (next.eventDate < today) throw invalid(EVENT_DATE_PAST);
      if (daysBetween(today, next.eventDate) > SCHEDULE_MAX_DAYS) throw invalid(EVENT_DATE_TOO_FAR);
      if (!endsAfterStart(next.startTime, next.endTime)) throw invalid(EVENT_END_BEFORE_START);
      if (current.currentBookings > 0) throw conflict(EVENT_HAS_BOOKINGS);
      if (current.eventType === "OVERNIGHT_CUTOFF" && current.location !== "ONSITE") {
        checkCutoff(current.location, next.eventDate, next.startTime);
        if (next.eventDate !== current.eventDate && (await cutoffTaken(current.location, next.eventDate))) throw conflict(CUTOFF_TAKEN);
      }
    }
    if (next.maxCapacity < current.currentBookings) throw conflict(eventCapacityBelowBookings(current.currentBookings));
    const set: Record<string, unknown> = {};
    const remove: ("endTime" | "notes")[] = [];
    for (const field of changed) {
      if (next[field] === undefined) remove.push(field as "endTime" | "notes");
      else set[field] = next[field];
    }
    // The by-date key is built from the date and the start time: a change of either writes both.
    if (set.eventDate !== undefined || set.startTime !== undefined) Object.assign(set, { eventDate: next.eventDate, startTime: next.startTime });
    const diff = Object.fromEntries(changed.map((field) => [field, { from: current[field] ?? null, to: next[field] ?? null }]));
    const outcome = await writeLabelled((entities) => {
      let write = entities.gripSchedule.patch({ id }).set(set);
      if (remove.length) write = write.remove(remove);
      return [
        {
          label: "event",
          write: write
            .where((a, { eq, lte }) =>
              [
                eq(a.isActive, true),
                moving ? eq(a.currentBookings, 0) : lte(a.currentBookings, next.maxCapacity),
                eq(a.updatedAt, current.updatedAt),
              ].join(" AND "),
            )
            .commit(),
        },
        auditWrite(entities, actor, "schedule.updated", id, diff),
      ];
    });
    if (outcome.committed) return viewOf(await found(id));
    // A booking or another admin came first: read it again and decide again (its rules may refuse now).
    if (changedSinceRead(outcome, "event")) return CHANGED;
    throw new Error(`Changing event ${id} was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => conflict(EVENT_CHANGED_WHILE_SAVING)),
);

const RemoveInput = z.object({ id: Id });

/**
 * `DELETE /api/admin/schedule/{id}`: an event nobody is booked on is deleted (204, audit `schedule.deleted`, the
 * write conditioned on no booking); one with bookings is canceled instead, as PATCH `isActive: false` (its orders
 * moved and texted), and answered with its view (200). Answers null when deleted.
 */
export const remove = /* @__PURE__ */ fn({ role: "admin", input: RemoveInput }, async (actor, { id }): Promise<ScheduleAdminView | null> =>
  readDecideWrite<ScheduleAdminView | null>(async () => {
    const current = await found(id);
    if (current.currentBookings > 0) {
      if (current.isActive && current.eventDate < todayOf(new Date())) throw conflict(EVENT_OVER);
      return viewOf((await cancelEvent(actor, current)).event);
    }
    const { createdAt: _createdAt, updatedAt: _updatedAt, ...was } = current;
    const outcome = await writeLabelled((entities) => [
      {
        label: "event",
        write: entities.gripSchedule
          .delete({ id })
          .where((a, { eq }) => `${eq(a.currentBookings, 0)} AND ${eq(a.updatedAt, current.updatedAt)}`)
          .commit(),
      },
      auditWrite(entities, actor, "schedule.deleted", id, was),
    ]);
    if (outcome.committed) return null;
    if (changedSinceRead(outcome, "event")) return CHANGED;
    throw new Error(`Deleting event ${id} was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => conflict(EVENT_CHANGED_WHILE_SAVING)),
);
