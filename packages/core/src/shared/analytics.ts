/**
 * The admin dashboard's figures as admins read them (GET /api/admin/analytics, docs/api-admin.md;
 * the spec's four metric cards). Browser-safe: the answer's types, the periods compared and the
 * one way a comparison is worded, so the page and the docs say the same thing.
 *
 * Money is integer cents, as everywhere in the API. Days are the shop's days (`YYYY-MM-DD` in America/Denver:
 * both shops are in Colorado), so an order booked at 6 pm counts for that evening, not for tomorrow in UTC.
 *
 * - Monthly Revenue: payments landed this month (orders paid, membership invoices paid, packs bought) minus refunds given
 *   this month, month to date, as customers paid them: sales tax included (its part shown apart, in Tax), tips never
 *   (shown apart, in Tips).
 *   Compared with the same days of the previous month (1st to today's day of the month, cut at that month's end).
 * - Active Subscriptions: subscriptions in a live status (active, trialing, past due) now; compared with the
 *   start of the month (the change is subscriptions started minus ended this month).
 * - Orders Today: orders booked today (booking, storefront invoice, quick sale) not canceled; compared with
 *   yesterday counted the same way.
 * - Avg. Order Value: this month's order payments less this month's refunds (both as paid), divided by the
 *   orders paid this month less those refunded in full: two orders of $48 and $65 with the $65 refunded in full
 *   average $48. Compared with the same days of the previous month.
 * - Refunds: money given back this month (tax included, its tax beside it) and the orders refunded in full.
 * - Tax: sales tax in this month's payments less the tax in this month's refunds, in all and by the place it is
 *   owed to (each shop, and onsite days and deliveries: shared/money-settings.ts TAX_LOCATIONS).
 * - Tips: tips paid this month (total and how many) and by the staff member who moved each order to Ready. Tips
 *   are the staff's, not the shop's: never part of Monthly Revenue or the average.
 */
import { SHOP_TIME_ZONE } from "./calendar";
import type { TaxLocation } from "./money-settings";

/** The figures of one day's orders and money. */
export interface DayPoint {
  day: string;
  /** Paid (orders, membership invoices and packs) minus refunded that day, sales tax included. */
  revenueCents: number;
  /** Orders booked that day and not canceled. */
  orders: number;
  paidOrders: number;
}

export interface PeriodTotals {
  /** First and last day, inclusive. */
  from: string;
  to: string;
  /** Orders' payments less refunds, both as paid (sales tax included), plus membership invoices paid and packs bought. */
  revenueCents: number;
  /** Orders' payments, tax included. */
  paidCents: number;
  /** The sales tax in paidCents. */
  taxCents: number;
  /** Membership (subscription) invoices paid, in revenueCents; not orders, so not in the average order value. */
  subscriptionPaidCents: number;
  /** Packs of regrips bought less packs given back (in Stripe), in revenueCents; the regrips they cover later are orders of tender PACK. */
  packPaidCents: number;
  /** Refunds given, tax included. */
  refundedCents: number;
  /** The sales tax in refundedCents. */
  refundedTaxCents: number;
  /** Orders whose refunds reached their whole total in the period. */
  refundedOrders: number;
  /** The sales tax owed to each place in the period, collected less refunded (the Tax figure's `byLocation`). */
  taxLittletonCents: number;
  taxHighlandsRanchCents: number;
  taxOnsiteCents: number;
  paidOrders: number;
  ordersBooked: number;
  ordersCanceled: number;
  subscriptionsStarted: number;
  subscriptionsEnded: number;
  /** Tips paid in the period (never in revenueCents). */
  tipCents: number;
  tips: number;
}

/** One staff member's tips this month. */
export interface StaffTipsRow {
  /** The staff member's user id; "none" for tips on orders nobody on staff moved to Ready. */
  staffId: string;
  name: string;
  tipCents: number;
  tips: number;
}

/** The dashboard's tips, apart from revenue. */
export interface TipsThisMonth {
  /** Cents, month to date. */
  totalCents: number;
  count: number;
  /** Most tipped first. */
  byStaff: StaffTipsRow[];
}

/** The dashboard's refunds this month, apart from revenue (which is already net of them). */
export interface RefundsThisMonth {
  /** Cents given back, tax included. */
  totalCents: number;
  /** The tax in totalCents. */
  taxCents: number;
  /** Orders refunded in full (out of the average order value's count). */
  ordersInFull: number;
}

/** The dashboard's sales tax this month: the state's part of revenue. */
export interface TaxThisMonth {
  /** In this month's payments. */
  collectedCents: number;
  /** In this month's refunds. */
  refundedCents: number;
  /** collectedCents − refundedCents. */
  netCents: number;
  /** netCents by the place the tax is owed to: each shop (a counter sale's shop), and onsite days and deliveries. */
  byLocation: Record<TaxLocation, number>;
}

export interface Comparison {
  /** The figure of the period compared with; null when it has none (no paid orders for an average). */
  previous: number | null;
  /** Current minus previous; null without a previous figure. */
  change: number | null;
  /** The change in percent of the previous figure, rounded to a whole number; null when previous is 0 or null. */
  changePercent: number | null;
}

export interface LowStockProduct {
  id: string;
  code: string;
  name: string;
  stockQuantity: number;
  lowStockThreshold: number;
}

export interface AdminAnalytics {
  /** Cents, month to date (see above). */
  monthlyRevenue: number;
  activeSubscriptions: number;
  ordersToday: number;
  /** Cents; 0 when no order was paid this month. */
  avgOrderValue: number;
  comparisons: {
    monthlyRevenue: Comparison;
    activeSubscriptions: Comparison;
    ordersToday: Comparison;
    avgOrderValue: Comparison;
  };
  today: string;
  yesterday: string;
  month: PeriodTotals;
  /** The same days of the previous month. */
  previousMonth: PeriodTotals;
  /** The last 30 days, oldest first, today last; a day nothing happened on is zeros. */
  days: DayPoint[];
  tips: TipsThisMonth;
  refunds: RefundsThisMonth;
  tax: TaxThisMonth;
  /** Counted products at or below their low-stock threshold (unlimited stock is never low), lowest stock first. */
  lowStock: LowStockProduct[];
  /** SHOP_TIME_ZONE: the days above are its days. */
  timeZone: typeof SHOP_TIME_ZONE;
}


let dayFormat: Intl.DateTimeFormat | undefined;

/** The shop's day (`YYYY-MM-DD`, SHOP_TIME_ZONE) of a time. */
export function shopDay(at: string | Date): string {
  dayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
  return dayFormat.format(typeof at === "string" ? new Date(at) : at);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day `n` days after `day` (a date, no time zone involved). */
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T12:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The periods the dashboard reads for `today` (the shop's day): this month to date, the same days of the previous month, yesterday, the 30-day chart. */
export function periodsOf(today: string) {
  const [year, month, date] = today.split("-").map(Number);
  const monthStart = `${today.slice(0, 8)}01`;
  const previousStart = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
  const previousLength = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const previousEnd = `${previousStart.slice(0, 8)}${String(Math.min(date, previousLength)).padStart(2, "0")}`;
  const chartStart = addDays(today, -29);
  return {
    today,
    yesterday: addDays(today, -1),
    month: { from: monthStart, to: today },
    previousMonth: { from: previousStart, to: previousEnd },
    chart: { from: chartStart, to: today },
    /** One Query reads this range: every day any figure needs (at most 62 days). */
    read: { from: chartStart < previousStart ? chartStart : previousStart, to: today },
  };
}

export function compare(current: number, previous: number | null): Comparison {
  if (previous === null) return { previous: null, change: null, changePercent: null };
  return { previous, change: current - previous, changePercent: previous === 0 ? null : Math.round(((current - previous) / previous) * 100) };
}

const money = (cents: number) =>
  `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const signed = (n: number, format: (n: number) => string = String) => (n > 0 ? `+${format(n)}` : n < 0 ? `-${format(-n)}` : `±${format(0)}`);

export const formatCents = money;

/** The line under each card, in place of the spec's fixed texts (+12%, +8, 6 in queue, +$1.20). */
export const comparisonText = {
  monthlyRevenue: (c: Comparison) =>
    c.previous === 0 || c.previous === null
      ? `No revenue in the same days last month`
      : `${signed(c.changePercent ?? 0, (n) => `${n}%`)} vs the same days last month (${money(c.previous)})`,
  activeSubscriptions: (c: Comparison) => `${signed(c.change ?? 0)} since the start of the month`,
  ordersToday: (c: Comparison) => `${signed(c.change ?? 0)} vs yesterday (${c.previous ?? 0})`,
  avgOrderValue: (c: Comparison) =>
    c.previous === null ? "No paid orders in the same days last month" : `${signed(c.change ?? 0, money)} vs the same days last month (${money(c.previous)})`,
};
