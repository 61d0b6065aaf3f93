/**
 * One location's money of one shop day, by tender: what the cash drawer's close report shows ("the day's totals by
 * tender, tips, tax and refunds"). Read from the reports' tender items (stats/sales.ts): one Query of at most a
 * handful of items, whatever the day's orders.
 *
 * - `salesCents`: money taken that day, sales tax included (order payments, and at ONLINE memberships and packs);
 * - `refundedCents`: money given back that day, tax included;
 * - `taxCents`: the sales tax owed for the day: collected in its payments less given back in its refunds;
 * - `tipsCents`: tips paid that day (the crew's; never in salesCents);
 * - `byTender`: each tender (the order's paymentMethod: "POS_CASH", "POS_CARD", "STRIPE", ...) with what it took
 *   and gave back, most taken first; tenders that moved no money that day are left out.
 */
import type { ReportDayTotals, ReportTenderTotal } from "../shared/drawer";
import type { ReportLocation } from "../shared/report-keys";
import { readSales } from "./read";

/** The shapes the drawer's close report keeps (shared/drawer.ts), written once there. */
type DayTotals = ReportDayTotals;
type TenderTotal = ReportTenderTotal;

export async function dayTotals(location: string, day: string): Promise<DayTotals> {
  const items = await readSales("tender", day, day, location as ReportLocation);
  const byTender = new Map<string, TenderTotal>();
  const totals: DayTotals = { day, location, salesCents: 0, refundedCents: 0, taxCents: 0, tipsCents: 0, byTender: [] };
  for (const item of items) {
    const paid = item.paidCents + item.membershipCents + item.packCents;
    const tender = byTender.get(item.key) ?? byTender.set(item.key, { tender: item.key, paidCents: 0, refundedCents: 0 }).get(item.key)!;
    tender.paidCents += paid;
    tender.refundedCents += item.refundedCents;
    totals.salesCents += paid;
    totals.refundedCents += item.refundedCents;
    totals.taxCents += item.taxCents - item.refundedTaxCents;
    totals.tipsCents += item.tipCents;
  }
  totals.byTender = [...byTender.values()].filter((t) => t.paidCents || t.refundedCents).sort((a, b) => b.paidCents - a.paidCents || a.tender.localeCompare(b.tender));
  return totals;
}
