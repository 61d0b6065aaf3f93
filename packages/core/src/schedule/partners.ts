/**
 * The admin's partner clubs (docs/api-admin.md "Partners", data-model A23): list, create, edit (deactivating is an
 * edit), delete. A club's `locationKey` is its partition key, so `create()` (attribute_not_exists) keeps it unique;
 * each write is one labelled transaction with its audit entry. A club that active events from today on name cannot
 * be deleted (409), only deactivated: its orders and events keep their copy of it.
 */
import * as z from "zod/mini";
import type { Actor } from "../actor";
import { fn, NoInput } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { conflict, notFound } from "../errors";
import { addDays, todayOf } from "../shared/calendar";
import {
  PARTNER_CHANGED_WHILE_SAVING,
  PARTNER_HAS_EVENTS,
  PARTNER_KEY_TAKEN,
  PARTNER_NOT_FOUND,
  SCHEDULE_MAX_DAYS,
  type PartnerAdminView,
} from "../shared/schedule";
import { PartnerInput, PartnerKey, PartnerParams, PartnerPatch } from "../shared/schedule-input";
import { eventsBetween, type ScheduleEventItem, type PartnerItem } from "./read";
import { partnerAdminView } from "./views";

const OPTIONAL_FIELDS = ["address", "phone", "email", "websiteUrl", "mapsUrl", "contactPerson", "notes"] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

function auditWrite(
  { auditLog }: TransactionEntities,
  actor: Actor,
  action: "partner.created" | "partner.updated" | "partner.deleted",
  locationKey: string,
  diff: Record<string, unknown>,
): LabelledWrite {
  return { label: "audit", write: auditLog.create(auditEntry({ actor, action, targetType: "partner", targetId: locationKey, diff })).commit() };
}

async function found(locationKey: string): Promise<PartnerItem> {
  const { data } = await db().entities.partner.get({ locationKey }).go({ consistent: true });
  if (!data) throw notFound(PARTNER_NOT_FOUND);
  return data;
}

/** Active events from today on (the admin's list counts them per partner; a delete is refused while any). */
async function upcomingEvents(now: Date): Promise<ScheduleEventItem[]> {
  const today = todayOf(now);
  return (await eventsBetween(today, addDays(today, SCHEDULE_MAX_DAYS))).filter((event) => event.isActive && !!event.partnerKey);
}

const countFor = (events: readonly ScheduleEventItem[], locationKey: string) => events.filter((event) => event.partnerKey === locationKey).length;

/** Every partner by name: the `partners` partition read whole (a shop has a handful of partner clubs). */
async function allPartners(): Promise<PartnerItem[]> {
  const { data } = await db().entities.partner.query.allPartners({}).go({ pages: "all" });
  return data;
}

/** The active partners by name (GET /api/locations). */
export async function activePartners(): Promise<PartnerItem[]> {
  return (await allPartners()).filter((partner) => partner.isActive);
}

/** `GET /api/admin/partners`: every partner by name, with its upcoming events counted. */
export const list = /* @__PURE__ */ fn({ role: "admin", input: NoInput }, async (): Promise<{ items: PartnerAdminView[] }> => {
  const [partners, events] = await Promise.all([allPartners(), upcomingEvents(new Date())]);
  return { items: partners.map((partner) => partnerAdminView(partner, countFor(events, partner.locationKey))) };
});

/** The optional fields sent with a value ("" or null are left out). */
function filled(input: Partial<Record<OptionalField, string | null | undefined>>): Partial<Record<OptionalField, string>> {
  return Object.fromEntries(OPTIONAL_FIELDS.flatMap((field) => (input[field] ? [[field, input[field]]] : []))) as Partial<Record<OptionalField, string>>;
}

/** `POST /api/admin/partners`: the partner and its audit entry (`partner.created`); a key already taken is 409. */
export const create = /* @__PURE__ */ fn({ role: "admin", input: PartnerInput }, async (actor, input): Promise<PartnerAdminView> => {
  const fields = { locationKey: input.locationKey, name: input.name, isActive: input.isActive ?? true, ...filled(input) };
  const outcome = await writeLabelled((entities) => [
    { label: "partner", write: entities.partner.create(fields).commit() },
    auditWrite(entities, actor, "partner.created", input.locationKey, fields),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("partner")) throw conflict(PARTNER_KEY_TAKEN);
    throw new Error(`Creating a partner was cancelled: ${JSON.stringify(outcome.codes)}`);
  }
  return partnerAdminView(await found(input.locationKey), 0);
});

const UpdateInput = z.object({ id: PartnerKey, patch: PartnerPatch });

/**
 * `PATCH /api/admin/partners/{id}` (id = the location key, which never changes): the fields sent, "" or null
 * clearing an optional one, with the audit entry (`partner.updated`, each change from and to). Conditioned on the
 * partner as read; another write first → read again and apply again.
 */
export const update = /* @__PURE__ */ fn({ role: "admin", input: UpdateInput }, async (actor, { id, patch }): Promise<PartnerAdminView> =>
  readDecideWrite(async () => {
    const current = await found(id);
    const set: Record<string, unknown> = {};
    const remove: OptionalField[] = [];
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    if (patch.name !== undefined && patch.name !== current.name) set.name = patch.name;
    if (patch.isActive !== undefined && patch.isActive !== current.isActive) set.isActive = patch.isActive;
    for (const field of OPTIONAL_FIELDS) {
      const value = patch[field];
      if (value === undefined) continue;
      if (value) {
        if (value !== current[field]) set[field] = value;
      } else if (current[field] !== undefined) remove.push(field);
    }
    for (const field of Object.keys(set)) diff[field] = { from: current[field as keyof PartnerItem] ?? null, to: set[field] };
    for (const field of remove) diff[field] = { from: current[field] ?? null, to: null };
    if (Object.keys(diff).length === 0) return partnerAdminView(current, countFor(await upcomingEvents(new Date()), id));
    const outcome = await writeLabelled((entities) => {
      let write = entities.partner.patch({ locationKey: id }).set(set);
      if (remove.length) write = write.remove(remove);
      return [
        { label: "partner", write: write.where((a, { eq }) => eq(a.updatedAt, current.updatedAt)).commit() },
        auditWrite(entities, actor, "partner.updated", id, diff),
      ];
    });
    if (outcome.committed) return partnerAdminView(await found(id), countFor(await upcomingEvents(new Date()), id));
    if (changedSinceRead(outcome, "partner")) return CHANGED;
    throw new Error(`Updating a partner was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => conflict(PARTNER_CHANGED_WHILE_SAVING)),
);

/**
 * `DELETE /api/admin/partners/{id}`: refused (409 PARTNER_HAS_EVENTS) while active events from today on name the
 * partner; else the partner and its audit entry (`partner.deleted`, what it was). Orders keep their copy of it.
 */
export const remove = /* @__PURE__ */ fn({ role: "admin", input: PartnerParams }, async (actor, { id }): Promise<void> =>
  readDecideWrite(async () => {
    const current = await found(id);
    if (countFor(await upcomingEvents(new Date()), id) > 0) throw conflict(PARTNER_HAS_EVENTS);
    const { createdAt: _createdAt, updatedAt: _updatedAt, ...was } = current;
    const outcome = await writeLabelled((entities) => [
      { label: "partner", write: entities.partner.delete({ locationKey: id }).where((a, { eq }) => eq(a.updatedAt, current.updatedAt)).commit() },
      auditWrite(entities, actor, "partner.deleted", id, was),
    ]);
    if (outcome.committed) return;
    if (changedSinceRead(outcome, "partner")) return CHANGED;
    throw new Error(`Deleting a partner was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => conflict(PARTNER_CHANGED_WHILE_SAVING)),
);
