/**
 * The reports' aggregate items (entities/salesStats.ts): what each money write adds to the day's items of each
 * dimension (tender, item, staff member), written in the SAME transaction as the money, beside the dashboard's day
 * figures (stats/daily.ts), each an ADD, so an item counts exactly as often as the write it rides with (the order's
 * conditions of a move, the event ledger of a webhook). Each money event lands once on every dimension, so the
 * items of any dimension over a range add up to the same totals; shared/reports.ts says what each figure means.
 *
 * The same pure functions (`orderSales`, `tipSales`, ...) make the recount's figures from the stored orders
 * (stats/recount.ts), so the live items and the repaired ones are counted one way.
 */
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import { lineCharges } from "../shared/bill";
import { lineItemKey, MEMBERSHIP_ITEM, ONLINE_STAFF, ONLINE_STAFF_LABEL, packItem, TIPS_ITEM, type ReportLocation } from "../shared/reports";
import { taxLocationOf } from "../shared/tax-location";
import { spread } from "../shared/totals";
import type { PaymentStatus } from "../shared/lifecycle";
import { dayOf, NO_STAFF_ID, NO_STAFF_NAME, taxRefundedBy } from "./daily";

export const SALES_DIMENSIONS = ["tender", "item", "staff"] as const;
export type SalesDimension = (typeof SALES_DIMENSIONS)[number];

/** The figures of one aggregate item, as stored (a figure never written reads 0). */
export const SALES_FIGURES = ["paidCents", "taxCents", "refundedCents", "refundedTaxCents", "tipCents", "membershipCents", "packCents", "count", "refundedCount", "tips"] as const;
export type SalesFigure = (typeof SALES_FIGURES)[number];
type SalesAdd = Partial<Record<SalesFigure, number>>;

/** One ADD to one aggregate item. */
export interface SalesDelta {
  dimension: SalesDimension;
  location: ReportLocation;
  day: string;
  key: string;
  label: string;
  add: SalesAdd;
}

/** The fields of an order the aggregates count from (entities/serviceOrder.ts). */
export interface OrderSalesFacts {
  dropoffLocation?: string | null;
  counterShop?: string | null;
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  totalCents: number;
  taxCents?: number;
  taxRateBps?: number | null;
  discountAmountCents?: number;
  pointsDiscountCents?: number | null;
  refundedAmountCents: number;
  lineItems: readonly { skuId?: string | null; name: string; priceCents: number; quantity: number; taxable?: boolean | null }[];
  posPaymentDetails?: unknown;
  refunds?: readonly RefundFacts[] | null;
}

interface RefundFacts {
  amountCents: number;
  taxCents?: number | null;
  lines?: readonly { index: number; quantity: number }[] | null;
  tender?: string | null;
  byId?: string | null;
  byName?: string | null;
  at: string;
}

/** What a change sets that the aggregates read (orders/move-writer.ts `OrderSet`). */
export interface OrderSalesSet {
  paymentStatus?: PaymentStatus;
  paymentMethod?: string;
  posPaymentDetails?: unknown;
  paidAt?: string;
  refundedAmountCents?: number;
  refunds?: readonly RefundFacts[];
}

const add = (a: SalesAdd, b: SalesAdd): SalesAdd => {
  for (const figure in b) a[figure as SalesFigure] = (a[figure as SalesFigure] ?? 0) + b[figure as SalesFigure]!;
  return a;
};

/** Where an order's money counts: the place it is taxed at. */
const locationOfOrder = (order: { dropoffLocation?: string | null; counterShop?: string | null }): ReportLocation => taxLocationOf(order);

/** Who took a counter payment (`posPaymentDetails`), else online. */
function takerOf(details: unknown): { key: string; label: string } {
  const d = details as { staffId?: unknown; staffName?: unknown } | null | undefined;
  return typeof d?.staffId === "string" && d.staffId ? { key: d.staffId, label: typeof d.staffName === "string" && d.staffName ? d.staffName : "Staff member" } : { key: ONLINE_STAFF, label: ONLINE_STAFF_LABEL };
}

/**
 * What each line of the order holds of `amountCents` (of which `taxCents` tax): in proportion to each line's charge
 * and tax (shared/bill.ts `lineCharges`), its tax in proportion to each line's tax, so the lines add up to the
 * amounts exactly. `only`: the lines (by index, units) a refund names, each weighed by its units. Money no line can
 * carry (an order of no charged line) lands on a line named "Other".
 */
function onLines(order: OrderSalesFacts, amountCents: number, taxCents: number, only?: readonly { index: number; quantity: number }[]) {
  const charges = lineCharges({
    lineItems: order.lineItems.map((line) => ({ ...line, taxable: !!line.taxable })),
    discountAmountCents: order.discountAmountCents ?? 0,
    pointsDiscountCents: order.pointsDiscountCents ?? 0,
    taxRateBps: order.taxRateBps ?? 0,
    taxCents: order.taxCents ?? 0,
  });
  const part = (i: number) => {
    if (!only) return 1;
    const units = only.filter((line) => line.index === i).reduce((sum, line) => sum + line.quantity, 0);
    return units / Math.max(1, order.lineItems[i]!.quantity);
  };
  const weights = charges.map((c, i) => (c.netCents + c.taxCents) * part(i));
  const taxWeights = charges.map((c, i) => c.taxCents * part(i));
  const amounts = spread(amountCents, weights);
  const taxes = taxWeights.some((w) => w > 0) ? spread(taxCents, taxWeights) : spread(taxCents, weights);
  const lines = order.lineItems.map((line, i) => ({ key: lineItemKey(line), label: line.name, amountCents: amounts[i]!, taxCents: taxes[i]!, units: only ? Math.round(part(i) * line.quantity) : line.quantity }));
  const leftAmount = amountCents - amounts.reduce((a, b) => a + b, 0);
  const leftTax = taxCents - taxes.reduce((a, b) => a + b, 0);
  if (leftAmount !== 0 || leftTax !== 0) lines.push({ key: "line:Other", label: "Other", amountCents: leftAmount, taxCents: leftTax, units: 0 });
  return lines;
}

/** One money event on every dimension: `money` on tender and staff, `items` (each its own money) on the item dimension. */
function everyDimension(
  at: { day: string; location: ReportLocation },
  tender: string,
  staff: { key: string; label: string },
  money: SalesAdd,
  items: { key: string; label: string; add: SalesAdd }[],
): SalesDelta[] {
  return [
    { dimension: "tender", ...at, key: tender, label: tender, add: money },
    { dimension: "staff", ...at, key: staff.key, label: staff.label, add: money },
    ...items.map((item) => ({ dimension: "item" as const, ...at, key: item.key, label: item.label, add: item.add })),
  ];
}

/** An order paid (its total, tax and lines) on `day`. */
export function orderPaidSales(order: OrderSalesFacts, day: string, tender: string, posPaymentDetails: unknown): SalesDelta[] {
  const tax = order.taxCents ?? 0;
  const lines = onLines(order, order.totalCents, tax);
  return everyDimension({ day, location: locationOfOrder(order) }, tender, takerOf(posPaymentDetails), { paidCents: order.totalCents, taxCents: tax, count: 1 }, lines.map((line) => ({ key: line.key, label: line.label, add: { paidCents: line.amountCents, taxCents: line.taxCents, count: line.units } })));
}

/** A refund of `amountCents` (of which `taxCents` tax) given on `day`, with what the order lists of it. */
export function orderRefundSales(order: OrderSalesFacts, day: string, amountCents: number, taxCents: number, refund?: Omit<RefundFacts, "amountCents" | "at">): SalesDelta[] {
  if (amountCents <= 0) return [];
  const lines = onLines(order, amountCents, taxCents, refund?.lines?.length ? refund.lines : undefined);
  const staff = refund?.byId ? { key: refund.byId, label: refund.byName || "Staff member" } : { key: ONLINE_STAFF, label: ONLINE_STAFF_LABEL };
  return everyDimension(
    { day, location: locationOfOrder(order) },
    refund?.tender || order.paymentMethod,
    staff,
    { refundedCents: amountCents, refundedTaxCents: taxCents },
    lines.map((line) => ({ key: line.key, label: line.label, add: { refundedCents: line.amountCents, refundedTaxCents: line.taxCents, ...(refund?.lines?.length ? { refundedCount: line.units } : {}) } })),
  );
}

/**
 * A payment fact landing on an order, as stats/daily.ts `paymentChanged` counts it (the same conditions, the same
 * day, the same tax of a refund): unpaid → paid (or refunded) is a payment of the total; refundedAmountCents growing
 * a refund of that much, with the refund the change lists last (`set.refunds`, payments/refunds.ts `giveBack`).
 */
export function orderSales(before: OrderSalesFacts, set: OrderSalesSet | undefined, now: Date, refundTaxCents?: number): SalesDelta[] {
  if (!set) return [];
  const day = dayOf(set.paidAt ?? now);
  const paid = before.paymentStatus === "unpaid" && (set.paymentStatus === "paid" || set.paymentStatus === "refunded");
  const refunded = Math.max(0, (set.refundedAmountCents ?? before.refundedAmountCents) - before.refundedAmountCents);
  const deltas: SalesDelta[] = [];
  const tender = set.paymentMethod ?? before.paymentMethod;
  if (paid) deltas.push(...orderPaidSales(before, day, tender, set.posPaymentDetails ?? before.posPaymentDetails));
  if (refunded > 0) {
    const tax = refundTaxCents ?? taxRefundedBy(before, before.refundedAmountCents + refunded) - taxRefundedBy(before, before.refundedAmountCents);
    const listed = set.refunds && set.refunds.length > (before.refunds?.length ?? 0) ? set.refunds[set.refunds.length - 1] : undefined;
    deltas.push(...orderRefundSales({ ...before, paymentMethod: tender }, day, refunded, Math.max(0, tax), listed));
  }
  return deltas;
}

/** A tip paid, to the staff member who made the paddle ready ("Nobody on staff" when none did), where its order counts. */
export function tipSales(tip: { amountCents: number; paidAt: string; staffId?: string; staffName?: string }, order: { dropoffLocation?: string | null; counterShop?: string | null } | null): SalesDelta[] {
  const staff = tip.staffId ? { key: tip.staffId, label: tip.staffName ?? "Staff member" } : { key: NO_STAFF_ID, label: NO_STAFF_NAME };
  const money = { tipCents: tip.amountCents, tips: 1 };
  return everyDimension({ day: dayOf(tip.paidAt), location: order ? locationOfOrder(order) : "ONLINE" }, "STRIPE", staff, money, [{ key: TIPS_ITEM, label: "Tips", add: money }]);
}

/** A membership invoice paid online. */
export function membershipSales(amountCents: number, paidAt: Date | string, plan: string | undefined): SalesDelta[] {
  const money = { membershipCents: Math.max(0, amountCents), count: 1 };
  const key = plan ? `${MEMBERSHIP_ITEM}:${plan}` : MEMBERSHIP_ITEM;
  return everyDimension({ day: dayOf(paidAt), location: "ONLINE" }, "STRIPE", { key: ONLINE_STAFF, label: ONLINE_STAFF_LABEL }, money, [{ key, label: plan ? `Membership (${plan})` : "Membership", add: money }]);
}

/** A pack of regrips bought online. */
export function packSales(pack: { packId: string; name: string; priceCents: number }, paidAt: Date | string): SalesDelta[] {
  const money = { packCents: Math.max(0, pack.priceCents), count: 1 };
  return everyDimension({ day: dayOf(paidAt), location: "ONLINE" }, "STRIPE", { key: ONLINE_STAFF, label: ONLINE_STAFF_LABEL }, money, [{ key: packItem(pack.packId), label: pack.name, add: money }]);
}

/** A pack's payment given back in Stripe: that much less pack income, on the day it was given back. */
export function packRefundSales(pack: { packId: string; name: string }, amountCents: number, at: Date | string): SalesDelta[] {
  const money = { packCents: -Math.max(0, amountCents) };
  return everyDimension({ day: dayOf(at), location: "ONLINE" }, "STRIPE", { key: ONLINE_STAFF, label: ONLINE_STAFF_LABEL }, money, [{ key: packItem(pack.packId), label: pack.name, add: money }]);
}

const identity = (d: Pick<SalesDelta, "dimension" | "location" | "day" | "key">) => `${d.dimension}|${d.location}|${d.day}|${d.key}`;

/** Deltas on the same item made one (a transaction may write an item once), zero figures left out, empty ones dropped. */
export function merged(deltas: Iterable<SalesDelta>): SalesDelta[] {
  const byItem = new Map<string, SalesDelta>();
  for (const delta of deltas) {
    const id = identity(delta);
    const was = byItem.get(id);
    if (was) add(was.add, delta.add);
    else byItem.set(id, { ...delta, add: { ...delta.add } });
  }
  return [...byItem.values()]
    .map((d) => ({ ...d, add: Object.fromEntries(Object.entries(d.add).filter(([, n]) => n !== 0 && Number.isFinite(n))) as SalesAdd }))
    .filter((d) => Object.keys(d.add).length > 0);
}

/** The labelled ADDs of `deltas`, one per aggregate item. */
export function salesWrites(entities: TransactionEntities, deltas: SalesDelta[]): LabelledWrite[] {
  return merged(deltas).map((d) => ({
    label: `sales:${identity(d)}`,
    write: entities.salesStats
      .update({ dimension: d.dimension, location: d.location, day: d.day, key: d.key })
      .add(d.add)
      .set({ label: d.label })
      .commit(),
  }));
}
