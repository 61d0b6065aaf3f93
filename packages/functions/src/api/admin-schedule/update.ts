import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";

/**
 * PATCH /api/admin/schedule/{id} {eventDate?, startTime?, endTime?, maxCapacity?, notes?, isActive?: false}:
 * ScheduleAdminView. `isActive: false` cancels it: every booked open order is moved back to a shop and texted.
 * Audit `schedule.updated` / `schedule.canceled`, `order.event_canceled`. Admin.
 */
export const handler = api({ body: Schedule.updateEvent.schema.shape.patch }, async (req) =>
  Schedule.updateEvent(req.user(), { id: req.params.id, patch: req.body() }),
);
