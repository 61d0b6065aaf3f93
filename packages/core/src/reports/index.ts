/**
 * GET /api/admin/reports/sales (docs/api-admin.md "Reports"): the shop's money over a range of days, at one location
 * or all, by day, item, category, staff member, tender or location, as rows and totals (JSON) or CSV. Read from the
 * aggregate items the money writes keep (stats/sales.ts, entities/salesStats.ts), never summed over orders: by
 * day, tender and location the tender items; by item the item items; by category the item items and the catalogue's
 * one Query (a product's category as it is now); by staff member the staff items. shared/reports.ts says what each
 * figure means.
 */
import { fn } from "../actor/fn";
import { allProducts } from "../catalogue";
import {
  addFigures,
  daysOf,
  emptyFigures,
  REPORT_LOCATION_LABELS,
  reportCategoryLabel,
  reportCsv,
  reportFileName,
  SalesReportQuery,
  tenderLabel,
  type ReportLocation,
  type SalesFigures,
  type SalesReport,
  type SalesRow,
} from "../shared/reports";
import { readSales, type SalesItem } from "./read";

export * as Reports from "./index";
export { dayTotals } from "./day-totals";

/** An item's figures as a report reads them. */
export function figuresOf(item: SalesItem): SalesFigures {
  return {
    salesCents: item.paidCents,
    refundedCents: item.refundedCents,
    taxCents: item.taxCents,
    refundedTaxCents: item.refundedTaxCents,
    tipCents: item.tipCents,
    membershipCents: item.membershipCents,
    packCents: item.packCents,
    netCents: item.paidCents - item.refundedCents + item.membershipCents + item.packCents,
    count: item.count,
  };
}

/** The category of an item key: the product's category now, else what the key names. */
function categoryOf(key: string, categories: Map<string, string>): string {
  if (key.startsWith("pack:")) return "PACK";
  if (key.startsWith("membership")) return "MEMBERSHIP";
  if (key === "tips") return "TIPS";
  return categories.get(key) ?? "OTHER";
}

/** The report asked for: rows in a stable order and their totals. */
export async function salesReport(query: SalesReportQuery): Promise<SalesReport> {
  const { from, to, by } = query;
  const location = (query.location || null) as ReportLocation | null;
  const dimension = by === "item" || by === "category" ? "item" : by === "staff" ? "staff" : "tender";
  const [items, products] = await Promise.all([readSales(dimension, from, to, location), by === "category" ? allProducts() : Promise.resolve([])]);
  const categories = new Map(products.map((p) => [p.id, p.category as string]));
  const rows = new Map<string, SalesRow>();
  const labelledOn = new Map<string, string>();
  const row = (key: string, label: string) => rows.get(key) ?? rows.set(key, { key, label, ...emptyFigures() }).get(key)!;
  // Every day of the range is a row by day, quiet days too (a chart of the range shows them as 0).
  if (by === "day") for (const day of daysOf(from, to)) row(day, day);
  for (const item of items) {
    const figures = figuresOf(item);
    if (by === "day") addFigures(row(item.day, item.day), figures);
    else if (by === "location") addFigures(row(item.location, REPORT_LOCATION_LABELS[item.location]), figures);
    else if (by === "tender") addFigures(row(item.key, tenderLabel(item.key)), figures);
    else if (by === "category") {
      const category = categoryOf(item.key, categories);
      addFigures(row(category, reportCategoryLabel(category)), figures);
    } else {
      // By item and by staff member the latest name written labels the row.
      const r = row(item.key, item.label);
      if (item.day >= (labelledOn.get(item.key) ?? "")) {
        r.label = item.label;
        labelledOn.set(item.key, item.day);
      }
      addFigures(r, figures);
    }
  }
  const ordered = [...rows.values()].sort(by === "day" ? (a, b) => a.key.localeCompare(b.key) : (a, b) => b.netCents + b.tipCents - (a.netCents + a.tipCents) || a.label.localeCompare(b.label));
  const totals = ordered.reduce((sum, r) => addFigures(sum, r), emptyFigures());
  return { from, to, location, by, rows: ordered, totals };
}

/** GET /api/admin/reports/sales as JSON. Admin. */
export const sales = /* @__PURE__ */ fn({ role: "admin", input: SalesReportQuery }, async (_actor, query): Promise<SalesReport> => salesReport(query));

/** GET /api/admin/reports/sales?format=csv: the same report as a CSV file. Admin. */
export const salesCsv = /* @__PURE__ */ fn({ role: "admin", input: SalesReportQuery }, async (_actor, query): Promise<{ fileName: string; text: string }> => {
  const report = await salesReport(query);
  return { fileName: reportFileName(report), text: reportCsv(report) };
});
