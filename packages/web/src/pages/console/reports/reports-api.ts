/** The reports' calls (docs/api-admin.md "Reports"), with their query keys. */
import type { SalesReport } from "@regrip/core/shared/reports";
import { apiJson } from "../../../lib/api";
import { downloadFile } from "../../../lib/download";

export interface ReportAsk {
  from: string;
  to: string;
  /** "" for every location. */
  location: string;
  by: string;
}

const queryOf = (ask: ReportAsk, format?: "csv") =>
  new URLSearchParams({ from: ask.from, to: ask.to, by: ask.by, ...(ask.location ? { location: ask.location } : {}), ...(format ? { format } : {}) }).toString();

export const reportKeys = { sales: (ask: ReportAsk) => ["/api/admin/reports/sales", ask] as const };

export const getSalesReport = (ask: ReportAsk) => apiJson<SalesReport>("GET", `/api/admin/reports/sales?${queryOf(ask)}`);

/** Downloads the report as CSV (signed in, so fetched, then saved under the server's file name). */
export function downloadSalesCsv(ask: ReportAsk): Promise<void> {
  return downloadFile(`/api/admin/reports/sales?${queryOf(ask, "csv")}`, "text/csv", "regrip-sales.csv");
}
