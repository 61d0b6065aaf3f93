import * as Orders from "@regrip/core/orders";
import { api } from "../../http/handler";

/** GET /api/orders/{id}/calendar.ics: the order's drop-off as a calendar file, for its owner. */
export const handler = api(async (req) => {
  const file = await Orders.calendarFile(req.user(), { id: req.params.id });
  return {
    statusCode: 200,
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
    body: file.text,
  };
});
