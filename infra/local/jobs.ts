import { expireUnpaidJob, localExpiryIntervalMs, localRemindersIntervalMs, remindersJob } from "../jobs";

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
  /**
   * The reminders job (packages/core/src/reminders/); by default the real one, every `localRemindersIntervalMs`,
   * unless `run` replaces the expiry (a test of the timer): then only what is given runs.
   */
  reminders?: (now: Date) => Promise<{ reminders: Record<string, unknown[]>; lowStock: { texted: number } | null }>;
  remindersIntervalMs?: number;
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

/** The reminders due now, under the job's grants, as the cloud's function runs them. */
export async function runRemindersLocally(now: Date) {
  const [{ runReminders, remindersActor }, { withGrants }] = await Promise.all([
    import("../../packages/core/src/reminders"),
    import("../../packages/core/src/aws/grants"),
  ]);
  return withGrants(remindersJob, () => runReminders(remindersActor, { now }));
}

/** A line for the shop's log saying what a reminders run sent, or nothing when it sent nothing. */
export function remindersLine(report: { reminders: Record<string, unknown[]>; lowStock: { texted: number } | null }): string | null {
  const parts = Object.entries(report.reminders)
    .filter(([, sent]) => sent.length)
    .map(([name, sent]) => `${sent.length} ${name}`);
  if (report.lowStock?.texted) parts.push(`the low-stock summary to ${report.lowStock.texted} admin(s)`);
  return parts.length ? `Reminders: ${parts.join(", ")}.` : null;
}

/** Runs `run` every `intervalMs`, never overlapping itself; a failure is logged by `failed`. */
function every(intervalMs: number, run: () => Promise<void>, failed: (error: unknown) => void, isStopped: () => boolean): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running || isStopped()) return;
    running = true;
    run()
      .catch((error: unknown) => {
        if (!isStopped()) failed(error);
      })
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return timer;
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
  const reminders = options.reminders ?? (options.run ? undefined : runRemindersLocally);
  const remindersTimer = reminders
    ? every(
        options.remindersIntervalMs ?? localRemindersIntervalMs,
        async () => {
          const line = remindersLine(await reminders(new Date()));
          if (line) options.log(line);
        },
        (error) => options.log(`The reminders job failed (it runs again in an hour): ${error instanceof Error ? error.message : String(error)}`),
        () => stopped,
      )
    : undefined;
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      if (remindersTimer) clearInterval(remindersTimer);
    },
  };
}
