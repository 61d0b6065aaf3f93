import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { isoTimestamp } from "./attributes";
import { gsi1, keyed, primary, SERVICE } from "./keys";

/** The stages an order's reminders are timed from (shared/reminders.ts). */
const REMINDER_STAGES = ["scheduled", "ready", "picked_up"] as const;

/**
 * An order's reminder timeline (reminders/): one item per order that reached Ready, written by the move writer in
 * the move's own transaction, so the daily job finds orders by stage and time with one Query on a key range:
 * `bySince` is `reminders#ready` (or `reminders#picked_up`) sorted by when the order got there. Moving Ready →
 * Picked Up moves the item to the picked-up partition; any other move leaves it where it is, and the job checks
 * the order's stage before it sends.
 *
 * Each reminder's `*At` marks that it went: set by a conditional update (only where absent) before the text is
 * sent, so a run repeated, or two at once, sends each reminder at most once per order. The marks are kept when the
 * order moves again (an order reopened back to Ready is not reminded twice).
 *
 * A booking starts the item in the `scheduled` partition at its drop-off time (`since`), for the drop-off reminder
 * the day before; a reschedule (orders/reschedule.ts) moves `since` to the new time and clears `dropoffReminderAt`,
 * so the new day is reminded once. A move into Ready then takes the item to the `ready` partition.
 */
export const orderReminder = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "orderReminder", version: "1" },
      attributes: {
        orderId: { type: "string", required: true, readOnly: true },
        userId: { type: "string", required: true },
        stage: { type: REMINDER_STAGES, required: true },
        /** When the order reached `stage` (its `completedAt` for Ready, `pickedUpAt` for Picked Up); for `scheduled`, its drop-off time. */
        since: { type: "string", required: true },
        pickupReminderAt: isoTimestamp(),
        storageNoticeAt: isoTimestamp(),
        finalNoticeAt: isoTimestamp(),
        regripReminderAt: isoTimestamp(),
        dropoffReminderAt: isoTimestamp(),
      },
      indexes: {
        byOrder: keyed(primary, ["orderId"], "reminders#${orderId}", [], "order"),
        /** The job's windows: the orders that reached a stage between two times, oldest first. */
        bySince: keyed(gsi1, ["stage"], "reminders#${stage}", ["since", "orderId"], "${since}#${orderId}"),
      },
    },
    config,
  );
export type OrderReminder = ReturnType<typeof orderReminder>;
