/**
 * The audit trail's "who" index (entities/auditLog.ts `byActor`) for the entries written before it existed (migration
 * 4, migrations/index.ts): every month partition from the log's first month to now is read, and each entry without
 * the index's keys is written again whole (the same attributes; ElectroDB derives `actorKey` and the index keys from
 * `actorId`), 25 to a batch. An entry that has them is left alone, so a second run writes nothing. Reads the whole
 * log once: the deploy runs it once per stage.
 */
import { db } from "../db";
import { previousMonth } from "../db/months";
import { gsi2 } from "../entities/keys";
import { monthOf } from "../entities/auditLog";
import { AUDIT_FIRST_MONTH } from "./list";

/** The attributes an entry is written with (the derived month, actor key and index keys are ElectroDB's). */
const WRITTEN = ["id", "actorId", "actorName", "action", "targetType", "targetId", "diff", "ip", "userAgent", "createdAt"] as const;

type AuditPut = Parameters<ReturnType<typeof db>["entities"]["auditLog"]["put"]>[0];

/** Writes the byActor keys of every audit entry lacking them; answers how many it wrote. */
export async function backfillActorIndex(now: Date = new Date()): Promise<number> {
  const months: string[] = [];
  for (let month = monthOf(now.toISOString()); month >= AUDIT_FIRST_MONTH; month = previousMonth(month)) months.push(month);
  let written = 0;
  for (const month of months) {
    let cursor: string | null = null;
    do {
      const page: { data: Record<string, unknown>[]; cursor: string | null } = await db()
        .entities.auditLog.query.byMonth({ month })
        .go({ cursor, limit: 500, pages: 1, data: "includeKeys" });
      cursor = page.cursor;
      const missing = page.data.filter((entry) => !entry[gsi2.pk]);
      for (let start = 0; start < missing.length; start += 25) {
        const batch = missing.slice(start, start + 25).map((entry) => Object.fromEntries(WRITTEN.filter((name) => entry[name] !== undefined).map((name) => [name, entry[name]])));
        const { unprocessed } = await db()
          .entities.auditLog.put(batch as unknown as AuditPut)
          .go();
        if (unprocessed.length) throw new Error(`audit entries not written again: ${unprocessed.length}; run the migration again`);
        written += batch.length;
      }
    } while (cursor);
  }
  return written;
}
