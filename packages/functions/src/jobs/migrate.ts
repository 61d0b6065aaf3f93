/**
 * The deploy's data migrations (packages/core/src/migrations/): the Jobs stack's Script calls this after the stacks
 * are up, whenever the latest migration's version changes. A failure throws, so the deploy fails and says so; what was
 * applied before it stays recorded, and the next deploy goes on from there.
 */
import { granted } from "@regrip/core/aws/grants";
import { migrate } from "@regrip/core/migrations";
import { migrationsFunction } from "../../../../infra/jobs";

export const handler = granted(migrationsFunction, async (): Promise<{ from: number; to: number; applied: number[] }> => {
  const report = await migrate();
  for (const step of report.applied) console.log(`migration ${step.version} (${step.name}):\n${step.lines.join("\n")}`);
  console.log(`data version ${report.from} → ${report.to}`);
  return { from: report.from, to: report.to, applied: report.applied.map((step) => step.version) };
});
