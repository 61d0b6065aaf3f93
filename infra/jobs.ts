/**
 * Scheduled jobs, as data: read by the Jobs stack (an SST Cron each), by
 * `npm run bench:lambda` (their handlers are bundled like the routes') and by
 * the local shop, which runs the same core function on a timer. Kept free of
 * SST so the scripts and the local runtime can import it.
 */
import type { FunctionDeclaration } from "./webhooks";

export interface Job extends FunctionDeclaration {
  /** EventBridge's schedule expression in the cloud. */
  schedule: `rate(${string})` | `cron(${string})`;
  /** How long one run may take, in seconds. */
  timeoutSeconds: number;
  /** Runs on a production stage only (a disposable stage's data is a copy nobody restores). */
  productionOnly?: boolean;
}

/**
 * The unpaid hold's end (packages/core/src/orders/expire.ts): every 5 minutes,
 * so an order is canceled at most 5 minutes after its hold ends. A run pages
 * through the orders past their hold: it gets more than a request's time.
 */
export const expireUnpaidJob = {
  name: "Unpaid-hold job",
  handler: "packages/functions/src/jobs/expire-unpaid.handler",
  // Cancels each expired order with its stock, bag hold and counters in one transaction; tells its customer (text, email).
  grants: { table: ["read", "put", "update", "delete"], texts: true, email: true },
  invokedAsync: true,
  schedule: "rate(5 minutes)",
  timeoutSeconds: 120,
} as const satisfies Job;

/** On one machine the same function runs on a timer this often (its errors are logged, never thrown). */
export const localExpiryIntervalMs = 60 * 1000;

/**
 * The reminders (packages/core/src/reminders/, timings in shared/reminders.ts): once a day at 16:00 UTC (mid-morning
 * in Colorado). Each run reads the orders due a reminder by a key range and texts each at most once.
 */
export const remindersJob = {
  name: "Reminders job",
  handler: "packages/functions/src/jobs/reminders.handler",
  // Reads the timeline, the orders and the customers; marks each reminder with a conditional update and the
  // low-stock day with a conditional put (with the texts' log entries); texts, and emails the drop-off reminder.
  grants: { table: ["read", "put", "update"], texts: true, email: true },
  invokedAsync: true,
  schedule: "cron(0 16 * * ? *)",
  timeoutSeconds: 300,
} as const satisfies Job;

/**
 * The nightly export of the user pool's users and their groups (packages/core/src/user-backup) to the stage's
 * user-exports bucket, `users/YYYY-MM-DD.json`: what a restore re-imports with `npm run restore:users`
 * (docs/operations.md). At 08:30 UTC (1:30 or 2:30 am in Denver), before the table's daily backup at 09:00.
 * Production only: a disposable stage's users are test logins nobody restores.
 */
/** How long each night's user export is kept (the table's backups are kept as long). */
export const userExportDays = 35;

export const userExportJob = {
  name: "User export job",
  handler: "packages/functions/src/jobs/export-users.handler",
  grants: { listUsers: true, userExports: true },
  invokedAsync: true,
  schedule: "cron(30 8 * * ? *)",
  timeoutSeconds: 300,
  productionOnly: true,
} as const satisfies Job;

/** Every scheduled job: the Jobs stack makes a Cron of each (of `jobsOf` its stage), `npm run bench:lambda` bundles each. */
export const jobs: readonly Job[] = [expireUnpaidJob, remindersJob, userExportJob];

/** The jobs a stage runs: every one in production, those not `productionOnly` elsewhere. */
export const jobsOf = (production: boolean): Job[] => jobs.filter((job) => production || !job.productionOnly);

/** On one machine the reminders run on a timer this often: each reminder still goes once, so an hour is plenty. */
export const localRemindersIntervalMs = 60 * 60 * 1000;

/**
 * The data migrations (packages/core/src/migrations/): run by the deploy after the stacks, through the Jobs stack's
 * Script, whenever the latest migration's version changes. The whole repair reads and rewrites every order's items.
 */
export const migrationsFunction = {
  name: "Data migrations",
  handler: "packages/functions/src/jobs/migrate.handler",
  grants: { table: ["read", "put", "update", "delete"] },
  timeoutSeconds: 900,
} as const satisfies FunctionDeclaration & { timeoutSeconds: number };

/** The functions that are neither routes, webhooks nor scheduled jobs: the deploy's data migrations. */
export const maintenanceFunctions = [migrationsFunction] as const;
