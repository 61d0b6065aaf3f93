/**
 * What the scheduled jobs run (infra/jobs.ts), imported by their handlers
 * without the rest of their domains: the expiry job needs no booking schema.
 */
export * as Jobs from "./index";
export { expireUnpaidOrders, holdActor, type ExpiryReport } from "../orders/expire";
export { runReminders, remindersActor, type ReminderReport } from "../reminders";
