/**
 * An order's bill (./bill.ts) in words: the one way a text or an email states an order's money, so the booking
 * confirmation, the payment receipt, the refund notice and the payment link all say the same amounts the pages
 * show. Browser-safe, no calendar: the templates (texts/templates.ts) put these words in their sentences.
 *
 * What changes the total is always named: each discount by its label ("Promotion GRIP5", "Staff discount"), a
 * membership's coverage, the points redeemed and the sales tax, then the total. A text may shorten the lines (past
 * `TEXT_LINES_NAMED` lines, the first five by name and the rest counted with their amount) or leave them out; never
 * those amounts.
 * Amounts taken off are written with an ASCII minus ("-$5.00"): a text with any other dash is sent as Unicode,
 * in segments of 70 characters instead of 160.
 */
import type { Bill, BillLine, BillRefund, BillTender } from "./bill";
import { dollars, PAYMENT_METHOD_LABELS } from "./payment";

/** A text names up to this many lines; past it, one fewer by name and the rest counted with their amount ("3 more items $23.00"). */
export const TEXT_LINES_NAMED = 6;

/** One amount of the bill in words: "Promotion GRIP5" and -500. */
export interface BillRow {
  kind: "line" | "discount" | "coverage" | "points" | "tax" | "total" | "payment" | "refund" | "kept" | "balance";
  label: string;
  /** Signed: what is taken off (a discount, coverage, points, a refund) is negative. */
  cents: number;
  /** The line's options ("Black, Tacky"), for an email. */
  detail?: string | null;
}

/** "7.5%" of 750 basis points. */
export const taxRateWords = (bps: number): string => `${Number((bps / 100).toFixed(2))}%`;

/** `-$5.00` for what is taken off, `$5.00` otherwise. */
export const signedDollars = (cents: number): string => (cents < 0 ? `-${dollars(-cents)}` : dollars(cents));

const lineLabel = (line: BillLine) => `${line.quantity > 1 ? `${line.quantity} x ` : ""}${line.name}`;

/** What may follow the total: a receipt's payments and balance, a refund notice's refunds and what stays paid. */
export interface BillRowOptions {
  /** Each payment, by its tender ("Paid (Cash at the counter)"). */
  payments?: boolean;
  /** Each refund, then what stays paid (the money collected less the refunds). */
  refunds?: boolean;
  /** The balance due ("Balance due $0.00"); a text names it only while something is due. */
  balance?: boolean;
  /** The words of a payment's tender, when the caller knows better ("Visa ending in 4242"). */
  tenderWords?: (tender: BillTender) => string | undefined;
}

/**
 * The bill as rows, in its order: the lines, each discount, the coverage, the points, the tax and the total, then
 * as asked each payment, each refund and what stays paid, and the balance. Amounts of 0 that change nothing (no
 * tax, no points) are left out.
 */
export function billRows(bill: Bill, options: BillRowOptions = {}): BillRow[] {
  const rows: BillRow[] = bill.lines.map((line) => ({ kind: "line", label: lineLabel(line), cents: line.amountCents, detail: line.description }));
  for (const discount of bill.discounts) if (discount.amountCents > 0) rows.push({ kind: "discount", label: discount.label, cents: -discount.amountCents });
  if (bill.coverageCents > 0) rows.push({ kind: "coverage", label: bill.coveredBy === "pack" ? "Pack credit" : "Membership coverage", cents: -bill.coverageCents });
  if (bill.pointsCents > 0) rows.push({ kind: "points", label: bill.pointsRedeemed > 0 ? `${bill.pointsRedeemed} points` : "Points", cents: -bill.pointsCents });
  if (bill.taxCents > 0) rows.push({ kind: "tax", label: "Sales tax", cents: bill.taxCents });
  rows.push({ kind: "total", label: "Total", cents: bill.totalCents });
  if (options.payments) {
    for (const payment of bill.payments) {
      const how = options.tenderWords?.(payment.tender) ?? PAYMENT_METHOD_LABELS[payment.tender] ?? payment.tender;
      rows.push({ kind: "payment", label: payment.tender === "COMP" ? "Comp" : `Paid (${how})`, cents: payment.amountCents });
    }
  }
  if (options.refunds && bill.refunds.length) {
    for (const refund of bill.refunds) rows.push({ kind: "refund", label: "Refunded", cents: -refund.amountCents });
    rows.push({ kind: "kept", label: "Still paid", cents: bill.netCents });
  }
  if (options.balance) rows.push({ kind: "balance", label: "Balance due", cents: bill.balanceCents });
  return rows;
}

export interface BillTextOptions extends BillRowOptions {
  /** Leave the lines out (a refund notice, whose order the customer has had two messages about). */
  lines?: boolean;
}

/**
 * The bill in one run of a text, with no closing stop (the template ends the sentence): "Strip and Grip $45.00,
 * Edge Tape $5.00, Promotion GRIP5 -$5.00, 100 points -$10.00, Sales tax $0.38, Total $35.38". The balance is
 * named only while something is due.
 */
export function billText(bill: Bill, options: BillTextOptions = {}): string {
  const rows = billRows(bill, options);
  const lines = rows.filter((row) => row.kind === "line");
  const named = options.lines === false ? [] : lines.length > TEXT_LINES_NAMED ? lines.slice(0, TEXT_LINES_NAMED - 1) : lines;
  const rest = options.lines === false ? [] : lines.slice(named.length);
  const words = named.map((row) => `${row.label} ${signedDollars(row.cents)}`);
  if (rest.length) words.push(`${rest.length} more items ${dollars(rest.reduce((sum, row) => sum + row.cents, 0))}`);
  for (const row of rows) {
    if (row.kind === "line" || (row.kind === "balance" && row.cents <= 0)) continue;
    words.push(`${row.label} ${signedDollars(row.cents)}`);
  }
  return words.join(", ");
}

/**
 * The bill as an email's rows, one amount a row, indented under the email's own words:
 * "  Strip and Grip (Black, Tacky): $45.00", "  Promotion GRIP5: -$5.00", "  Sales tax (7.5%): $1.15",
 * "  Total: $51.15", and a receipt's "  Paid (Visa ending in 4242): $51.15".
 */
export function billLines(bill: Bill, options: BillTextOptions = {}): string[] {
  return billRows(bill, options)
    .filter((row) => row.kind !== "line" || options.lines !== false)
    .map((row) => {
      const label =
        row.kind === "line" && row.detail ? `${row.label} (${row.detail})` : row.kind === "tax" && bill.taxRateBps > 0 ? `${row.label} (${taxRateWords(bill.taxRateBps)})` : row.label;
      return `  ${label}: ${signedDollars(row.cents)}`;
    });
}

/** A refund in words: "$8.00 (of it $0.50 sales tax)"; the tax named only when the refund gave some back. */
export const refundWords = (refund: Pick<BillRefund, "amountCents" | "taxCents">): string =>
  `${dollars(refund.amountCents)}${refund.taxCents > 0 ? ` (of it ${dollars(refund.taxCents)} sales tax)` : ""}`;
