/**
 * Words a function logs that the stage's alarms count (stacks/watch.ts reads them from here, so the log line and the
 * metric filter cannot drift apart).
 */

/** The start of the line logged when the SMS provider refuses or fails a text (texts/index.ts). */
export const TEXT_FAILED = "Text failed";
