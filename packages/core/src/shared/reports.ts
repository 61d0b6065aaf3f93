/**
 * The sales reports as admins read them (GET /api/admin/reports/sales, docs/api-admin.md "Reports"; the console's
 * Reports page). Browser-safe: the query's schema and its refusals, the dimensions and locations and their words,
 * a report's rows and totals, and the one CSV both the API and the page hand out.
 *
 * Money is integer cents; days are the shop's days (`YYYY-MM-DD` in America/Denver, shared/analytics.ts). Each
 * figure is counted the way the dashboard counts it (stats/daily.ts), on the day the money moved:
 *
 * - Sales: order payments, sales tax included, on the day paid (a comp collects nothing and is no sale).
 * - Refunds: money given back, tax included, on the day given; on an item, a refund of lines lands on those lines,
 *   a refund of money alone on every line of the order in proportion to what each was charged.
 * - Tax collected / Tax refunded: the sales tax in those payments and refunds; owed = collected − refunded.
 * - Tips: tips paid (the crew's money: never in Net income).
 * - Memberships / Packs: membership invoices paid and packs of regrips bought (online, by card).
 * - Net income: sales − refunds + memberships + packs, what the dashboard calls revenue.
 *
 * By staff member: who took the money. A counter payment is the staff member's who took it, a refund the giver's,
 * a tip the staff member's who made the paddle ready; money paid online (card checkout, memberships, packs, refunds
 * Stripe reported) is "Online". By tender: the order's payment method (card online, cash or card at the counter,
 * membership, pack credit); memberships, packs and tips are paid by card online. Points redeemed are a discount on
 * the bill, not a tender. By location: where the money counts (the place the order is taxed at: the shop it was
 * dropped off or sold at, or Onsite), memberships and packs "Online".
 */
import * as z from "zod/mini";
import { addDays, daysBetween, isLocalDate } from "./calendar";
import { categoryLabel } from "./products";
import { PAYMENT_METHOD_LABELS } from "./payment";
import { SHOP_LABELS } from "./location-names";
import { REPORT_LOCATIONS, type ReportLocation } from "./report-keys";

export * from "./report-keys";

/** What a report is broken down by. */
export const REPORT_BY = ["day", "item", "category", "staff", "tender", "location"] as const;
export type ReportBy = (typeof REPORT_BY)[number];

export const REPORT_BY_LABELS: Record<ReportBy, string> = {
  day: "Day",
  item: "Item",
  category: "Category",
  staff: "Staff member",
  tender: "Tender",
  location: "Location",
};

export const REPORT_LOCATION_LABELS: Record<ReportLocation, string> = {
  ...SHOP_LABELS,
  ONSITE: "Onsite",
  ONLINE: "Online",
};

/** The categories of things that are not catalogue products. */
export const EXTRA_CATEGORY_LABELS: Record<string, string> = {
  MEMBERSHIP: "Memberships",
  PACK: "Packs",
  TIPS: "Tips",
};

/** How a tender reads. */
export const tenderLabel = (tender: string): string => PAYMENT_METHOD_LABELS[tender] ?? tender;
/** How a category reads. */
export const reportCategoryLabel = (category: string): string => categoryLabel[category as keyof typeof categoryLabel] ?? EXTRA_CATEGORY_LABELS[category] ?? category;

/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366;

export const REPORT_DATE_INVALID = "from and to must be dates as YYYY-MM-DD";
export const REPORT_RANGE_BACKWARDS = "The end date (to) must be on or after the start date (from)";
export const REPORT_RANGE_TOO_LONG = `A report covers at most ${MAX_REPORT_DAYS} days`;
export const REPORT_BY_INVALID = `by must be one of ${REPORT_BY.join(", ")}`;
export const REPORT_LOCATION_INVALID = `location must be one of ${REPORT_LOCATIONS.join(", ")}, or left out for all`;

const ReportDate = z.string({ error: REPORT_DATE_INVALID }).check(z.maxLength(10, REPORT_DATE_INVALID), z.refine(isLocalDate, REPORT_DATE_INVALID));

/** `?from=&to=&location=&by=&format=` of GET /api/admin/reports/sales. */
export const SalesReportQuery = z
  .object({
    from: ReportDate,
    to: ReportDate,
    location: z.optional(z.union([z.enum(REPORT_LOCATIONS, { error: REPORT_LOCATION_INVALID }), z.literal("")], { error: REPORT_LOCATION_INVALID })),
    by: z._default(z.enum(REPORT_BY, { error: REPORT_BY_INVALID }), "day"),
    format: z.optional(z.enum(["json", "csv"], { error: "format must be json or csv" })),
  })
  .check(
    z.refine((q) => q.to >= q.from, { message: REPORT_RANGE_BACKWARDS, path: ["to"] }),
    z.refine((q) => q.to < q.from || daysBetween(q.from, q.to) + 1 <= MAX_REPORT_DAYS, { message: REPORT_RANGE_TOO_LONG, path: ["to"] }),
  );
export type SalesReportQuery = z.output<typeof SalesReportQuery>;

/** The money of a row or of the whole report. */
export interface SalesFigures {
  /** Order payments, sales tax included. */
  salesCents: number;
  refundedCents: number;
  /** Sales tax in salesCents. */
  taxCents: number;
  /** Sales tax in refundedCents. */
  refundedTaxCents: number;
  tipCents: number;
  membershipCents: number;
  packCents: number;
  /** salesCents − refundedCents + membershipCents + packCents. */
  netCents: number;
  /** Payments (orders, memberships, packs) or, by item and category, units sold. */
  count: number;
}

export interface SalesRow extends SalesFigures {
  /** The day, item key, category, staff id, tender or location. */
  key: string;
  label: string;
}

export interface SalesReport {
  from: string;
  to: string;
  /** The location asked for; null for all. */
  location: ReportLocation | null;
  by: ReportBy;
  rows: SalesRow[];
  /** The rows added up (every row's money once). */
  totals: SalesFigures;
}

export const emptyFigures = (): SalesFigures => ({
  salesCents: 0,
  refundedCents: 0,
  taxCents: 0,
  refundedTaxCents: 0,
  tipCents: 0,
  membershipCents: 0,
  packCents: 0,
  netCents: 0,
  count: 0,
});

const MONEY_FIELDS = ["salesCents", "refundedCents", "taxCents", "refundedTaxCents", "tipCents", "membershipCents", "packCents", "netCents", "count"] as const;

/** Adds `b` into `a`. */
export function addFigures(a: SalesFigures, b: SalesFigures): SalesFigures {
  for (const field of MONEY_FIELDS) a[field] += b[field];
  return a;
}

/** Every day of a range, in order (the by-day report lists quiet days too). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The CSV's columns: the row's key and label, then its figures in dollars. */
export const CSV_COLUMNS = [
  ["key", "Key"],
  ["label", "Name"],
  ["count", "Count"],
  ["salesCents", "Sales"],
  ["refundedCents", "Refunds"],
  ["taxCents", "Tax collected"],
  ["refundedTaxCents", "Tax refunded"],
  ["tipCents", "Tips"],
  ["membershipCents", "Memberships"],
  ["packCents", "Packs"],
  ["netCents", "Net income"],
] as const;

const dollarsOf = (cents: number) => (cents / 100).toFixed(2);
/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is written after a ' so a spreadsheet never runs it. */
function field(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report as CSV: a header, one line per row, then a Total line; dollars with two decimals. */
export function reportCsv(report: SalesReport): string {
  const line = (row: SalesRow) =>
    CSV_COLUMNS.map(([name]) => (name === "key" || name === "label" ? field(row[name]) : name === "count" ? String(row.count) : dollarsOf(row[name]))).join(",");
  return [
    CSV_COLUMNS.map(([, title]) => title).join(","),
    ...report.rows.map(line),
    line({ key: "total", label: "Total", ...report.totals }),
  ].join("\r\n") + "\r\n";
}

/** The CSV's file name: `regrip-sales-by-item-2026-11-01-to-2026-11-30[-littleton].csv`. */
export const reportFileName = (report: Pick<SalesReport, "from" | "to" | "by" | "location">): string =>
  `regrip-sales-by-${report.by}-${report.from}-to-${report.to}${report.location ? `-${report.location.toLowerCase().replace(/_/g, "-")}` : ""}.csv`;
