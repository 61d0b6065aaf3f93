/**
 * The admin's packs (docs/api-admin.md): list, create, edit (retiring a pack is `isActive: false`: a pack already
 * bought keeps the terms it was sold with). Each write is one labelled transaction with its audit entry.
 */
import * as z from "zod/mini";
import type { Actor } from "../actor";
import { fn, NoInput } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { newId } from "../entities/attributes";
import { conflict, notFound } from "../errors";
import { Id } from "../shared/ids";
import { PackInput, PackPatch } from "../shared/pack-input";
import { PACK_NOT_FOUND, type PackView } from "../shared/packs";
import { allPacks, packView, type PackItem } from "./view";

const CHANGED_WHILE_SAVING = "This pack changed while saving. Please try again.";

function auditWrite({ auditLog }: TransactionEntities, actor: Actor, action: "pack.created" | "pack.updated", targetId: string, diff: Record<string, unknown>): LabelledWrite {
  return { label: "audit", write: auditLog.create(auditEntry({ actor, action, targetType: "pack", targetId, diff })).commit() };
}

async function found(id: string): Promise<PackItem> {
  const { data } = await db().entities.pack.get({ id }).go({ consistent: true });
  if (!data) throw notFound(PACK_NOT_FOUND);
  return data;
}

/** GET /api/admin/packs: every pack, on sale or retired, newest first. */
export const list = /* @__PURE__ */ fn({ role: "admin", input: NoInput }, async (): Promise<{ items: PackView[] }> => ({ items: (await allPacks()).map(packView) }));

/** POST /api/admin/packs: the pack and its audit entry (`pack.created`). */
export const create = /* @__PURE__ */ fn({ role: "admin", input: PackInput }, async (actor, input): Promise<PackView> => {
  const id = newId();
  const at = new Date().toISOString();
  const fields = {
    name: input.name,
    regrips: input.regrips,
    priceCents: input.priceCents,
    services: [...new Set(input.services)],
    ...(input.validDays ? { validDays: input.validDays } : {}),
    isActive: input.isActive ?? true,
  };
  const outcome = await writeLabelled((entities) => [
    { label: "pack", write: entities.pack.create({ id, ...fields, createdAt: at, updatedAt: at }).commit() },
    auditWrite(entities, actor, "pack.created", id, fields),
  ]);
  if (!outcome.committed) throw new Error(`Creating a pack was cancelled: ${JSON.stringify(outcome.codes)}`);
  return packView(await found(id));
});

const UpdateInput = z.object({ id: Id, patch: PackPatch });

/**
 * PATCH /api/admin/packs/{id}: the fields sent, with an audit entry (`pack.updated`, each changed field from and
 * to); conditioned on the pack as read and decided again when another write came first. `validDays: null` makes
 * packs bought from now on never expire.
 */
export const update = /* @__PURE__ */ fn({ role: "admin", input: UpdateInput }, async (actor, { id, patch }): Promise<PackView> =>
  readDecideWrite(async () => {
    const current = await found(id);
    const before = { name: current.name, regrips: current.regrips, priceCents: current.priceCents, services: current.services, validDays: current.validDays ?? null, isActive: current.isActive };
    const next = {
      name: patch.name ?? before.name,
      regrips: patch.regrips ?? before.regrips,
      priceCents: patch.priceCents ?? before.priceCents,
      services: patch.services ? [...new Set(patch.services)] : before.services,
      validDays: patch.validDays === undefined ? before.validDays : patch.validDays,
      isActive: patch.isActive ?? before.isActive,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => JSON.stringify(next[field]) !== JSON.stringify(before[field]));
    if (changed.length === 0) return packView(current);
    const diff = Object.fromEntries(changed.map((field) => [field, { from: before[field], to: next[field] }]));
    const { validDays, ...rest } = next;
    const outcome = await writeLabelled((entities) => {
      const patched = entities.pack.patch({ id }).set(rest);
      return [
        {
          label: "pack",
          write: (validDays === null ? patched.remove(["validDays"]) : patched.set({ validDays }))
            .where((a, { eq }) => eq(a.updatedAt, current.updatedAt))
            .commit(),
        },
        auditWrite(entities, actor, "pack.updated", id, diff),
      ];
    });
    if (outcome.committed) return packView(await found(id));
    if (changedSinceRead(outcome, "pack")) return CHANGED;
    throw new Error(`Updating a pack was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => conflict(CHANGED_WHILE_SAVING)),
);
