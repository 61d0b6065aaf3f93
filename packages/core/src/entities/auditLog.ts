import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { generatedId, nowIso, timestamps } from "./attributes";
import { AUDIT_TARGET_TYPES } from "./enums";
import { gsi1, gsi2, keyed, primary, SERVICE } from "./keys";

/** `2026-11` from an ISO timestamp: the month bucket of time-ordered logs (UTC). */
/** The byActor index's key for entries the system wrote (a webhook, a job, the seed). */
export const AUDIT_SYSTEM_ACTOR = "system";

export const monthOf = (iso: string): string => iso.slice(0, 7);

/**
 * Who did what to which record. Partitioned by month so the newest entries
 * are one Query on the current bucket (descending) and no partition grows
 * forever; a screen that needs more reads the previous month next.
 */
export const auditLog = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "auditLog", version: "1" },
      attributes: {
        id: generatedId(),
        /** Absent for system actions (shown as 'System'). */
        actorId: { type: "string" },
        /** The actor's first name when the entry was written. */
        actorName: { type: "string" },
        /** What happened, e.g. `order.status_changed`. */
        action: { type: "string", required: true },
        targetType: { type: AUDIT_TARGET_TYPES, required: true },
        targetId: { type: "string", required: true },
        diff: { type: "any" },
        ip: { type: "string" },
        userAgent: { type: "string" },
        ...timestamps(),
        /**
         * The month bucket, derived from createdAt; callers never set it. ElectroDB
         * checks that key composites are present before watchers run, so the
         * default satisfies that check and the watcher then replaces it with the
         * month of the stored createdAt (the two cannot straddle a month boundary).
         */
        month: {
          type: "string",
          readOnly: true,
          default: () => monthOf(nowIso()),
          watch: ["createdAt"],
          set: (_: string | undefined, item: { createdAt?: string }) => (item.createdAt ? monthOf(item.createdAt) : undefined),
        },
        /** Who acted, as the byActor index keys it: the person's id, or `system`. Derived from actorId; callers never set it. */
        actorKey: {
          type: "string",
          readOnly: true,
          default: () => AUDIT_SYSTEM_ACTOR,
          watch: ["actorId"],
          set: (_: string | undefined, item: { actorId?: string }) => item.actorId ?? AUDIT_SYSTEM_ACTOR,
        },
      },
      indexes: {
        byMonth: keyed(primary, ["month"], "audit#${month}", ["createdAt", "id"], "${createdAt}#${id}"),
        /** The history of one record. */
        byTarget: keyed(gsi1, ["targetType", "targetId"], "target#${targetType}#${targetId}", ["createdAt"], "${createdAt}"),
        /**
         * What one person (or the system, `actor#system`) did: the audit trail's "who" filter, newest first. Entries
         * written before this index existed are given its keys by migration 4 (audit/actor-backfill.ts).
         */
        byActor: keyed(gsi2, ["actorKey"], "actor#${actorKey}", ["createdAt"], "${createdAt}"),
      },
    },
    config,
  );
export type AuditLog = ReturnType<typeof auditLog>;
