import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { timestamps } from "./attributes";
import { keyed, primary, SERVICE } from "./keys";

/**
 * The staff accounts' one shared item (staff/): the ids of the active admins, whose count guards the last admin (a
 * demotion or a switch-off takes an id out only while another stays, a condition DynamoDB checks inside the write, so
 * two at once leave one), and the ids of the staff switched off, which the handler layer reads on every request whose
 * token claims a staff role (http/handler.ts), so a switched-off person's still-valid token is refused at once, and
 * the ids of admins made employees, whose still-valid admin token is read as an employee's.
 * Made from the user pool's groups the first time it is needed (`Staff.roster`). Key: `staff` / `roster`.
 */
export const STAFF_ROSTER_KEY = { pk: "staff", sk: "roster" } as const;

export const staffRoster = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "staffRoster", version: "1" },
      attributes: {
        name: { type: ["roster"] as const, required: true, readOnly: true, default: "roster" },
        /** The active admins' ids (never empty once made: the last one cannot leave). */
        admins: { type: "set", items: "string" },
        /** How many ids `admins` holds, kept by the same writes: the last-admin condition compares it (`> 1`). */
        adminCount: { type: "number", required: true, default: 0 },
        /** The switched-off staff's ids. */
        off: { type: "set", items: "string" },
        /** The ids of admins made employees (taken out again when made admins): a token they still hold claims the admin group, and the handler layer reads them as employees at once. */
        demoted: { type: "set", items: "string" },
        ...timestamps(),
      },
      indexes: {
        byName: keyed(primary, [], STAFF_ROSTER_KEY.pk, ["name"], "${name}"),
      },
    },
    config,
  );
export type StaffRoster = ReturnType<typeof staffRoster>;
