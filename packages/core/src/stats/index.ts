/**
 * GET /api/admin/analytics (docs/api-admin.md "Dashboard"): the admin dashboard's figures, read from the counters
 * the writes keep (stats/daily.ts, entities/dailyStats.ts), never summed over orders. A request is one Query of
 * at most 62 day items (this month, the same days of the previous month and the 30-day chart), one GetItem of
 * the active-subscriptions counter, one Query of this month's tips by staff member (entities/staffTips.ts) and the
 * catalogue's one Query for low stock: the same work in a shop of 100 orders or 100,000.
 */
import { fn, NoInput } from "../actor/fn";
import { allProducts } from "../catalogue";
import { db } from "../db";
import { SHOP_TIME_ZONE } from "../shared/calendar";
import { isLowStock } from "../shared/products";
import {
  compare,
  shopDay,
  addDays,
  periodsOf,
  type AdminAnalytics,
  type DayPoint,
  type LowStockProduct,
  type PeriodTotals,
  type StaffTipsRow,
} from "../shared/analytics";
import { averageOrderValue as average, DAY_FIGURES, revenueOf, TAX_FIGURES, type DayFigure } from "./daily";
import { TAX_LOCATIONS, type TaxLocation } from "../shared/money-settings";

export * as Analytics from "./index";
export { DailyStats } from "./daily";
export type { AdminAnalytics } from "../shared/analytics";

type Day = Record<DayFigure, number> & { day: string };

const emptyDay = (day: string): Day => ({ day, ...(Object.fromEntries(DAY_FIGURES.map((f) => [f, 0])) as Record<DayFigure, number>) });

/** The stored days from `from` to `to` (inclusive), by day: one Query. */
export async function readDays(from: string, to: string): Promise<Map<string, Day>> {
  const { data } = await db().entities.dailyStats.query.byDay({}).between({ day: from }, { day: to }).go({ pages: "all" });
  const days = new Map<string, Day>();
  for (const item of data) {
    const day = emptyDay(item.day);
    for (const figure of DAY_FIGURES) day[figure] = Number(item[figure] ?? 0);
    days.set(item.day, day);
  }
  return days;
}

function totals(days: Map<string, Day>, from: string, to: string): PeriodTotals {
  const sum = emptyDay(from);
  for (const [day, figures] of days) {
    if (day < from || day > to) continue;
    for (const figure of DAY_FIGURES) sum[figure] += figures[figure];
  }
  const { day: _day, ...figures } = sum;
  return { from, to, revenueCents: revenueOf(figures), ...figures };
}

const ordersOf = (day: Day | undefined) => (day ? Math.max(0, day.ordersBooked - day.ordersCanceled) : 0);

export async function activeSubscriptions(): Promise<number> {
  const { data } = await db().entities.shopCounter.get({ name: "activeSubscriptions" }).go();
  return Math.max(0, data?.count ?? 0);
}

/** This month's tips by staff member (`YYYY-MM`, the shop's month): one Query; most tipped first. */
async function staffTipsOf(month: string): Promise<StaffTipsRow[]> {
  const { data } = await db().entities.staffTips.query.byMonth({ month }).go({ pages: "all" });
  return data
    .map((row) => ({ staffId: row.staffId, name: row.staffName ?? "Staff member", tipCents: Number(row.tipCents ?? 0), tips: Number(row.tips ?? 0) }))
    .sort((a, b) => b.tipCents - a.tipCents || a.name.localeCompare(b.name));
}

/**
 * Counted products at or below their threshold: the catalogue's one Query (data-model A11), as GET /api/admin/skus
 * reads it. The dashboard lists them; the daily reminders job texts them to admins (reminders/).
 */
export async function lowStock(): Promise<LowStockProduct[]> {
  return (await allProducts())
    .map((p) => ({ id: p.id, code: p.code, name: p.name, stockQuantity: p.unlimitedStock ? null : (p.stockQuantity ?? null), lowStockThreshold: p.lowStockThreshold }))
    .filter((p): p is LowStockProduct => isLowStock(p))
    .sort((a, b) => a.stockQuantity - b.stockQuantity || a.name.localeCompare(b.name));
}

/** GET /api/admin/analytics. Admin. */
export const read = /* @__PURE__ */ fn({ role: "admin", input: NoInput }, async (): Promise<AdminAnalytics> => {
  const periods = periodsOf(shopDay(new Date()));
  const [days, active, low, byStaff] = await Promise.all([
    readDays(periods.read.from, periods.read.to),
    activeSubscriptions(),
    lowStock(),
    staffTipsOf(periods.today.slice(0, 7)),
  ]);
  const month = totals(days, periods.month.from, periods.month.to);
  const previousMonth = totals(days, periods.previousMonth.from, periods.previousMonth.to);
  const ordersToday = ordersOf(days.get(periods.today));
  const avg = average(month);
  const chart: DayPoint[] = [];
  for (let day = periods.chart.from; day <= periods.chart.to; day = addDays(day, 1)) {
    const figures = days.get(day) ?? emptyDay(day);
    chart.push({ day, revenueCents: revenueOf(figures), orders: ordersOf(figures), paidOrders: figures.paidOrders });
  }
  const subscriptionsAtMonthStart = Math.max(0, active - (month.subscriptionsStarted - month.subscriptionsEnded));
  return {
    monthlyRevenue: month.revenueCents,
    activeSubscriptions: active,
    ordersToday,
    avgOrderValue: avg ?? 0,
    comparisons: {
      monthlyRevenue: compare(month.revenueCents, previousMonth.revenueCents),
      activeSubscriptions: compare(active, subscriptionsAtMonthStart),
      ordersToday: compare(ordersToday, ordersOf(days.get(periods.yesterday))),
      avgOrderValue: avg === null ? compare(0, average(previousMonth)) : compare(avg, average(previousMonth)),
    },
    today: periods.today,
    yesterday: periods.yesterday,
    month,
    previousMonth,
    days: chart,
    tips: { totalCents: month.tipCents, count: month.tips, byStaff },
    refunds: { totalCents: month.refundedCents, taxCents: month.refundedTaxCents, ordersInFull: month.refundedOrders },
    tax: {
      collectedCents: month.taxCents,
      refundedCents: month.refundedTaxCents,
      netCents: month.taxCents - month.refundedTaxCents,
      byLocation: Object.fromEntries(TAX_LOCATIONS.map((place) => [place, month[TAX_FIGURES[place]]])) as Record<TaxLocation, number>,
    },
    lowStock: low,
    timeZone: SHOP_TIME_ZONE,
  };
});
