/**
 * The close report in lines of text, for the email to the admins and the shop (the Drawer page shows the same figures
 * in a table). Server-side only: its times and days are the shop's clock in words (shared/calendar.ts), which the
 * payment routes that land cash in a drawer (./cash.ts, shared/drawer.ts) do not load.
 */
import { formatDate, formatInstant } from "../shared/calendar";
import { differenceWords, TENDER_LABELS, type DrawerReport } from "../shared/drawer";
import { SHOP_LABELS } from "../shared/location-names";
import { dollars } from "../shared/payment";

export function reportLines(report: DrawerReport): string[] {
  const money = (label: string, cents: number) => `${label}: ${dollars(cents)}`;
  const t = report.dayTotals;
  return [
    `${SHOP_LABELS[report.location]}, drawer of ${formatDate(report.day)}`,
    // The shop's clock, as every text and email reads a time.
    `Opened ${formatInstant(new Date(report.openedAt))}${report.openedByName ? ` by ${report.openedByName}` : ""}; closed ${formatInstant(new Date(report.closedAt))}${report.closedByName ? ` by ${report.closedByName}` : ""}`,
    "",
    money("Starting float", report.startingCashCents),
    money("Cash sales", report.cashSalesCents),
    money("Cash refunds", report.cashRefundsCents),
    money("Paid in", report.paidInCents),
    money("Paid out", report.paidOutCents),
    money("Expected cash", report.expectedCashCents),
    money("Counted cash", report.countedCashCents),
    `Difference: ${differenceWords(report.differenceCents)}`,
    ...(report.note ? [`Note: ${report.note}`] : []),
    "",
    `The day's totals (${formatDate(t.day)}):`,
    money("Sales", t.salesCents),
    money("Refunds", t.refundedCents),
    money("Sales tax", t.taxCents),
    money("Tips", t.tipsCents),
    ...t.byTender.map((row) => `${TENDER_LABELS[row.tender] ?? row.tender}: ${dollars(row.paidCents)} paid, ${dollars(row.refundedCents)} refunded`),
  ];
}
