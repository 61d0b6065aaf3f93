/**
 * A refund of part or all of an order's payment, written once for the server (payments/refunds.ts) and the staff
 * order view's Refund dialog: what may be refunded, by whom, and what each choice gives back. Browser-safe,
 * integer cents.
 *
 * - By lines (units of the bill's lines, named by their index in the order's lines as a string) or by an amount,
 *   never both; a reason always.
 * - What a line's units give back: the line's charge and tax (shared/bill.ts `lineCharges`), in proportion to the
 *   units, counted cumulatively so a line refunded unit by unit gives back exactly its whole charge and tax; the odd
 *   cents go with the first units, so a unit that gives nothing comes only once the line has nothing left.
 * - An amount's tax: amount × order tax / order total; the refund that gives back the last cent gives back the
 *   last of the tax, so refunds' taxes add up to the order's.
 * - Up to what is left: paid − refunded; a line's units up to those not refunded yet.
 * - Who: an employee refunds only a payment taken the same shop day (America/Denver); an older one is an admin's.
 * - A payment taken on the counter's card terminal is refunded on that terminal first; the refund records the
 *   terminal's reference.
 */
import * as z from "zod/mini";
import { lineCharges, type BillSource } from "./bill";
import type { OrderView } from "./orders";
import { dollars } from "./payment";
import { CounterShop } from "./counter-shop";

/** The refusal of lines whose units were charged nothing (a discount or points took their whole price). */
export const LINES_CHARGED_NOTHING = "Those lines were charged nothing: there is nothing to give back.";

export const REFUND_NEEDS_REASON = "Give a reason for the refund";
export const REFUND_LINES_OR_AMOUNT = "Choose lines to refund or an amount, not both";
export { EARLIER_DAY_REFUND, refundRefusal, TERMINAL_REFERENCE_NEEDED } from "./refund-rules";
export const NOTHING_TO_REFUND = "This order has no payment left to refund.";

const cents = /* @__PURE__ */ z.number({ error: "The amount must be a number of cents" }).check(
  z.refine((n) => Number.isSafeInteger(n) && n >= 1, "The amount must be a whole number of cents, at least 1"),
);

/** The body of POST /api/orders/{id}/refunds. */
export const RefundRequest = /* @__PURE__ */ z
  .object({
    lines: z.optional(
      z
        .array(
          z.object({
            lineId: z.string({ error: "Each line needs its lineId" }).check(z.maxLength(3, "Unknown line"), z.regex(/^\d{1,3}$/, "Unknown line")),
            quantity: z.number({ error: "Each line needs a quantity" }).check(
              z.refine((n) => Number.isSafeInteger(n) && n >= 1, "A line's quantity must be a whole number, at least 1"),
            ),
          }),
          { error: "lines must be a list of {lineId, quantity}" },
        )
        .check(z.maxLength(50, "Too many lines")),
    ),
    amountCents: z.optional(cents),
    reason: z
      .pipe(
        z.string({ error: REFUND_NEEDS_REASON }).check(z.maxLength(500, "The reason must be 500 characters or less")),
        z.transform((value: string) => value.trim()),
      )
      .check(z.minLength(1, REFUND_NEEDS_REASON)),
    terminalReference: z.optional(
      z.pipe(
        z.string({ error: "The terminal reference must be text" }).check(z.maxLength(100, "The terminal reference must be 100 characters or less")),
        z.transform((value: string) => value.trim()),
      ),
    ),
    /** The shop whose counter hands cash back: its open drawer gives it (drawers/cash.ts); else the order's shop. */
    shop: CounterShop,
  })
  .check(
    z.refine((body) => (body.lines?.length ? 1 : 0) + (body.amountCents !== undefined ? 1 : 0) === 1, REFUND_LINES_OR_AMOUNT),
  );
export type RefundRequestInput = z.output<typeof RefundRequest>;

/** One refund as the order lists it (entities/serviceOrder.ts `refunds`). */
export interface ListedRefund {
  id: string;
  amountCents: number;
  taxCents?: number;
  lines?: { index: number; quantity: number }[];
  reason?: string;
  tender?: "STRIPE" | "POS_CASH" | "POS_CARD" | "SUBSCRIPTION" | "PACK" | "COMP";
  terminalReference?: string;
  stripeRefundId?: string;
  byId?: string;
  byName?: string;
  at: string;
}

/** What POST /api/orders/{id}/refunds answers (201): the refund given and the order as staff see it. */
export interface RefundAnswer {
  refund: ListedRefund;
  order: OrderView;
}

/** The order facts a refund is decided from. */
export type RefundSource = BillSource & { paidAt?: string | null; paymentMethod: string };

/** What is left of the payment to give back: paid − refunded (a comp or a membership collected nothing). */
export function refundLeftCents(order: Pick<RefundSource, "paymentStatus" | "totalCents" | "refundedAmountCents">): number {
  return order.paymentStatus === "paid" ? Math.max(0, order.totalCents - order.refundedAmountCents) : 0;
}


/** The tax refunded so far (a refund recorded before refunds were listed counts its share). */
function taxRefunded(order: RefundSource): number {
  const listed = order.refunds ?? [];
  const listedCents = listed.reduce((sum, refund) => sum + refund.amountCents, 0);
  const unlisted = Math.max(0, order.refundedAmountCents - listedCents);
  const unlistedTax = order.totalCents > 0 ? Math.round((order.taxCents * unlisted) / order.totalCents) : 0;
  return listed.reduce((sum, refund) => sum + (refund.taxCents ?? 0), 0) + unlistedTax;
}

/** The units of each line refunded so far, by index. */
export function refundedUnits(order: Pick<RefundSource, "refunds">): Map<number, number> {
  const units = new Map<number, number>();
  for (const refund of order.refunds ?? []) for (const line of refund.lines ?? []) units.set(line.index, (units.get(line.index) ?? 0) + line.quantity);
  return units;
}

export interface RefundLine {
  index: number;
  quantity: number;
}

export interface RefundFigures {
  amountCents: number;
  taxCents: number;
  lines?: RefundLine[];
}

/**
 * What `quantity` more units of a line give back after `before` of its `units` were, from what the whole line was
 * charged and taxed (the bill's line `chargedCents` and `taxCents`): the charge and its tax, in proportion.
 */
export function unitsRefund(line: { units: number; chargedCents: number; taxCents: number }, before: number, quantity: number): { amountCents: number; taxCents: number } {
  // Front-loaded: every unit carries the whole cents' even share, the first (whole mod units) one cent more. A unit
  // that gives nothing therefore comes only after the line's money is all given back, so refusing it
  // (LINES_CHARGED_NOTHING) never strands a cent on the units after it.
  const upTo = (units: number, whole: number) => Math.floor(whole / line.units) * units + Math.min(units, whole % line.units);
  const net = upTo(before + quantity, line.chargedCents) - upTo(before, line.chargedCents);
  const tax = upTo(before + quantity, line.taxCents) - upTo(before, line.taxCents);
  return { amountCents: net + tax, taxCents: tax };
}

/** What `quantity` more units of line `index` give back, after `before` units were: the charge and its tax. */
export function lineUnitsRefund(order: RefundSource, index: number, before: number, quantity: number): { amountCents: number; taxCents: number } {
  const charge = lineCharges(order)[index]!;
  return unitsRefund({ units: order.lineItems[index]!.quantity, chargedCents: charge.netCents, taxCents: charge.taxCents }, before, quantity);
}

/** What an amount gives back of the tax: in proportion, and the rest of it with the last cent. */
export function amountRefundTax(order: RefundSource, amountCents: number): number {
  if (order.totalCents <= 0 || order.taxCents <= 0) return 0;
  const taxLeft = Math.max(0, order.taxCents - taxRefunded(order));
  if (amountCents >= refundLeftCents(order)) return taxLeft;
  return Math.min(taxLeft, Math.round((amountCents * order.taxCents) / order.totalCents));
}

/**
 * The refund `request` asks of `order` as read: its amount, tax and lines; or the refusal's words (a 4xx).
 * The permission (`refundRefusal`) and the tender's needs are checked apart.
 */
export function refundFigures(
  order: RefundSource,
  request: { lines?: readonly { lineId: string; quantity: number }[]; amountCents?: number },
): { ok: true; figures: RefundFigures } | { ok: false; message: string; conflict?: boolean } {
  const left = refundLeftCents(order);
  if (left === 0) return { ok: false, message: NOTHING_TO_REFUND, conflict: true };
  if (request.lines?.length) {
    const units = refundedUnits(order);
    const asked = new Map<number, number>();
    for (const line of request.lines) {
      const index = Number(line.lineId);
      if (!order.lineItems[index]) return { ok: false, message: `Unknown line: ${line.lineId}` };
      asked.set(index, (asked.get(index) ?? 0) + line.quantity);
    }
    let amountCents = 0;
    let taxCents = 0;
    const lines: RefundLine[] = [];
    for (const [index, quantity] of [...asked].sort((a, b) => a[0] - b[0])) {
      const line = order.lineItems[index]!;
      const before = units.get(index) ?? 0;
      const open = line.quantity - before;
      if (quantity > open) {
        return { ok: false, conflict: true, message: open === 0 ? `${line.name} was already refunded.` : `Only ${open} of ${line.name} can still be refunded.` };
      }
      const part = lineUnitsRefund(order, index, before, quantity);
      amountCents += part.amountCents;
      taxCents += part.taxCents;
      lines.push({ index, quantity });
    }
    if (amountCents === 0) return { ok: false, message: LINES_CHARGED_NOTHING };
    if (amountCents > left) return { ok: false, conflict: true, message: `Those lines come to ${dollars(amountCents)}, but only ${dollars(left)} is left to refund.` };
    return { ok: true, figures: { amountCents, taxCents, lines } };
  }
  const amountCents = request.amountCents ?? 0;
  if (amountCents > left) return { ok: false, conflict: true, message: `Only ${dollars(left)} is left to refund.` };
  return { ok: true, figures: { amountCents, taxCents: amountRefundTax(order, amountCents) } };
}


