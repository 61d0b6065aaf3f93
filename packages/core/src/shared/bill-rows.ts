/**
 * The bill in rows, as every page shows it (the order page, the staff order view, the receipt page, the storefront's
 * confirmation, the local payment page): the words and amounts once, so each surface only lays them out. Made from
 * `billOf`'s bill alone, never from the order's own fields. Browser-safe.
 */
import type { Bill, BillTender } from "./bill";
import { formatInstant } from "./calendar";
import { ratePercentText } from "./money-settings";
import { PAYMENT_METHOD_LABELS } from "./payment";

export interface BillRow {
  /** line: one of the order's lines; less: a deduction (discount, coverage, points, refund); tax; total; payment; balance. */
  kind: "line" | "less" | "tax" | "total" | "payment" | "refund" | "balance";
  label: string;
  /** Smaller words under the label: a line's options, a covered line's note, when and by whom a payment was taken. */
  detail: string | null;
  /** Always positive; `minus` says whether it is taken off. */
  cents: number;
  minus: boolean;
}

/** Who reads the bill: a customer's covered line says "your membership", the counter's "membership". */
export type BillReader = "customer" | "staff";

export const COVERED_BY_MEMBERSHIP = { customer: "Covered by your membership", staff: "Covered by membership" } as const;

/** "Card online", "Cash at the counter"... (shared/payment.ts). */
export const tenderWords = (tender: BillTender | null): string => (tender ? (PAYMENT_METHOD_LABELS[tender] ?? tender) : "Refund");

const when = (iso: string | null): string | null => {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? null : formatInstant(new Date(time));
};

const joined = (...parts: (string | null | undefined)[]): string | null => parts.filter(Boolean).join(" · ") || null;

/** The lines part: each line (quantity beside its name), a covered one at its price with the membership's note. */
export function billLineRows(bill: Bill, reader: BillReader = "customer"): BillRow[] {
  return bill.lines.map((line) => ({
    kind: "line",
    label: line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name,
    detail: joined(
      line.covered ? COVERED_BY_MEMBERSHIP[reader] : line.description,
      line.refundedQuantity > 0 ? `${line.refundedQuantity} refunded` : null,
    ),
    cents: line.amountCents,
    minus: false,
  }));
}

/** From the subtotal to the total: coverage, each discount by its label, points, sales tax (when any), Total. */
export function billTotalRows(bill: Bill, reader: BillReader = "customer"): BillRow[] {
  const rows: BillRow[] = [{ kind: "total", label: "Subtotal", detail: null, cents: bill.subtotalCents, minus: false }];
  if (bill.coverageCents > 0) rows.push({ kind: "less", label: bill.coveredBy === "pack" ? (reader === "customer" ? "Your pack" : "Pack credit") : reader === "customer" ? "Your membership" : "Membership", detail: null, cents: bill.coverageCents, minus: true });
  for (const discount of bill.discounts) rows.push({ kind: "less", label: discount.label, detail: discount.notes ?? null, cents: discount.amountCents, minus: true });
  if (bill.pointsCents > 0) rows.push({ kind: "less", label: `${grouped(bill.pointsRedeemed)} points`, detail: null, cents: bill.pointsCents, minus: true });
  if (bill.taxCents > 0) rows.push({ kind: "tax", label: `Sales tax (${ratePercentText(bill.taxRateBps)})`, detail: null, cents: bill.taxCents, minus: false });
  rows.push({ kind: "total", label: "Total", detail: null, cents: bill.totalCents, minus: false });
  return rows;
}

/** After the total: each payment (tender, when, who), each refund (amount, reason, when), and the balance due. */
export function billPaymentRows(bill: Bill, options: { showWho?: boolean } = {}): BillRow[] {
  const showWho = options.showWho ?? true;
  const rows: BillRow[] = bill.payments.map((payment) => ({
    kind: "payment",
    label: tenderWords(payment.tender),
    detail: joined(when(payment.at), showWho && payment.by ? `by ${payment.by}` : null),
    cents: payment.amountCents,
    minus: false,
  }));
  for (const refund of bill.refunds) {
    rows.push({
      kind: "refund",
      label: "Refund",
      detail: joined(refund.reason, when(refund.at), showWho && refund.by ? `by ${refund.by}` : null, refund.terminalReference ? `terminal ${refund.terminalReference}` : null),
      cents: refund.amountCents,
      minus: true,
    });
  }
  rows.push({ kind: "balance", label: "Balance due", detail: null, cents: bill.balanceCents, minus: false });
  return rows;
}

/** 1234 → "1,234", by hand: a page's first Intl call loads the browser's locale data, a long task on a phone. */
const grouped = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** `$12.50` (thousands grouped), `−$5.00` for a deduction: the bill's own amounts in words. */
export function billAmount(row: Pick<BillRow, "cents" | "minus">): string {
  const abs = Math.abs(Math.round(row.cents));
  const whole = grouped(Math.floor(abs / 100));
  return `${row.minus ? "−" : ""}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}
