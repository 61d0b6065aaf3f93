import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";

/** GET /api/schedule?from=&to=: {items: ScheduleEventView[]}, the upcoming onsite days and delivery runs with their seats left. Public. */
export const handler = api({ query: Schedule.schedule.schema }, async (req) => Schedule.schedule(req.actor, req.query));
