/**
 * The repair of the dashboard's counters (`npm run recount`, beside OrderCounters.recount): counts every order
 * and every live subscription and sets the day items and the active-subscriptions counter to the counts. Reads
 * the whole shop, so it is a maintenance job, never a request path; run it when the shop is quiet.
 *
 * What an order tells: its booking day (`createdAt`) books it, and cancels it there when it is canceled now; its
 * payment (`paidAt`, paid or refunded) is one paid order, its total and its tax on the day of payment. Each refund
 * the order lists (`refunds`: amount, tax, when) is that money and its own tax on its day, as the live counters
 * count it; what was given back unlisted (a refund from before refunds were listed, or one Stripe reported that
 * nobody asked here) goes on the day of payment, its tax in proportion (as the live counters count a refund whose
 * writer names no tax). An order refunded in full counts once, on the day of the refund that completed it (the
 * day of payment when an unlisted one did). What a tip tells: each paid tip item of an order that reached Ready
 * is its amount and one tip on the day it was paid, on the day figures and on the month's item of its staff
 * member. What a paid pack tells: its price on the day it was paid (`packPaidCents`). The subscriptions' started and
 * ended figures and the subscription invoices paid (`subscriptionPaidCents`: an invoice of no known member leaves
 * no item, only the event's ledger, for 30 days) cannot be told from the items and are kept as they are.
 *
 * The reports' aggregate items (stats/sales.ts) are rebuilt from the same orders, tips and packs with the same
 * functions the live writes use, and the membership invoices from the members' payment histories
 * (entities/membershipCharge.ts: every invoice of a known member and plan).
 */
import { db } from "../db";
import type { OrderStatus, PaymentStatus } from "../shared/lifecycle";
import { stageOfStatus } from "../shared/lifecycle";
import { DAY_FIGURES, dayOf, LIVE_SUBSCRIPTION_STATUSES, NO_STAFF_ID, NO_STAFF_NAME, taxAt, taxRefundedBy, type DayFigure } from "./daily";
import { activeSubscriptions, readDays } from "./index";
import { readSales } from "../reports/read";
import type { ReportLocation } from "../shared/report-keys";
import {
  membershipSales,
  merged,
  orderPaidSales,
  orderRefundSales,
  packRefundSales,
  packSales,
  SALES_DIMENSIONS,
  SALES_FIGURES,
  tipSales,
  type OrderSalesFacts,
  type SalesDelta,
  type SalesDimension,
  type SalesFigure,
} from "./sales";

type Figures = Record<DayFigure, number>;

/** The day figures that Stripe's subscription events keep (stats/daily.ts), not the orders. */
const SUBSCRIPTION_FIGURES: ReadonlySet<DayFigure> = new Set(["subscriptionsStarted", "subscriptionsEnded", "subscriptionPaidCents"]);

/** A paid pack, as the recount reads it. */
interface PackFacts {
  packId: string;
  name: string;
  priceCents: number;
  paidAt?: string;
  /** Given back in Stripe so far, counted on the day of the last refund (packs/refund.ts). */
  refundedCents?: number;
  refundedAt?: string;
}

interface OrderFacts {
  id: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paidAt?: string;
  totalCents: number;
  taxCents?: number;
  refundedAmountCents: number;
  refunds?: { amountCents: number; taxCents?: number; at: string }[];
  completedAt?: string;
  dropoffLocation?: string;
  counterShop?: string;
}

/** A paid tip, as the recount reads it. */
interface TipFacts {
  orderId?: string;
  amountCents: number;
  paidAt?: string;
  staffId?: string;
  staffName?: string;
}

const zero = (): Figures => Object.fromEntries(DAY_FIGURES.map((f) => [f, 0])) as Figures;

/** The day figures the given orders and paid tips make (every figure but the subscriptions'). */
export function figuresOf(
  orders: Iterable<Omit<OrderFacts, "id" | "completedAt">>,
  tips: Iterable<TipFacts> = [],
  packs: Iterable<PackFacts> = [],
): Map<string, Figures> {
  const days = new Map<string, Figures>();
  const on = (day: string) => days.get(day) ?? days.set(day, zero()).get(day)!;
  for (const pack of packs) {
    if (pack.paidAt) on(dayOf(pack.paidAt)).packPaidCents += pack.priceCents;
    if (pack.refundedCents && pack.refundedAt) on(dayOf(pack.refundedAt)).packPaidCents -= pack.refundedCents;
  }
  for (const tip of tips) {
    if (!tip.paidAt) continue;
    const paid = on(dayOf(tip.paidAt));
    paid.tipCents += tip.amountCents;
    paid.tips++;
  }
  for (const order of orders) {
    const booked = on(dayOf(order.createdAt));
    booked.ordersBooked++;
    if (stageOfStatus[order.status] === "canceled") booked.ordersCanceled++;
    if ((order.paymentStatus === "paid" || order.paymentStatus === "refunded") && order.paidAt) {
      const paid = on(dayOf(order.paidAt));
      paid.paidOrders++;
      paid.paidCents += order.totalCents;
      paid.taxCents += order.taxCents ?? 0;
      const add = (day: Figures, delta: Partial<Figures>) => {
        for (const [figure, cents] of Object.entries(delta)) day[figure as DayFigure] += cents ?? 0;
      };
      add(paid, taxAt(order, order.taxCents ?? 0));
      const refunded = order.refundedAmountCents ?? 0;
      let listedCents = 0;
      let completedOn: Figures | undefined;
      for (const refund of [...(order.refunds ?? [])].sort((a, b) => a.at.localeCompare(b.at))) {
        // Never past what the order holds as refunded (a listed card refund is raised up to the total at most).
        const cents = Math.min(refund.amountCents, Math.max(0, refunded - listedCents));
        if (cents <= 0) continue;
        const tax = cents === refund.amountCents ? (refund.taxCents ?? 0) : taxRefundedBy(order, listedCents + cents) - taxRefundedBy(order, listedCents);
        const day = on(dayOf(refund.at));
        add(day, { refundedCents: cents, refundedTaxCents: tax, ...taxAt(order, -tax) });
        listedCents += cents;
        if (order.totalCents > 0 && listedCents >= order.totalCents) completedOn ??= day;
      }
      const unlisted = refunded - listedCents;
      if (unlisted > 0) {
        const tax = taxRefundedBy(order, refunded) - taxRefundedBy(order, listedCents);
        add(paid, { refundedCents: unlisted, refundedTaxCents: tax, ...taxAt(order, -tax) });
      }
      if (order.totalCents > 0 && refunded >= order.totalCents) (completedOn ?? paid).refundedOrders++;
    }
  }
  return days;
}

type StoredOrder = OrderFacts & OrderSalesFacts;

async function everyOrder(): Promise<StoredOrder[]> {
  const orders: StoredOrder[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: StoredOrder[]; cursor: string | null } = await db()
      .entities.serviceOrder.query.allOrders({})
      .go({
        cursor,
        limit: 500,
        pages: 1,
        attributes: [
          "id",
          "createdAt",
          "status",
          "paymentStatus",
          "paidAt",
          "totalCents",
          "taxCents",
          "refundedAmountCents",
          "refunds",
          "completedAt",
          "dropoffLocation",
          "counterShop",
          // The reports' items (stats/sales.ts): the lines and how the order was paid.
          "lineItems",
          "paymentMethod",
          "posPaymentDetails",
          "discountAmountCents",
          "pointsDiscountCents",
          "taxRateBps",
        ],
      });
    orders.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return orders;
}

/**
 * The paid tips of every order that was ever Ready (only those can be tipped): one Query of each such order's
 * partition, a few at a time.
 */
async function everyPaidTip(orders: StoredOrder[]): Promise<TipFacts[]> {
  const tippable = orders.filter((o) => o.completedAt || stageOfStatus[o.status] === "ready" || stageOfStatus[o.status] === "picked_up");
  const tips: TipFacts[] = [];
  const AT_ONCE = 8;
  for (let i = 0; i < tippable.length; i += AT_ONCE) {
    const pages = await Promise.all(
      tippable.slice(i, i + AT_ONCE).map((o) => db().entities.tip.query.byOrder({ orderId: o.id }).go({ pages: "all" })),
    );
    for (const { data } of pages) tips.push(...data.filter((t) => t.status === "paid"));
  }
  return tips;
}

/** Each month's tips by staff member, as the paid tips say (entities/staffTips.ts). */
function staffTipsOf(tips: TipFacts[]) {
  const rows = new Map<string, { month: string; staffId: string; staffName: string; tipCents: number; tips: number }>();
  for (const tip of tips) {
    if (!tip.paidAt) continue;
    const month = dayOf(tip.paidAt).slice(0, 7);
    const staffId = tip.staffId ?? NO_STAFF_ID;
    const key = `${month}#${staffId}`;
    const row = rows.get(key) ?? { month, staffId, staffName: tip.staffId ? (tip.staffName ?? "Staff member") : NO_STAFF_NAME, tipCents: 0, tips: 0 };
    row.tipCents += tip.amountCents;
    row.tips++;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** Every paid pack, and every one since refunded (a maintenance scan of the pack credits, never a request path). */
async function everyPaidPack(): Promise<PackFacts[]> {
  const { data } = await db()
    .entities.packCredit.scan.where(({ status }, { eq }) => `${eq(status, "paid")} OR ${eq(status, "refunded")}`)
    .go({ pages: "all", attributes: ["packId", "name", "priceCents", "paidAt", "refundedCents", "refundedAt"] });
  return data;
}

/** Every membership charge of the members' payment histories (a maintenance scan). */
async function everyMembershipCharge() {
  const { data } = await db().entities.membershipCharge.scan.go({ pages: "all", attributes: ["plan", "amountCents", "paidAt"] });
  return data;
}

/** The reports' aggregate deltas the stored orders, tips, packs and membership charges make (stats/sales.ts). */
export function salesOf(
  orders: Iterable<StoredOrder>,
  tips: Iterable<TipFacts>,
  packs: Iterable<PackFacts>,
  charges: Iterable<{ plan: string; amountCents: number; paidAt: string }>,
): SalesDelta[] {
  const deltas: SalesDelta[] = [];
  const byId = new Map<string, StoredOrder>();
  for (const order of orders) {
    byId.set(order.id, order);
    if ((order.paymentStatus !== "paid" && order.paymentStatus !== "refunded") || !order.paidAt) continue;
    const paidDay = dayOf(order.paidAt);
    deltas.push(...orderPaidSales(order, paidDay, order.paymentMethod, order.posPaymentDetails));
    // The refunds as figuresOf counts them: each listed one on its day (never past what the order holds), the rest on the day of payment.
    const refunded = order.refundedAmountCents ?? 0;
    let listedCents = 0;
    for (const refund of [...(order.refunds ?? [])].sort((a, b) => a.at.localeCompare(b.at))) {
      const cents = Math.min(refund.amountCents, Math.max(0, refunded - listedCents));
      if (cents <= 0) continue;
      const tax = cents === refund.amountCents ? (refund.taxCents ?? 0) : taxRefundedBy(order, listedCents + cents) - taxRefundedBy(order, listedCents);
      deltas.push(...orderRefundSales(order, dayOf(refund.at), cents, tax, refund));
      listedCents += cents;
    }
    const unlisted = refunded - listedCents;
    if (unlisted > 0) deltas.push(...orderRefundSales(order, paidDay, unlisted, taxRefundedBy(order, refunded) - taxRefundedBy(order, listedCents)));
  }
  for (const tip of tips) if (tip.paidAt) deltas.push(...tipSales({ ...tip, paidAt: tip.paidAt }, (tip.orderId && byId.get(tip.orderId)) || null));
  for (const pack of packs) {
    if (pack.paidAt) deltas.push(...packSales(pack, pack.paidAt));
    if (pack.refundedCents && pack.refundedAt) deltas.push(...packRefundSales(pack, pack.refundedCents, pack.refundedAt));
  }
  for (const charge of charges) deltas.push(...membershipSales(charge.amountCents, charge.paidAt, charge.plan));
  return merged(deltas);
}

/** Sets every aggregate item to what the stored facts make (an item no fact makes any more to zero); answers how many were written. */
async function recountSales(orders: StoredOrder[], tips: TipFacts[], packs: PackFacts[], charges: { plan: string; amountCents: number; paidAt: string }[]): Promise<number> {
  const counted = salesOf(orders, tips, packs, charges);
  const items = new Map<string, { dimension: SalesDimension; location: ReportLocation; day: string; key: string; label: string } & Record<SalesFigure, number>>();
  const zeros = () => Object.fromEntries(SALES_FIGURES.map((f) => [f, 0])) as Record<SalesFigure, number>;
  for (const dimension of SALES_DIMENSIONS) {
    for (const stored of await readSales(dimension, "0000-00-00", "9999-99-99", null)) {
      items.set(`${dimension}|${stored.location}|${stored.day}|${stored.key}`, { dimension, location: stored.location, day: stored.day, key: stored.key, label: stored.label, ...zeros() });
    }
  }
  for (const delta of counted) {
    const id = `${delta.dimension}|${delta.location}|${delta.day}|${delta.key}`;
    const item = items.get(id) ?? { dimension: delta.dimension, location: delta.location, day: delta.day, key: delta.key, label: delta.label, ...zeros() };
    for (const [figure, n] of Object.entries(delta.add)) item[figure as SalesFigure] += n;
    item.label = delta.label;
    items.set(id, item);
  }
  const all = [...items.values()];
  if (all.length) await db().entities.salesStats.put(all).go();
  return all.length;
}

async function liveSubscriptions(): Promise<number> {
  let count = 0;
  for (const status of LIVE_SUBSCRIPTION_STATUSES) {
    const { data } = await db()
      .entities.subscription.query.byStatus({ status: status as never })
      .go({ pages: "all", attributes: ["userId"] });
    count += data.length;
  }
  return count;
}

/** Sets every day item's order and tip figures, each month's tips by staff member and the active-subscriptions counter to what the items say. */
export async function recount(): Promise<{ days: number; changedDays: number; salesItems: number; activeSubscriptions: { before: number; after: number } }> {
  const orders = await everyOrder();
  const tips = await everyPaidTip(orders);
  const packs = await everyPaidPack();
  const counted = figuresOf(orders, tips, packs);
  const stored = await readDays("0000-00-00", "9999-99-99");
  // Every figure the orders and tips make; the subscriptions' come from Stripe's events and are left as they are.
  const countedFigures = DAY_FIGURES.filter((figure) => !SUBSCRIPTION_FIGURES.has(figure));
  const sales = await recountSales(orders, tips, packs, await everyMembershipCharge());
  const items: ({ day: string } & Figures)[] = [];
  let changedDays = 0;
  for (const day of new Set([...counted.keys(), ...stored.keys()])) {
    const was = stored.get(day);
    const now = counted.get(day) ?? zero();
    // What the items cannot tell (subscriptions started and ended, subscription invoices paid) is kept as stored.
    const kept = Object.fromEntries(DAY_FIGURES.filter((f) => !countedFigures.includes(f)).map((f) => [f, was?.[f] ?? 0])) as Partial<Figures>;
    const item = { day, ...now, ...kept };
    if (!was || countedFigures.some((f) => was[f] !== item[f])) changedDays++;
    items.push(item);
  }
  if (items.length) await db().entities.dailyStats.put(items).go();
  const staffRows = staffTipsOf(tips);
  if (staffRows.length) await db().entities.staffTips.put(staffRows).go();
  const before = await activeSubscriptions();
  const after = await liveSubscriptions();
  await db().entities.shopCounter.put({ name: "activeSubscriptions", count: after }).go();
  return { days: items.length, changedDays, salesItems: sales, activeSubscriptions: { before, after } };
}
