/**
 * The deploy's data migrations (packages/core/src/migrations/): each applied once and recorded in the table, in
 * order, the next run applying nothing; a migration that fails leaves the version where it was, and a run that finds
 * the table ahead of its list (an older build after a rollback) does nothing. A table of its own: migration 1 is the
 * whole repair, which rewrites shop-wide counters.
 */
import { describe, expect, it } from "vitest";
import { dataVersion, latestVersion, migrate, migrations, type Migration } from "../../packages/core/src/migrations";
import { ownShopTable } from "./payment-support";
import { randomUUID } from "node:crypto";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { backfillActorIndex } from "../../packages/core/src/audit/actor-backfill";
import { db } from "../../packages/core/src/db";
import { dynamoDocumentClient, tableName } from "../../packages/core/src/db/client";
import { gsi2, primary } from "../../packages/core/src/entities/keys";

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

  it("give the audit entries written before the who-index its keys, once: the person's filter then finds them", async () => {
    const at = "2026-03-04T05:06:07.000Z";
    const person = `person-${randomUUID()}`;
    // Two entries as an older build wrote them: without the index's keys (one a person's, one the system's).
    for (const actorId of [person, undefined]) {
      await db().entities.auditLog.create({ ...(actorId ? { actorId, actorName: "Sam" } : {}), action: "order.paid", targetType: "order", targetId: `order-${randomUUID()}`, createdAt: at }).go();
    }
    const { data: stored } = await db().entities.auditLog.query.byMonth({ month: "2026-03" }).go({ data: "includeKeys", pages: "all" });
    for (const entry of stored as Record<string, string>[]) {
      await dynamoDocumentClient().send(
        new UpdateCommand({ TableName: tableName(), Key: { [primary.pk]: entry[primary.pk], [primary.sk]: entry[primary.sk] }, UpdateExpression: `REMOVE ${gsi2.pk}, ${gsi2.sk}` }),
      );
    }
    expect((await db().entities.auditLog.query.byActor({ actorKey: person }).go()).data).toEqual([]);
    expect(await backfillActorIndex()).toBeGreaterThanOrEqual(2);
    const found = (await db().entities.auditLog.query.byActor({ actorKey: person }).go()).data;
    expect(found.map((entry) => [entry.actorName, entry.action, entry.createdAt])).toEqual([["Sam", "order.paid", at]]);
    expect((await db().entities.auditLog.query.byActor({ actorKey: "system" }).go({ pages: "all" })).data.some((entry) => entry.createdAt === at)).toBe(true);
    // Run again: nothing is missing, nothing is written.
    expect(await backfillActorIndex()).toBe(0);
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
