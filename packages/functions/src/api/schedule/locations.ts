import * as Schedule from "@regrip/core/schedule";
import { api } from "../../http/handler";

/** GET /api/locations: LocationsView, the shops (hours, closed dates, cutoffs, the pickup day of a drop-off now) and the active partner clubs. Public. */
export const handler = api(async (req) => Schedule.locations(req.actor));
