import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { cents, centsDefaultZero, generatedId, timestamps } from "./attributes";
import { gsi1, keyed, primary, SERVICE } from "./keys";
import { BOOKABLE_LOCATIONS } from "../shared/location-names";

/**
 * One session of a shop's cash drawer (drawers/, shared/drawer.ts): opened with a float, closed with the cash
 * counted. One open session per shop, held by the uniqueValue item `drawerOpen#<location>` (its ownerId: the
 * session) written with the open and deleted with the close: two opens at once, one wins. The cash figures change
 * only by ADD, in the transaction of the payment, refund or movement they count, conditioned on `status` open, and
 * `movementCount` grows with each, so a close is conditioned on the figures it read.
 *
 * Who opened and closed it by first name (`openedByName`, `closedByName`); their ids are in its audit entries.
 *
 * Keys: the session by id (`drawer#<id>`, beside its movements); every session by its shop day on gsi1
 * (`drawers`, `<day>#<openedAt>`), so the admins' list of a period is one Query.
 */
export const drawerSession = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "drawerSession", version: "1" },
      attributes: {
        id: generatedId(),
        location: { type: BOOKABLE_LOCATIONS, required: true, readOnly: true },
        status: { type: ["open", "closed"] as const, required: true },
        /** The shop day it opened on (`YYYY-MM-DD`, America/Denver). */
        day: { type: "string", required: true, readOnly: true },
        openedAt: { type: "string", required: true, readOnly: true },
        openedByName: { type: "string" },
        startingCashCents: { type: "number", required: true, readOnly: true },
        cashSalesCents: centsDefaultZero(),
        cashRefundsCents: centsDefaultZero(),
        paidInCents: centsDefaultZero(),
        paidOutCents: centsDefaultZero(),
        /** Every ADD to the figures adds one: a close is conditioned on the count it read. */
        movementCount: { type: "number", required: true, default: 0 },
        closedAt: { type: "string" },
        closedByName: { type: "string" },
        countedCashCents: cents(),
        /** Counted − expected: negative short, positive over. */
        differenceCents: { type: "number" },
        note: { type: "string" },
        /** The close report (shared/drawer.ts `DrawerReport`), kept readable. */
        report: { type: "any" },
        /** The reports of earlier closes an admin reopened, oldest first. */
        earlierReports: { type: "any" },
        /** Each reopen, `{ at, byId, byName }`, oldest first. */
        reopened: { type: "any" },
        ...timestamps(),
      },
      indexes: {
        byId: keyed(primary, ["id"], "drawer#${id}", [], "session"),
        byDay: keyed(gsi1, [], "drawers", ["day", "openedAt"], "${day}#${openedAt}"),
      },
    },
    config,
  );
export type DrawerSession = ReturnType<typeof drawerSession>;

/**
 * One line of a session's cash: a cash sale or refund (written in the payment's or refund's own transaction), or a
 * paid in or out with its reason. In the session's partition, by time: the session's lines are one Query.
 */
export const drawerMovement = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "drawerMovement", version: "1" },
      attributes: {
        sessionId: { type: "string", required: true, readOnly: true },
        id: generatedId(),
        kind: { type: ["sale", "refund", "in", "out"] as const, required: true, readOnly: true },
        amountCents: { type: "number", required: true, readOnly: true },
        reason: { type: "string" },
        orderId: { type: "string" },
        orderNumber: { type: "string" },
        byName: { type: "string" },
        at: { type: "string", required: true, readOnly: true },
      },
      indexes: {
        bySession: keyed(primary, ["sessionId"], "drawer#${sessionId}", ["at", "id"], "movement#${at}#${id}"),
      },
    },
    config,
  );
export type DrawerMovement = ReturnType<typeof drawerMovement>;
