/**
 * Data migrations: versioned, idempotent changes to what the table holds, run by the deploy after the stacks (the
 * Jobs stack's Script, stacks/Jobs.ts, each time the latest version below changes) and recorded in the table, so
 * each runs once per stage however often it deploys.
 *
 * - A migration is idempotent: run twice (two deploys at once, a retry after a timeout) it changes nothing more.
 * - Versions only grow. A new migration takes the next version at the end of the list, never a place in it.
 * - The table's version (`stats#shop` / `counter#dataVersion`) is set after each migration succeeds, from the value
 *   read: a migration that throws leaves the version where it was, and the deploy fails with it (fix and redeploy).
 * - Additive only: a migration adds or repairs items, never removes what an older build reads, so rolling the code
 *   back to the last good commit (docs/deploy.md, "Rolling back") works on a migrated table. An older build's
 *   runner finds the version ahead of its list and does nothing.
 */
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { backfillActorIndex } from "../audit/actor-backfill";
import { backfillDropoffs } from "../reminders/timeline";
import * as DashboardCounters from "../stats/recount";
import { recountAll } from "./recount";

export interface Migration {
  version: number;
  /** What it does, for the deploy's log and the guide. */
  name: string;
  /** Runs it; answers what it did, a line each. */
  run: () => Promise<string[]>;
}

/** Every data migration, oldest first. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "The whole repair (npm run recount): counters, dashboard figures, order numbers, references, claims, search items, reminder timelines",
    run: recountAll,
  },
  {
    version: 2,
    name: "Drop-off reminders for orders booked before the timeline kept drop-offs: each Scheduled order with its drop-off ahead gets its timeline item",
    run: async () => [`Reminders: ${await backfillDropoffs()} order(s) Scheduled with their drop-off ahead given the drop-off reminder's item.`],
  },
  {
    version: 3,
    name: "The reports' aggregate items and the packs' income (dashboard figures) from the stored orders, tips, packs and membership charges",
    run: async () => {
      const counted = await DashboardCounters.recount();
      return [`Dashboard counters: ${counted.days} day(s), ${counted.changedDays} changed; reports' aggregate items: ${counted.salesItems} written.`];
    },
  },
  {
    version: 4,
    name: "The audit trail's who-index for the entries written before it existed",
    run: async () => [`Audit trail: ${await backfillActorIndex()} entr(ies) written before the who-index given its keys.`],
  },
];

/** The version the deploy runs up to: the last migration's. */
export const latestVersion = migrations.reduce((latest, migration) => Math.max(latest, migration.version), 0);

const COUNTER = "dataVersion";

/** The table's version: the last migration applied (0 for a table none was applied to). */
export async function dataVersion(): Promise<number> {
  const { data } = await db().entities.shopCounter.get({ name: COUNTER }).go({ consistent: true });
  return data?.count ?? 0;
}

/** Records `version` as applied when the table still says `from` (another run that got there first wins). */
async function record(from: number, version: number): Promise<boolean> {
  try {
    if (from === 0) await db().entities.shopCounter.create({ name: COUNTER, count: version }).go();
    else {
      await db()
        .entities.shopCounter.patch({ name: COUNTER })
        .set({ count: version })
        .where((a, { eq }) => eq(a.count, from))
        .go();
    }
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: { version: number; name: string; lines: string[] }[];
}

/** Applies every migration past the table's version, in order, recording each; `list` is for tests. */
export async function migrate(list: readonly Migration[] = migrations): Promise<MigrationReport> {
  const from = await dataVersion();
  let at = from;
  const applied: MigrationReport["applied"] = [];
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (migration.version <= at) continue;
    const lines = await migration.run();
    if (!(await record(at, migration.version))) {
      // Another run recorded it meanwhile: its version stands, and it goes on from there.
      return { from, to: await dataVersion(), applied };
    }
    at = migration.version;
    applied.push({ version: migration.version, name: migration.name, lines });
  }
  return { from, to: at, applied };
}
