import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/** POST /api/admin/schedule {eventType, partnerKey | location, eventDate, startTime, endTime?, maxCapacity?, notes?}: 201 ScheduleAdminView. Audit `schedule.created`. Admin. */
export const handler = api({ body: Schedule.createEvent.schema }, async (req) => json(await Schedule.createEvent(req.user(), req.body()), 201));
