/**
 * The repair of the dashboard's counters (`npm run recount`, beside OrderCounters.recount): counts every order
 * and every live subscription and sets the day items and the active-subscriptions counter to the counts. Reads
 * the whole shop, so it is a maintenance job, never a request path; run it when the shop is quiet.
 *
 * What an order tells: its booking day (`createdAt`) books it, and cancels it there when it is canceled now; its
 * payment (`paidAt`, paid or refunded) is one paid order and its total on the day of payment. An order keeps no
 * time of its refunds, so a recount puts refunded money on the day of payment (the live counters put it on the
 * day of the refund). The subscriptions' started and ended figures and the tips cannot be told from the orders and
 * are kept as they are.
 */
import { db } from "../db";
import type { OrderStatus, PaymentStatus } from "../shared/lifecycle";
import { stageOfStatus } from "../shared/lifecycle";
import { DAY_FIGURES, dayOf, LIVE_SUBSCRIPTION_STATUSES, type DayFigure } from "./daily";
import { activeSubscriptions, readDays } from "./index";

type Figures = Record<DayFigure, number>;

interface OrderFacts {
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paidAt?: string;
  totalCents: number;
  refundedAmountCents: number;
}

const zero = (): Figures => Object.fromEntries(DAY_FIGURES.map((f) => [f, 0])) as Figures;

/** The day figures the given orders make (order figures only). */
export function figuresOf(orders: Iterable<OrderFacts>): Map<string, Figures> {
  const days = new Map<string, Figures>();
  const on = (day: string) => days.get(day) ?? days.set(day, zero()).get(day)!;
  for (const order of orders) {
    const booked = on(dayOf(order.createdAt));
    booked.ordersBooked++;
    if (stageOfStatus[order.status] === "canceled") booked.ordersCanceled++;
    if ((order.paymentStatus === "paid" || order.paymentStatus === "refunded") && order.paidAt) {
      const paid = on(dayOf(order.paidAt));
      paid.paidOrders++;
      paid.paidCents += order.totalCents;
      paid.refundedCents += order.refundedAmountCents ?? 0;
    }
  }
  return days;
}

async function everyOrder(): Promise<OrderFacts[]> {
  const orders: OrderFacts[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: OrderFacts[]; cursor: string | null } = await db()
      .entities.serviceOrder.query.allOrders({})
      .go({ cursor, limit: 500, pages: 1, attributes: ["createdAt", "status", "paymentStatus", "paidAt", "totalCents", "refundedAmountCents"] });
    orders.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return orders;
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

/** Sets every day item's order figures and the active-subscriptions counter to what the items say. */
export async function recount(): Promise<{ days: number; changedDays: number; activeSubscriptions: { before: number; after: number } }> {
  const counted = figuresOf(await everyOrder());
  const stored = await readDays("0000-00-00", "9999-99-99");
  const orderFigures: DayFigure[] = ["ordersBooked", "ordersCanceled", "paidOrders", "paidCents", "refundedCents"];
  const items: ({ day: string } & Figures)[] = [];
  let changedDays = 0;
  for (const day of new Set([...counted.keys(), ...stored.keys()])) {
    const was = stored.get(day);
    const now = counted.get(day) ?? zero();
    // What orders cannot tell (subscriptions started and ended, tips) is kept as stored.
    const kept = Object.fromEntries(DAY_FIGURES.filter((f) => !orderFigures.includes(f)).map((f) => [f, was?.[f] ?? 0])) as Partial<Figures>;
    const item = { day, ...now, ...kept };
    if (!was || orderFigures.some((f) => was[f] !== item[f])) changedDays++;
    items.push(item);
  }
  if (items.length) await db().entities.dailyStats.put(items).go();
  const before = await activeSubscriptions();
  const after = await liveSubscriptions();
  await db().entities.shopCounter.put({ name: "activeSubscriptions", count: after }).go();
  return { days: items.length, changedDays, activeSubscriptions: { before, after } };
}
