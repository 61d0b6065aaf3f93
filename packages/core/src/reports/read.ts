/**
 * Reading the reports' aggregate items (entities/salesStats.ts): one Query per location of one dimension over a
 * range of days, never a scan and never the orders. All locations are four Queries (shared/reports.ts
 * `REPORT_LOCATIONS`); the items read grow with the days and the keys (products sold, staff members, tenders), not
 * with the orders.
 */
import { db } from "../db";
import { REPORT_LOCATIONS, type ReportLocation } from "../shared/report-keys";
import { SALES_FIGURES, type SalesDimension, type SalesFigure } from "../stats/sales";

/** One stored aggregate item, its figures read (missing ones 0). */
export type SalesItem = { location: ReportLocation; day: string; key: string; label: string } & Record<SalesFigure, number>;

/** The items of `dimension` at `location` from `from` to `to` (inclusive): one Query, every page. */
async function readAt(dimension: SalesDimension, location: ReportLocation, from: string, to: string): Promise<SalesItem[]> {
  // Sort keys are `day#<day>#<key>`: "~" sorts after every key character, so the range ends after the last day's keys.
  const { data } = await db()
    .entities.salesStats.query.byDay({ dimension, location })
    .between({ day: from, key: "" }, { day: to, key: "~" })
    .go({ pages: "all" });
  return data.map((item) => {
    const figures = Object.fromEntries(SALES_FIGURES.map((figure) => [figure, Number(item[figure] ?? 0)])) as Record<SalesFigure, number>;
    return { location, day: item.day, key: item.key, label: item.label ?? item.key, ...figures };
  });
}

/** The items of `dimension` over a range, at one location or (null) at all of them. */
export async function readSales(dimension: SalesDimension, from: string, to: string, location: ReportLocation | null): Promise<SalesItem[]> {
  const locations = location ? [location] : REPORT_LOCATIONS;
  return (await Promise.all(locations.map((at) => readAt(dimension, at, from, to)))).flat();
}
