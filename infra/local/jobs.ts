import { expireUnpaidJob, localExpiryIntervalMs } from "../jobs";

/**
 * The scheduled jobs of infra/jobs.ts on one machine: what an SST Cron runs in
 * the cloud runs here on a timer, calling the same core function. The timer
 * never keeps the process alive (unref'd), a run never overlaps the one before,
 * and a failed run is logged, never thrown: the next tick tries again.
 */
export interface LocalJobs {
  stop(): void;
}

export interface LocalJobOptions {
  log: (line: string) => void;
  /** Defaults to the unpaid hold's expiry (packages/core/src/orders/expire.ts). */
  run?: (now: Date) => Promise<{ canceled: string[] }>;
  intervalMs?: number;
}

async function expireUnpaid(now: Date) {
  // Loaded on the first tick: the shop starts without it.
  const [{ expireUnpaidOrders, holdActor }, { withGrants }] = await Promise.all([
    import("../../packages/core/src/orders/expire"),
    import("../../packages/core/src/aws/grants"),
  ]);
  // Under the job's grants, as the cloud's function runs it.
  return withGrants(expireUnpaidJob, () => expireUnpaidOrders(holdActor, { now }));
}

export function startLocalJobs(options: LocalJobOptions): LocalJobs {
  const run = options.run ?? expireUnpaid;
  let running = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    run(new Date())
      .then((report) => {
        if (report.canceled.length) options.log(`Unpaid hold ended: canceled ${report.canceled.length} order(s) and returned their stock.`);
      })
      .catch((error: unknown) => {
        if (!stopped) options.log(`The unpaid-hold job failed (it runs again in a minute): ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, options.intervalMs ?? localExpiryIntervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
