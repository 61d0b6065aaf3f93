/**
 * The reports' keys, without words or schemas (shared/reports.ts re-exports them with both): what the money writes
 * name their aggregate items by (stats/sales.ts), kept apart so the Lambdas that take or give back money load
 * nothing more than these (`npm run bench:lambda`). Browser-safe, no imports.
 */

/** Where money counts: each shop, onsite (club days and deliveries), and online (memberships and packs). */
export const REPORT_LOCATIONS = ["LITTLETON", "HIGHLANDS_RANCH", "ONSITE", "ONLINE"] as const;
export type ReportLocation = (typeof REPORT_LOCATIONS)[number];

/** The staff key of money taken online (no staff member's hand on it). */
export const ONLINE_STAFF = "online";
export const ONLINE_STAFF_LABEL = "Online";

/** The item keys of money that is not an order line. */
export const TIPS_ITEM = "tips";
export const MEMBERSHIP_ITEM = "membership";
export const packItem = (packId: string) => `pack:${packId}`;
/** A line without a sku is keyed by its name. */
export const lineItemKey = (line: { skuId?: string | null; name: string }) => line.skuId || `line:${line.name}`;

