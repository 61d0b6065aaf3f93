import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { keyed, primary, SERVICE } from "./keys";

/**
 * The tips one staff member received in one of the shop's months (`month` is `YYYY-MM` in America/Denver): one item
 * per month and staff member, all of a month in one partition (`stats#tips#<month>`), so the dashboard's per-staff
 * table is one Query whatever the shop's size. Changed only with ADD in the transaction that records a tip
 * (tips/record.ts, stats/daily.ts `tipRecorded`); `staffName` is the name the latest tip was recorded with.
 * A tip on an order no staff member moved to Ready counts under `staffId` "none".
 */
export const staffTips = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "staffTips", version: "1" },
      attributes: {
        month: { type: "string", required: true, readOnly: true },
        staffId: { type: "string", required: true, readOnly: true },
        staffName: { type: "string" },
        tipCents: { type: "number", default: 0 },
        tips: { type: "number", default: 0 },
      },
      indexes: {
        byMonth: keyed(primary, ["month"], "stats#tips#${month}", ["staffId"], "staff#${staffId}"),
      },
    },
    config,
  );
export type StaffTips = ReturnType<typeof staffTips>;
