import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { keyed, primary, SERVICE } from "./keys";

const tally = () => ({ type: "number", default: 0 }) as const;

/**
 * The shop's money of one day, at one location, by one key of one dimension (docs/data-model.md "Sales
 * aggregates"): the reports' items (GET /api/admin/reports/sales, reports/). Every money write adds to one item
 * of each dimension, with ADD, in the SAME transaction as the money (stats/sales.ts), so any dimension's items of a
 * range add up to the same totals and count exactly as often as the money is recorded:
 *
 * - `dimension` "tender": how it was paid (the order's paymentMethod; membership invoices, packs and tips are STRIPE);
 * - `dimension` "item": what was sold (an order line's sku, else its name; a pack; a membership; tips);
 * - `dimension` "staff": who took the money (the counter payment's staff member, the refund's giver, the tip's
 *   staff member), "online" for money taken online.
 *
 * `location` is where the money counts (shared/reports.ts `REPORT_LOCATIONS`: the place the order is taxed at, ONLINE
 * for memberships and packs). One partition per dimension and location (`stats#sales#<dimension>#<location>`), sorted
 * by day then key, so a date range of one dimension at one location is one Query, and all locations four: the items
 * read grow with the days and the keys (catalogue, staff), never with the orders.
 */
export const salesStats = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "salesStats", version: "1" },
      attributes: {
        dimension: { type: ["tender", "item", "staff"] as const, required: true, readOnly: true },
        location: { type: "string", required: true, readOnly: true },
        day: { type: "string", required: true, readOnly: true },
        key: { type: "string", required: true, readOnly: true },
        /** The key's words as the latest write named it (an item's name, a staff member's name). */
        label: { type: "string" },
        /** Order payments, sales tax included; on an item, the line's charge and tax. */
        paidCents: tally(),
        /** The sales tax in paidCents. */
        taxCents: tally(),
        refundedCents: tally(),
        refundedTaxCents: tally(),
        tipCents: tally(),
        membershipCents: tally(),
        packCents: tally(),
        /** Payments (tender, staff) or units sold (item), memberships and packs included; tips counted in `tips`. */
        count: tally(),
        /** Units given back by refunds of lines (item). */
        refundedCount: tally(),
        tips: tally(),
      },
      indexes: {
        byDay: keyed(primary, ["dimension", "location"], "stats#sales#${dimension}#${location}", ["day", "key"], "day#${day}#${key}"),
      },
    },
    config,
  );
export type SalesStats = ReturnType<typeof salesStats>;
