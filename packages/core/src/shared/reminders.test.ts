import { describe, expect, it } from "vitest";
import { CATCH_UP_DAYS, DAY_MS, REMINDERS, reminderWindow } from "./reminders";

describe("the reminders' timings", () => {
  it("are the issue's: 3, 30 and 55 days Ready, 12 weeks after pickup", () => {
    expect(REMINDERS).toEqual({
      pickupReminder: { stage: "ready", days: 3 },
      storageNotice: { stage: "ready", days: 30 },
      finalNotice: { stage: "ready", days: 55 },
      regripReminder: { stage: "picked_up", days: 84 },
    });
  });

  it("look back CATCH_UP_DAYS before each reminder's moment, and no further", () => {
    const now = new Date("2026-03-10T16:00:00.000Z");
    expect(reminderWindow("pickupReminder", now)).toEqual({ from: "2026-03-04T16:00:00.000Z", to: "2026-03-07T16:00:00.000Z" });
    const regrip = reminderWindow("regripReminder", now);
    expect(Date.parse(regrip.to) - Date.parse(regrip.from)).toBe(CATCH_UP_DAYS * DAY_MS);
    expect(now.getTime() - Date.parse(regrip.to)).toBe(84 * DAY_MS);
  });
});
