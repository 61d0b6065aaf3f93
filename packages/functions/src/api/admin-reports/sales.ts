import { Reports } from "@regrip/core/reports";
import { api } from "../../http/handler";

/**
 * GET /api/admin/reports/sales?from=&to=&location=&by=&format=: {rows, totals} (docs/api-admin.md "Reports"), or with
 * `format=csv` the same rows and totals as a CSV file to download. Admin.
 */
export const handler = api({ query: Reports.sales.schema }, async (req) => {
  if (req.query.format !== "csv") return Reports.sales(req.user(), req.query);
  const file = await Reports.salesCsv(req.user(), req.query);
  return {
    statusCode: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
    body: file.text,
  };
});
