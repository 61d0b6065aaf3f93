import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";

/** GET /api/admin/schedule?from=&to=: {items: ScheduleAdminView[]}, every event of the range by date, canceled ones too. Admin. */
export const handler = api({ query: Schedule.listEvents.schema }, async (req) => Schedule.listEvents(req.user(), req.query));
