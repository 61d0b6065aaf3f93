/**
 * The reminders' timings, in one place (docs/decisions.md "Reminders"): read by the daily job (reminders/), the
 * texts' words (texts/templates.ts) and the docs. Browser-safe: words and numbers only.
 *
 * The terms (legal page): storage fees after 30 days Ready, no responsibility after 60.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Days after an order reaches Ready: a pickup reminder, the storage-fee notice, the final notice. */
export const PICKUP_REMINDER_DAYS = 3;
export const STORAGE_FEE_DAYS = 30;
export const FINAL_NOTICE_DAYS = 55;
/** The terms' end of the shop's responsibility for a paddle left Ready, which the final notice names. */
export const NO_RESPONSIBILITY_DAYS = 60;
/** Weeks after pickup: the regrip reminder (promotional: only with recorded promotional consent). */
export const REGRIP_REMINDER_WEEKS = 12;

/**
 * How far back a run looks past each reminder's moment: a reminder due within the last `CATCH_UP_DAYS` days and not
 * sent yet goes out (a run missed, the job paused for a day), one older is let go. What a run reads is the orders
 * that reached Ready (or were picked up) within a window this long, for each reminder: it grows with the shop's
 * daily work, never with its history.
 */
export const CATCH_UP_DAYS = 3;

/** Each reminder: the stage it is timed from and how many days after. */
export const REMINDERS = {
  pickupReminder: { stage: "ready", days: PICKUP_REMINDER_DAYS },
  storageNotice: { stage: "ready", days: STORAGE_FEE_DAYS },
  finalNotice: { stage: "ready", days: FINAL_NOTICE_DAYS },
  regripReminder: { stage: "picked_up", days: REGRIP_REMINDER_WEEKS * 7 },
} as const satisfies Record<string, { stage: "ready" | "picked_up"; days: number }>;
export type ReminderName = keyof typeof REMINDERS;

/** The daily job in the cloud runs at this hour, UTC (cron): mid-morning in Colorado, never a text at night. */
export const REMINDER_HOUR_UTC = 16;

/**
 * The window of `stage` times whose orders are due reminder `name` at `now`: from `CATCH_UP_DAYS` before the due
 * moment to the due moment (ISO strings, the first inclusive, the last exclusive).
 */
export function reminderWindow(name: ReminderName, now: Date): { from: string; to: string } {
  const due = now.getTime() - REMINDERS[name].days * DAY_MS;
  return { from: new Date(due - CATCH_UP_DAYS * DAY_MS).toISOString(), to: new Date(due).toISOString() };
}
