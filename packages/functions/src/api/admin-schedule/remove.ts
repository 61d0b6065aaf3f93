import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";
import { json, noContent } from "../../http/reply";

/** DELETE /api/admin/schedule/{id}: 204 when nobody is booked; else the event is canceled as PATCH isActive:false does (200 ScheduleAdminView). Admin. */
export const handler = api(async (req) => {
  const canceled = await Schedule.removeEvent(req.user(), { id: req.params.id });
  return canceled ? json(canceled) : noContent();
});
