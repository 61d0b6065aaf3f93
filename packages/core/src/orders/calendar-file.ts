/**
 * GET /api/orders/{id}/calendar.ics: the order's drop-off as a calendar file, for its owner (shared/order-calendar.ts
 * writes it). Staff and other customers are answered as for a missing order; an order with no drop-off ahead of
 * check-in (checked in, canceled, a counter sale) is a 409.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { conflict, notFound } from "../errors";
import { dropoffIcs, icsFileName } from "../shared/order-calendar";
import { Id } from "../shared/ids";
import { ORDER_NOT_FOUND } from "../shared/orders";
import { rescheduleRefusal } from "../shared/reschedule";
import { find } from "./owned";
import { env } from "../../../../infra/env";

export const NO_DROPOFF_AHEAD = "This order has no drop-off ahead to add to a calendar.";

/** The order page's address on the site ("" on a stage without one: the path alone). */
export const orderUrl = (id: string) => `${(process.env[env.siteUrl] ?? "").replace(/\/+$/, "")}/orders/${id}`;

const CalendarFileInput = z.object({ id: Id, now: z.optional(z.date()) });

/** The `.ics` file of order `id`'s drop-off: its name and its text. */
export const calendarFile = /* @__PURE__ */ fn(
  { role: "customer", input: CalendarFileInput },
  async (actor, { id, now }): Promise<{ fileName: string; text: string }> => {
    const order = await find(actor, id);
    if (order.userId !== actor.userId) throw notFound(ORDER_NOT_FOUND);
    if (!order.dropoffDateTime || order.dropoffLocation === "COUNTER" || rescheduleRefusal(order)) throw conflict(NO_DROPOFF_AHEAD);
    return { fileName: icsFileName(order), text: dropoffIcs(order, { orderUrl: orderUrl(order.id), now: now ?? new Date() }) };
  },
);
