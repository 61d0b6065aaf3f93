import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { keyed, primary, SERVICE } from "./keys";

const tally = () => ({ type: "number", default: 0 }) as const;

/**
 * What happened in the shop on one of its days (`day` is `YYYY-MM-DD` in America/Denver, shared/analytics.ts): one item
 * per day, all in one partition (`stats#daily`), so the admin dashboard's
 * month, its comparison with the month before and its 30-day chart are one
 * Query of at most 62 items whatever the shop's size. Every figure is changed
 * only with ADD in the same transaction as the write it counts
 * (stats/daily.ts), never summed over orders on a request:
 *
 * - `ordersBooked`: orders made that day (booking, storefront invoice, quick sale);
 * - `ordersCanceled`: of those, how many are canceled now (a cancel adds one to
 *   its order's booking day, an admin's reopening takes it back);
 * - `paidOrders`, `paidCents`: payments that landed that day (an order unpaid → paid), tax included;
 * - `taxCents`: the sales tax in those payments (each paid order's `taxCents`);
 * - `refundedCents`: money given back that day (an order's refundedAmountCents growing), tax included;
 * - `refundedTaxCents`: the tax in those refunds (stats/daily.ts `refundGiven`);
 * - `refundedOrders`: orders whose refunds reached their whole total that day (they leave the average order value);
 * - `taxLittletonCents`, `taxHighlandsRanchCents`, `taxOnsiteCents`: the sales tax owed to each place, collected
 *   less refunded that day (stats/daily.ts `taxAt`: the drop-off shop, a counter sale's shop, onsite days);
 * - `subscriptionsStarted`, `subscriptionsEnded`: subscriptions entering and
 *   leaving the live statuses that day (Stripe's customer.subscription.* events);
 * - `subscriptionPaidCents`: subscription invoices paid that day (Stripe's invoice.paid).
 * - `packPaidCents`: packs of regrips bought that day (packs/record.ts `recordPack`, Stripe's checkout of a pack),
 *   less packs' payments given back that day (packs/refund.ts).
 * - `tipCents`, `tips`: tips paid that day (tips/record.ts), never part of the revenue above.
 *
 * A day nothing happened on has no item. An item is made by its first ADD, so
 * a figure never written is missing and reads as 0.
 */
export const dailyStats = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "dailyStats", version: "1" },
      attributes: {
        day: { type: "string", required: true, readOnly: true },
        ordersBooked: tally(),
        ordersCanceled: tally(),
        paidOrders: tally(),
        paidCents: tally(),
        refundedCents: tally(),
        taxCents: tally(),
        refundedTaxCents: tally(),
        refundedOrders: tally(),
        taxLittletonCents: tally(),
        taxHighlandsRanchCents: tally(),
        taxOnsiteCents: tally(),
        subscriptionsStarted: tally(),
        subscriptionsEnded: tally(),
        subscriptionPaidCents: tally(),
        packPaidCents: tally(),
        tipCents: tally(),
        tips: tally(),
      },
      indexes: {
        byDay: keyed(primary, [], "stats#daily", ["day"], "day#${day}"),
      },
    },
    config,
  );
export type DailyStats = ReturnType<typeof dailyStats>;

/**
 * The names of the shop-wide counters (`stats#shop` partition): the live subscriptions, the text inbox's
 * conversations with unread texts (the console's Messages badge, communications/conversations.ts), and the last
 * order number given (`lastOrderNumber`, orders/numbers.ts: set from the value read, never added to), and the last data
 * migration applied (`dataVersion`, migrations/index.ts: set after each, from the value read).
 */
export const SHOP_COUNTERS = ["activeSubscriptions", "unreadConversations", "lastOrderNumber", "dataVersion"] as const;
export type ShopCounterName = (typeof SHOP_COUNTERS)[number];

/**
 * A count of the shop now (today: the subscriptions in a live status), one
 * item per name in `stats#shop`, changed only with ADD in the same
 * transaction as the write that moves it (stats/daily.ts).
 */
export const shopCounter = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "shopCounter", version: "1" },
      attributes: {
        name: { type: SHOP_COUNTERS, required: true, readOnly: true },
        count: { type: "number", required: true, default: 0 },
      },
      indexes: {
        byName: keyed(primary, [], "stats#shop", ["name"], "counter#${name}"),
      },
    },
    config,
  );
export type ShopCounter = ReturnType<typeof shopCounter>;
