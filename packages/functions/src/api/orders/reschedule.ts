import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/**
 * POST /api/orders/{id}/reschedule {dropoffDateTime?, scheduleEventId?}: the owner moves the drop-off to another
 * open time (or club day) until check-in; the order. 400 a time the shop is closed, 409 after check-in, a full day.
 */
export const handler = api({ body: Orders.RescheduleBody }, async (req) => Orders.reschedule(req.user(), { id: req.params.id, change: req.body() }));
