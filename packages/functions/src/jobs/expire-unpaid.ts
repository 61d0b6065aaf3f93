/**
 * The scheduled job that ends unpaid holds (orders/expire.ts): an SST Cron
 * every 5 minutes in the cloud (stacks/Jobs.ts), a timer on one machine
 * (infra/local/shop.ts). A failure throws, so it shows in the function's
 * errors and the next run tries again; nothing it did is undone.
 */
import { granted } from "@regrip/core/aws/grants";
import * as Jobs from "@regrip/core/jobs";
import { expireUnpaidJob } from "../../../../infra/jobs";

export const handler = granted(expireUnpaidJob, async (): Promise<{ canceled: number; skipped: number }> => {
  const report = await Jobs.expireUnpaidOrders(Jobs.holdActor, { now: new Date() });
  if (report.canceled.length || report.skipped.length) {
    console.log(`unpaid hold: canceled ${report.canceled.length} order(s) [${report.canceled.join(", ")}], left ${report.skipped.length} that changed meanwhile`);
  }
  return { canceled: report.canceled.length, skipped: report.skipped.length };
});
