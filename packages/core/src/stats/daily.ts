/**
 * The admin dashboard's figures, kept as counters (entities/dailyStats.ts) that change in the SAME transaction as
 * the write they count, the way orders/counters.ts keeps the stage counts: a new order, a cancel, a payment, a
 * refund, a subscription entering or leaving the live statuses, a tip. Each helper answers the labelled writes to add to
 * that transaction; each write is an ADD, so two writes at the same moment both count, and a write is exactly as
 * idempotent as the write it rides with (the event ledger of a webhook event, the order's conditions of a move).
 *
 * Days are the shop's days (`YYYY-MM-DD` in America/Denver, shared/analytics.ts SHOP_TIME_ZONE).
 */
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import { shopDay } from "../shared/analytics";
import { taxLocationOf, type TaxLocation } from "../shared/tax-location";
import { isOrderStatus, stageOfStatus, type OrderStatus, type PaymentStatus, type Stage } from "../shared/lifecycle";

export * as DailyStats from "./daily";

/** The figures of one day, as stored (a figure never written reads 0). */
export const DAY_FIGURES = [
  "ordersBooked",
  "ordersCanceled",
  "paidOrders",
  /** Payments of orders, tax included. */
  "paidCents",
  /** The sales tax in `paidCents`. */
  "taxCents",
  /** Money given back on orders, tax included. */
  "refundedCents",
  /** The sales tax in `refundedCents`. */
  "refundedTaxCents",
  /** Orders whose refunds reached their whole total: they leave the average order value's count. */
  "refundedOrders",
  /** The sales tax owed to each place (collected less refunded): `TAX_FIGURES`. */
  "taxLittletonCents",
  "taxHighlandsRanchCents",
  "taxOnsiteCents",
  "subscriptionsStarted",
  "subscriptionsEnded",
  /** Subscription invoices paid that day (Stripe's invoice.paid of a subscription: memberships/webhook.ts), in cents. */
  "subscriptionPaidCents",
  /** Packs of regrips bought that day (packs/record.ts `recordPack`), in cents. */
  "packPaidCents",
  "tipCents",
  "tips",
] as const;
export type DayFigure = (typeof DAY_FIGURES)[number];

/** The day figure of the tax owed to each place. */
export const TAX_FIGURES = {
  LITTLETON: "taxLittletonCents",
  HIGHLANDS_RANCH: "taxHighlandsRanchCents",
  ONSITE: "taxOnsiteCents",
} as const satisfies Record<TaxLocation, DayFigure>;

/** Two deltas of one day as one: each figure added up (a payment and its refund both move the place's tax). */
function added(a: DayDelta, b: DayDelta): DayDelta {
  for (const figure in b) a[figure as DayFigure] = (a[figure as DayFigure] ?? 0) + b[figure as DayFigure]!;
  return a;
}

/** `cents` of tax (negative: given back) on the figure of the place `order` is taxed at; nothing for none. */
export function taxAt(order: { dropoffLocation?: string | null; counterShop?: string | null }, cents: number): DayDelta {
  return cents === 0 ? {} : { [TAX_FIGURES[taxLocationOf(order)]]: cents };
}
export type DayDelta = Partial<Record<DayFigure, number>>;

/**
 * What the shop kept of its orders' payments: paid less refunded, as the customers paid them, sales tax included
 * (a refund of an add-on takes its tax off with it). The tax in it is shown apart (`taxCents`, `refundedTaxCents`)
 * for the owner to see what is the state's; tips are the crew's and never counted here.
 */
export const orderNetOf = (figures: Record<DayFigure, number>) => figures.paidCents - figures.refundedCents;

/** Revenue: the orders' net (above), subscription invoices paid and packs of regrips bought. */
export const revenueOf = (figures: Record<DayFigure, number>) => orderNetOf(figures) + figures.subscriptionPaidCents + figures.packPaidCents;

/**
 * The average order value of a period: the orders' net (paid less refunded) over the orders paid and
 * not refunded in full; null when there is no such order. Two orders of $48 and $65, the $65 refunded in full: $48.
 */
export function averageOrderValue(figures: Record<DayFigure, number>): number | null {
  const count = figures.paidOrders - figures.refundedOrders;
  return count > 0 ? Math.round(Math.max(0, orderNetOf(figures)) / count) : null;
}

/** The shop's day (`YYYY-MM-DD`) of a time. */
export const dayOf = shopDay;

/** The label of a day's write in a transaction. */
export const dayLabel = (day: string) => `stats:${day}`;

/** One ADD of `delta` to `day`'s item; nothing when every figure is 0. */
export function addToDay(entities: TransactionEntities, day: string, delta: DayDelta): LabelledWrite[] {
  const add = Object.fromEntries(Object.entries(delta).filter(([, n]) => n !== 0 && Number.isFinite(n))) as DayDelta;
  if (Object.keys(add).length === 0) return [];
  return [{ label: dayLabel(day), write: entities.dailyStats.update({ day }).add(add).commit() }];
}

/** A new order (create.ts): +1 booked on the day it is made. */
export function orderBooked(entities: TransactionEntities, order: { createdAt: string }): LabelledWrite[] {
  return addToDay(entities, dayOf(order.createdAt), { ordersBooked: 1 });
}

const stageFrom = (value: Stage | OrderStatus): Stage => (isOrderStatus(value) ? stageOfStatus[value] : value);

/**
 * An order moved (a lifecycle move, the unpaid hold's end): a cancel adds one to the canceled orders of the
 * order's booking day, so that day's orders are `ordersBooked - ordersCanceled`; an admin's move out of canceled
 * takes it back. Nothing for any other move.
 */
export function orderMoved(
  entities: TransactionEntities,
  order: { createdAt: string },
  from: Stage | OrderStatus,
  to: Stage | OrderStatus,
): LabelledWrite[] {
  const wasCanceled = stageFrom(from) === "canceled";
  const isCanceled = stageFrom(to) === "canceled";
  if (wasCanceled === isCanceled) return [];
  return addToDay(entities, dayOf(order.createdAt), { ordersCanceled: isCanceled ? 1 : -1 });
}

/** What a payment fact changes on an order (orders/move-writer.ts `OrderSet`). */
export interface PaymentFacts {
  paymentStatus?: PaymentStatus;
  refundedAmountCents?: number;
  paidAt?: string;
}

/** The money facts of an order a payment or refund counts from. */
export interface OrderMoney {
  totalCents: number;
  /** Where it is taxed (shared/money-settings.ts `taxLocationOf`): the drop-off place, a counter sale's shop. */
  dropoffLocation?: string | null;
  counterShop?: string | null;
  /** The sales tax in the total (0 for an order from before tax). */
  taxCents?: number;
  /** Given back so far, tax included. */
  refundedAmountCents: number;
}

/**
 * The tax in the first `refundedCents` given back of an order: the order's tax in proportion, so the tax of a
 * refund is `taxRefundedBy(order, after) - taxRefundedBy(order, before)` and refunds that add up to the total give
 * back exactly the order's tax, whatever their rounding.
 */
export function taxRefundedBy(order: Pick<OrderMoney, "totalCents" | "taxCents">, refundedCents: number): number {
  const tax = order.taxCents ?? 0;
  if (tax <= 0 || order.totalCents <= 0) return 0;
  return Math.round((tax * Math.min(Math.max(0, refundedCents), order.totalCents)) / order.totalCents);
}

/**
 * A refund of `amountCents` (of which `taxCents` is tax) on `order`, counted on the day it is given (`at`): the
 * money and its tax refunded, and one order refunded in full when it brings the order's refunds to its total (the
 * order then leaves the average order value). `taxCents` defaults to the order's tax in proportion
 * (`taxRefundedBy`); a writer that knows the tax of what it gives back (a refund by line) passes its own.
 * `order` is the order before this refund. Written in the transaction that records the refund on the order, so
 * it counts exactly as often as the refund is recorded. A refund recorded through the move writer (the order's
 * refundedAmountCents growing: payments/refunds.ts `recordRefund`) is already counted this way by `paymentChanged`,
 * with the tax its writer passes (`recordRefund`'s `taxCents`, the change's `refundTaxCents`): never add this
 * beside it, or the refund counts twice.
 */
export function refundGiven(
  entities: TransactionEntities,
  order: OrderMoney,
  refund: { amountCents: number; taxCents?: number },
  at: Date | string,
): LabelledWrite[] {
  return addToDay(entities, dayOf(at), refundDelta(order, refund));
}

function refundDelta(order: OrderMoney, refund: { amountCents: number; taxCents?: number }): DayDelta {
  const amount = Math.max(0, refund.amountCents);
  if (amount === 0) return {};
  const before = order.refundedAmountCents;
  const after = before + amount;
  const tax = refund.taxCents ?? taxRefundedBy(order, after) - taxRefundedBy(order, before);
  const inFull = order.totalCents > 0 && before < order.totalCents && after >= order.totalCents;
  return { refundedCents: amount, refundedTaxCents: Math.max(0, tax), ...taxAt(order, -Math.max(0, tax)), ...(inFull ? { refundedOrders: 1 } : {}) };
}

/**
 * A payment fact landing on an order (decided in payments/, written by orders/move-writer.ts, the one writer of an
 * order's changes): an order going from unpaid to paid (or straight to refunded, when Stripe reported the refund
 * first) is one paid order, its total and its tax on the day of payment (`paidAt`); refundedAmountCents growing is
 * a refund of that much (`refundGiven`, with `refundTaxCents` when the refund's writer knows its tax), on the same
 * day. Answers nothing when the change moves no money.
 */
export function paymentChanged(
  entities: TransactionEntities,
  before: OrderMoney & { paymentStatus: PaymentStatus },
  set: PaymentFacts | undefined,
  now: Date,
  refundTaxCents?: number,
): LabelledWrite[] {
  if (!set) return [];
  const paid = before.paymentStatus === "unpaid" && (set.paymentStatus === "paid" || set.paymentStatus === "refunded");
  const refunded = Math.max(0, (set.refundedAmountCents ?? before.refundedAmountCents) - before.refundedAmountCents);
  const payment: DayDelta = paid ? { paidOrders: 1, paidCents: before.totalCents, taxCents: before.taxCents ?? 0, ...taxAt(before, before.taxCents ?? 0) } : {};
  return addToDay(entities, dayOf(set.paidAt ?? now), added(payment, refundDelta(before, { amountCents: refunded, taxCents: refundTaxCents })));
}

/** A subscription's invoice paid (applied once, with its event's ledger item): its amount on the day it was paid. */
export function subscriptionPaid(entities: TransactionEntities, amountCents: number, paidAt: Date): LabelledWrite[] {
  return addToDay(entities, dayOf(paidAt), { subscriptionPaidCents: Math.max(0, amountCents) });
}

/**
 * A pack of regrips bought (packs/record.ts `recordPack`, applied once with its event's ledger item): its price on
 * the day it was paid. Revenue like a membership invoice; the regrips it later covers are orders of tender PACK.
 */
export function packPaid(entities: TransactionEntities, amountCents: number, paidAt: Date | string): LabelledWrite[] {
  return addToDay(entities, dayOf(paidAt), { packPaidCents: Math.max(0, amountCents) });
}

/** A pack's payment given back (packs/refund.ts, once per refund): that much less pack income, on the day it was given back. */
export function packRefunded(entities: TransactionEntities, amountCents: number, at: Date | string): LabelledWrite[] {
  return addToDay(entities, dayOf(at), { packPaidCents: -Math.max(0, amountCents) });
}

/** The subscription statuses that count as a subscriber (memberships/index.ts). */
export const LIVE_SUBSCRIPTION_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);

export const activeSubscriptionsLabel = "counter:activeSubscriptions";

/**
 * A subscription's status changed (Stripe's customer.subscription.* events): entering the live statuses is +1
 * active and one started today, leaving them −1 active (never below zero: droppable, as the stage counters'
 * decrements) and one ended today.
 */
export function subscriptionMoved(
  entities: TransactionEntities,
  from: string | undefined,
  to: string,
  now: Date,
): LabelledWrite[] {
  const was = from !== undefined && LIVE_SUBSCRIPTION_STATUSES.has(from);
  const is = LIVE_SUBSCRIPTION_STATUSES.has(to);
  if (was === is) return [];
  const counter: LabelledWrite = is
    ? { label: activeSubscriptionsLabel, write: entities.shopCounter.update({ name: "activeSubscriptions" }).add({ count: 1 }).commit() }
    : {
        label: activeSubscriptionsLabel,
        droppable: true,
        write: entities.shopCounter
          .update({ name: "activeSubscriptions" })
          .subtract({ count: 1 })
          .where((a, { gt }) => gt(a.count, 0))
          .commit(),
      };
  return [counter, ...addToDay(entities, dayOf(now), is ? { subscriptionsStarted: 1 } : { subscriptionsEnded: 1 })];
}

/** The staff key of a tip on an order no staff member moved to Ready (entities/staffTips.ts). */
export const NO_STAFF_ID = "none";
export const NO_STAFF_NAME = "Nobody on staff";

/**
 * A tip recorded (tips/record.ts): its amount and one tip on the day it was paid, and the same on the month's item
 * of the staff member it goes to. Never revenue: `paidCents` and `paidOrders` are the orders' own payments.
 */
export function tipRecorded(
  entities: TransactionEntities,
  tip: { amountCents: number; paidAt: string; staffId?: string; staffName?: string },
): LabelledWrite[] {
  const day = dayOf(tip.paidAt);
  const staffId = tip.staffId ?? NO_STAFF_ID;
  return [
    ...addToDay(entities, day, { tipCents: tip.amountCents, tips: 1 }),
    {
      label: "stats:staffTips",
      write: entities.staffTips
        .update({ month: day.slice(0, 7), staffId })
        .add({ tipCents: tip.amountCents, tips: 1 })
        .set({ staffName: tip.staffId ? (tip.staffName ?? "Staff member") : NO_STAFF_NAME })
        .commit(),
    },
  ];
}
