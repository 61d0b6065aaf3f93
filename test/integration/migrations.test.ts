/**
 * The deploy's data migrations (packages/core/src/migrations/): each applied once and recorded in the table, in
 * order, the next run applying nothing; a migration that fails leaves the version where it was, and a run that finds
 * the table ahead of its list (an older build after a rollback) does nothing. A table of its own: migration 1 is the
 * whole repair, which rewrites shop-wide counters.
 */
import { describe, expect, it } from "vitest";
import { dataVersion, latestVersion, migrate, migrations, type Migration } from "../../packages/core/src/migrations";
import { ownShopTable } from "./payment-support";

ownShopTable("migrations");

describe("data migrations", () => {
  it("apply each migration past the table's version once, recording it, and nothing on the next run", async () => {
    expect(await dataVersion()).toBe(0);
    const first = await migrate();
    expect(first).toMatchObject({ from: 0, to: latestVersion });
    expect(first.applied.map((step) => step.version)).toEqual(migrations.map((migration) => migration.version));
    // Migration 1, the whole repair, says what each step found.
    expect(first.applied[0]!.lines.join("\n")).toContain("Order counters:");
    expect(await dataVersion()).toBe(latestVersion);
    expect(await migrate()).toEqual({ from: latestVersion, to: latestVersion, applied: [] });
  });

  it("stop at a migration that fails, its version not recorded, and go on from there once it is fixed", async () => {
    const at = await dataVersion();
    const ran: number[] = [];
    let broken = true;
    const list: Migration[] = [
      ...migrations,
      { version: at + 1, name: "first", run: async () => (ran.push(at + 1), ["one"]) },
      {
        version: at + 2,
        name: "second",
        run: async () => {
          if (broken) throw new Error("not yet");
          ran.push(at + 2);
          return ["two"];
        },
      },
    ];
    await expect(migrate(list)).rejects.toThrow("not yet");
    expect(await dataVersion()).toBe(at + 1);
    broken = false;
    expect((await migrate(list)).applied.map((step) => step.version)).toEqual([at + 2]);
    expect(ran).toEqual([at + 1, at + 2]);
    // An older build (a rollback) knows fewer migrations: the table is ahead of it, and it does nothing.
    expect(await migrate(migrations)).toEqual({ from: at + 2, to: at + 2, applied: [] });
  });
});
