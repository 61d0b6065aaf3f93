/**
 * An order's bill: the one account of its money that every surface renders (the order page, the staff order view,
 * the receipt page, the payment page and Stripe Checkout's lines, the confirmation, receipt and refund texts and
 * emails). Built by `billOf` from the order as stored, never added up again by a page. Browser-safe, integer cents.
 *
 * It always adds up:
 * - lines − discounts − coverage − points + tax = total (what the order was charged);
 * - payments + balance = total (a comp is a payment of tender COMP: the balance waived);
 * - refunds give back part of what was paid: they are never owed again, so they do not raise the balance, and
 *   net = money collected − refunds is what the shop keeps.
 */
import { isCoverNote } from "./covered";
import { lineShares, spread } from "./totals";

export type BillTender = "STRIPE" | "POS_CASH" | "POS_CARD" | "SUBSCRIPTION" | "PACK" | "COMP";

export interface BillLine {
  name: string;
  description: string | null;
  quantity: number;
  unitCents: number;
  /** unit × quantity, before discounts (a covered unit counts at its price; `coverageCents` takes it off). */
  amountCents: number;
  /** The unit a membership covered. */
  covered: boolean;
  taxable: boolean;
  /** Units given back by refunds so far (0 for none). */
  refundedQuantity: number;
  /** What the whole line was charged: its amount less its share of the discount and points (`lineCharges`), and its tax. */
  chargedCents: number;
  taxCents: number;
}

export interface BillDiscount {
  kind: "promotion" | "staff";
  /** "Promotion GRIP5", "Staff discount". */
  label: string;
  amountCents: number;
  /** The staff member's notes on it (staff views only carry them). */
  notes?: string | null;
}

export interface BillPayment {
  tender: BillTender;
  amountCents: number;
  at: string | null;
  /** Who took it at the counter; null for a card paid online or a membership. */
  by: string | null;
}

export interface BillRefund {
  amountCents: number;
  /** Of it, the sales tax given back. */
  taxCents: number;
  /** The lines given back (by index into `lines`, units), when the refund gave lines back. */
  lines?: { index: number; quantity: number }[];
  reason: string | null;
  at: string;
  by: string | null;
  tender: BillTender | null;
  /** The counter terminal's reference of a refund made on it. */
  terminalReference?: string | null;
}

export interface Bill {
  lines: BillLine[];
  subtotalCents: number;
  discounts: BillDiscount[];
  /** What a membership (or a pack's credit) covered. */
  coverageCents: number;
  /** Whose cover it is: a bought pack's credit, else the membership's. */
  coveredBy: "membership" | "pack";
  pointsRedeemed: number;
  pointsCents: number;
  taxCents: number;
  /** The rate the tax was charged at, in basis points (0 when none). */
  taxRateBps: number;
  totalCents: number;
  payments: BillPayment[];
  paidCents: number;
  refunds: BillRefund[];
  refundedCents: number;
  /** What is still to be collected. */
  balanceCents: number;
  /** What the shop keeps: the money collected (a comp collects none) less refunds. */
  netCents: number;
}

/** The stored order fields a bill is made from (entities/serviceOrder.ts). */
export interface BillSource {
  lineItems: readonly { name: string; description?: string | null; priceCents: number; quantity: number; taxable?: boolean | null }[];
  subtotalCents: number;
  discountAmountCents: number;
  promoCode?: string | null;
  discountByStaffName?: string | null;
  discountNotes?: string | null;
  coveredCents?: number | null;
  /** The bought pack whose credit covered the regrip (packs/credit.ts), when it was a pack's. */
  packCreditId?: string | null;
  pointsRedeemed?: number | null;
  pointsDiscountCents?: number | null;
  taxCents: number;
  taxRateBps?: number | null;
  totalCents: number;
  paymentStatus: string;
  paymentMethod: string;
  paidAt?: string | null;
  posPaymentDetails?: unknown;
  refundedAmountCents: number;
  refunds?: readonly {
    amountCents: number;
    taxCents?: number | null;
    lines?: readonly { index: number; quantity: number }[] | null;
    reason?: string | null;
    at: string;
    byName?: string | null;
    tender?: string | null;
    terminalReference?: string | null;
  }[] | null;
  updatedAt?: string;
}

const isCoveredLine = (line: BillSource["lineItems"][number], order: BillSource) =>
  !!order.coveredCents && line.priceCents === 0 && isCoverNote(line.description);

const staffNameOf = (details: unknown): string | null => {
  const name = (details as { staffName?: unknown } | null | undefined)?.staffName;
  return typeof name === "string" ? name : null;
};

function paymentsOf(order: BillSource): BillPayment[] {
  // A comp collects nothing (an admin's, or a discount or points that left nothing): the total is waived; a
  // membership's regrip with nothing left to pay has no payment at all.
  const comp = order.paymentStatus === "comp";
  if (comp ? order.totalCents <= 0 : order.paymentStatus !== "paid" && order.paymentStatus !== "refunded") return [];
  return [{ tender: comp ? "COMP" : (order.paymentMethod as BillTender), amountCents: order.totalCents, at: order.paidAt ?? null, by: comp ? null : staffNameOf(order.posPaymentDetails) }];
}

/** The sales tax in `amountCents` given back of an order whose refund does not say: the order's tax in proportion to the total. */
export const refundTaxShare = (order: Pick<BillSource, "taxCents" | "totalCents">, amountCents: number): number =>
  order.totalCents > 0 ? Math.round((order.taxCents * amountCents) / order.totalCents) : 0;

function refundsOf(order: BillSource): BillRefund[] {
  const listed: BillRefund[] = (order.refunds ?? []).map((refund) => ({
    amountCents: refund.amountCents,
    taxCents: refund.taxCents ?? 0,
    lines: refund.lines?.length ? refund.lines.map(({ index, quantity }) => ({ index, quantity })) : undefined,
    reason: refund.reason ?? null,
    at: refund.at,
    by: refund.byName ?? null,
    tender: (refund.tender as BillTender | undefined) ?? null,
    terminalReference: refund.terminalReference || undefined,
  }));
  // Money given back before refunds were listed (or reported by the card provider alone) is one refund of the rest.
  const unlisted = order.refundedAmountCents - listed.reduce((sum, refund) => sum + refund.amountCents, 0);
  if (unlisted > 0) {
    listed.push({ amountCents: unlisted, taxCents: refundTaxShare(order, unlisted), reason: null, at: order.updatedAt ?? "", by: null, tender: (order.paymentMethod as BillTender) ?? null });
  }
  return listed;
}

/**
 * What each line was charged: its amount less its share of the discount and points (spread over the lines in
 * proportion, shared/totals.ts), and its share of the order's tax (the tax, rounded once, spread back over the
 * taxable lines by their exact tax). The lines' charges and taxes add up to the total exactly: what a refund of a
 * line gives back in proportion to the units refunded.
 */
export function lineCharges(order: Pick<BillSource, "lineItems" | "discountAmountCents" | "pointsDiscountCents" | "taxRateBps" | "taxCents">): { netCents: number; taxCents: number }[] {
  const lines = order.lineItems.map((line) => ({ priceCents: line.priceCents, quantity: line.quantity, taxable: !!line.taxable }));
  const shares = lineShares(lines, {
    discountAmountCents: order.discountAmountCents,
    pointsDiscountCents: order.pointsDiscountCents ?? 0,
    taxRateBps: order.taxRateBps ?? 0,
  });
  // The order's tax (rounded once) spread back over the lines by their exact tax.
  const taxes = spread(
    order.taxCents,
    shares.map((share) => share.exactTaxCents),
  );
  return shares.map((share, i) => ({ netCents: share.netCents, taxCents: taxes[i]! }));
}

export function billOf(order: BillSource): Bill {
  const coverageCents = order.coveredCents ?? 0;
  const refunds = refundsOf(order);
  const refundedUnits = new Map<number, number>();
  for (const refund of refunds) for (const line of refund.lines ?? []) refundedUnits.set(line.index, (refundedUnits.get(line.index) ?? 0) + line.quantity);
  const charges = lineCharges(order);
  const lines: BillLine[] = order.lineItems.map((line, index) => {
    const covered = isCoveredLine(line, order);
    const unitCents = covered ? coverageCents : line.priceCents;
    return {
      name: line.name,
      description: line.description ?? null,
      quantity: line.quantity,
      unitCents,
      amountCents: unitCents * line.quantity,
      covered,
      taxable: !!line.taxable,
      refundedQuantity: refundedUnits.get(index) ?? 0,
      chargedCents: charges[index]!.netCents,
      taxCents: charges[index]!.taxCents,
    };
  });
  const discounts: BillDiscount[] =
    order.discountAmountCents > 0
      ? [
          order.promoCode
            ? { kind: "promotion", label: `Promotion ${order.promoCode}`, amountCents: order.discountAmountCents }
            : { kind: "staff", label: "Staff discount", amountCents: order.discountAmountCents, notes: order.discountNotes ?? null },
        ]
      : [];
  const payments = paymentsOf(order);
  const paidCents = payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const refundedCents = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  return {
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    discounts,
    coverageCents,
    coveredBy: order.packCreditId ? "pack" : "membership",
    pointsRedeemed: order.pointsRedeemed ?? 0,
    pointsCents: order.pointsDiscountCents ?? 0,
    taxCents: order.taxCents,
    taxRateBps: order.taxRateBps ?? 0,
    totalCents: order.totalCents,
    payments,
    paidCents,
    refunds,
    refundedCents,
    balanceCents: order.paymentStatus === "unpaid" ? Math.max(0, order.totalCents - paidCents) : 0,
    netCents: (order.paymentStatus === "comp" ? 0 : paidCents) - refundedCents,
  };
}
