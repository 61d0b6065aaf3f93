import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { keyed, primary, SERVICE } from "./keys";

/**
 * One item per (short reference, order): what staff search an order by: its number ("R-1042", shared/orders.ts
 * `orderReference`), the last 6 characters of its id, upper-cased, and its bag number when it has one. Partitioned by
 * the reference, newest first, so `GET /api/admin/orders?q=R-1042`, `?q=64CCF8` or `?q=107` is one Query of the orders that carry it, whatever
 * the shop's size (orders/references.ts). Written in the order's own transaction (orders/create.ts), never
 * changed: an order keeps its reference when it is picked up, so a bag's past orders stay findable by its number.
 */
export const orderReference = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "orderReference", version: "1" },
      attributes: {
        /** Upper case: `R-<number>`, 3 characters (a bag code) or 6 (an id's end); `event:<id>` for an event's orders. */
        reference: { type: "string", required: true, readOnly: true },
        createdAt: { type: "string", required: true, readOnly: true },
        orderId: { type: "string", required: true, readOnly: true },
      },
      indexes: {
        byReference: keyed(primary, ["reference"], "orderref#${reference}", ["createdAt", "orderId"], "${createdAt}#${orderId}"),
      },
    },
    config,
  );
export type OrderReference = ReturnType<typeof orderReference>;
