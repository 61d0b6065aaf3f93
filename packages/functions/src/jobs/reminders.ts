/**
 * The daily reminders job (reminders/): an SST Cron in the cloud (stacks/Jobs.ts), a timer on one machine
 * (infra/local/jobs.ts), `npm run reminders` by hand. A failure throws, so it shows in the function's errors and the
 * next run tries again; what this run claimed is not sent twice.
 */
import { granted } from "@regrip/core/aws/grants";
import * as Jobs from "@regrip/core/jobs";
import { remindersJob } from "../../../../infra/jobs";

export const handler = granted(remindersJob, async (): Promise<Record<string, number>> => {
  const report = await Jobs.runReminders(Jobs.remindersActor, { now: new Date() });
  const counts = Object.fromEntries(Object.entries(report.reminders).map(([name, sent]) => [name, sent.length]));
  console.log(`reminders: ${JSON.stringify(counts)}; low stock: ${JSON.stringify(report.lowStock)}`);
  return { ...counts, lowStockTexted: report.lowStock?.texted ?? 0 };
});
