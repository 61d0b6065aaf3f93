/**
 * The cash drawer (the till) of a shop's counter, as staff and the server read it: one session at a time per shop,
 * opened with a starting float, taking the counter's cash payments and cash refunds and the paid in and out, closed
 * with the cash counted. Browser-safe, zod/mini: the Drawer page checks with the schemas the routes parse with, and
 * reads the same sums (`expectedCashCents`, `differenceWords`) the close report stores.
 *
 * Expected cash = float + cash sales − cash refunds + paid in − paid out; the difference is counted − expected
 * (negative: short, positive: over).
 */
import * as z from "zod/mini";
import { dollars } from "./payment";
import { BOOKABLE_LOCATIONS, SHOP_LABELS, type BookableLocation } from "./location-names";
import { FLOAT_INVALID, MAX_DRAWER_CENTS } from "./money-settings";

/** The code of the 409 a cash payment or a cash refund gets when its counter's drawer is not open. */
export const DRAWER_CLOSED = "DRAWER_CLOSED";
/** The code of the 409 an open gets when the shop's drawer is open already. */
export const DRAWER_OPEN = "DRAWER_OPEN";

/** The words of that refusal: the page offers "Open the drawer" beside them. */
export const drawerClosedMessage = (location: BookableLocation) =>
  `The cash drawer at ${SHOP_LABELS[location]} is not open: open the drawer first, then take or give back the cash.`;

export { FLOAT_INVALID, MAX_DRAWER_CENTS };

export const DRAWER_LOCATION_INVALID = "Choose the shop whose drawer this is";
export const MOVEMENT_AMOUNT_INVALID = `The amount must be a whole number of cents from $0.01 to ${dollars(MAX_DRAWER_CENTS)}`;
export const COUNTED_INVALID = `The counted cash must be a whole number of cents from $0.00 to ${dollars(MAX_DRAWER_CENTS)}`;
export const MOVEMENT_NEEDS_REASON = "Say why the cash goes in or out";
export const MOVEMENT_REASON_MAX = 200;
export const CLOSE_NOTE_MAX = 500;

const wholeCents = (message: string, min: number) =>
  z.number({ error: message }).check(z.refine((n) => Number.isSafeInteger(n) && n >= min && n <= MAX_DRAWER_CENTS, message));

const trimmed = (max: number, tooLong: string) =>
  z.pipe(
    z.string({ error: "It must be text" }).check(z.maxLength(max, tooLong)),
    z.transform((value: string) => value.trim()),
  );

export const DrawerLocation = /* @__PURE__ */ z.enum(BOOKABLE_LOCATIONS, { error: DRAWER_LOCATION_INVALID });

/** GET /api/drawers/current?location=. */
export const CurrentDrawerQuery = /* @__PURE__ */ z.object({ location: DrawerLocation });

/** POST /api/drawers. */
export const OpenDrawerInput = /* @__PURE__ */ z.object({ location: DrawerLocation, startingCashCents: wholeCents(FLOAT_INVALID, 0) });
export type OpenDrawer = z.output<typeof OpenDrawerInput>;

export const MOVEMENT_DIRECTIONS = ["in", "out"] as const;
export type MovementDirection = (typeof MOVEMENT_DIRECTIONS)[number];

/** POST /api/drawers/{id}/movements: cash put in or taken out, with why. */
export const DrawerMovementInput = /* @__PURE__ */ z.object({
  direction: z.enum(MOVEMENT_DIRECTIONS, { error: "Choose in or out" }),
  amountCents: wholeCents(MOVEMENT_AMOUNT_INVALID, 1),
  reason: trimmed(MOVEMENT_REASON_MAX, `The reason must be ${MOVEMENT_REASON_MAX} characters or less`).check(z.minLength(1, MOVEMENT_NEEDS_REASON)),
});
export type DrawerMovement = z.output<typeof DrawerMovementInput>;

/** POST /api/drawers/{id}/close. */
export const CloseDrawerInput = /* @__PURE__ */ z.object({
  countedCashCents: wholeCents(COUNTED_INVALID, 0),
  note: z.optional(z.pipe(trimmed(CLOSE_NOTE_MAX, `The note must be ${CLOSE_NOTE_MAX} characters or less`), z.transform((value: string) => value || undefined))),
});
export type CloseDrawer = z.output<typeof CloseDrawerInput>;

/** GET /api/admin/drawers?from=&to= (shop days, `YYYY-MM-DD`, inclusive). */
function isDay(text: string): boolean {
  const at = new Date(`${text}T12:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
}
const day = (name: string) =>
  z.optional(z.string().check(z.maxLength(10, `${name} must be a day, YYYY-MM-DD`), z.refine((text) => isDay(text), `${name} must be a day, YYYY-MM-DD`)));
export const DrawerListQuery = /* @__PURE__ */ z.object({ from: day("from"), to: day("to") });

/** The cash figures of a session, as kept by ADDs in the transactions that move its cash. */
export interface DrawerCash {
  startingCashCents: number;
  cashSalesCents: number;
  cashRefundsCents: number;
  paidInCents: number;
  paidOutCents: number;
}

/** What should be in the drawer: float + cash sales − cash refunds + paid in − paid out. */
export const expectedCashCents = (cash: DrawerCash): number =>
  cash.startingCashCents + cash.cashSalesCents - cash.cashRefundsCents + cash.paidInCents - cash.paidOutCents;

/** "Short $2.00", "Over $0.50" or "Even": counted against expected. */
export function differenceWords(differenceCents: number): string {
  if (differenceCents < 0) return `Short ${dollars(-differenceCents)}`;
  if (differenceCents > 0) return `Over ${dollars(differenceCents)}`;
  return "Even";
}

/** The refusal of a paid out larger than what the drawer should hold. */
export const paidOutTooLarge = (expected: number) => `The drawer should hold ${dollars(Math.max(0, expected))}: you cannot take out more than that.`;

/** One line of a session's cash: a sale or a refund in cash, or a paid in or out. */
export interface DrawerMovementView {
  id: string;
  kind: "sale" | "refund" | "in" | "out";
  amountCents: number;
  reason?: string;
  orderId?: string;
  /** The order's number (`R-1042`) of a sale or refund. */
  orderNumber?: string;
  byName?: string;
  at: string;
}

export const MOVEMENT_KIND_LABELS: Record<DrawerMovementView["kind"], string> = {
  sale: "Cash sale",
  refund: "Cash refund",
  in: "Paid in",
  out: "Paid out",
};

/** A tender's money of the day (the reports module's figures). */
export interface ReportTenderTotal {
  tender: string;
  paidCents: number;
  refundedCents: number;
}

/** The day's totals a close report carries (reports/day-totals.ts reads them). */
export interface ReportDayTotals {
  day: string;
  location: string;
  salesCents: number;
  refundedCents: number;
  taxCents: number;
  tipsCents: number;
  byTender: ReportTenderTotal[];
}

/** What closing a session answers and keeps: its cash, counted against expected, and the day's totals. */
export interface DrawerReport extends DrawerCash {
  sessionId: string;
  location: BookableLocation;
  /** The shop day the session opened on. */
  day: string;
  openedAt: string;
  openedByName?: string;
  closedAt: string;
  closedByName?: string;
  expectedCashCents: number;
  countedCashCents: number;
  /** Counted − expected: negative short, positive over. */
  differenceCents: number;
  note?: string;
  dayTotals: ReportDayTotals;
}

/** A session as the Drawer page shows it. */
export interface DrawerSessionView extends DrawerCash {
  id: string;
  location: BookableLocation;
  status: "open" | "closed";
  day: string;
  openedAt: string;
  openedByName?: string;
  expectedCashCents: number;
  closedAt?: string;
  closedByName?: string;
  countedCashCents?: number;
  differenceCents?: number;
  note?: string;
  /** The close report, once closed. */
  report?: DrawerReport;
  /** Each time an admin reopened it. */
  reopened?: { at: string; byName?: string }[];
  movements?: DrawerMovementView[];
}

/** GET /api/drawers/current: the open session, or none with the float the page prefills. */
export interface CurrentDrawer {
  location: BookableLocation;
  session: DrawerSessionView | null;
  defaultFloatCents: number;
}

/** The tenders' words in the report. */
export const TENDER_LABELS: Record<string, string> = {
  STRIPE: "Online card",
  POS_CASH: "Cash",
  POS_CARD: "Counter card",
  SUBSCRIPTION: "Membership",
  PACK: "Pack",
  COMP: "Comp",
};
