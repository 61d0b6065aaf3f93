/**
 * Tips, written once for the server (tips/) and the order page. Browser-safe, no zod.
 *
 * Once an order is Ready or Picked Up, its owner may tip: 10, 15 or 20 % of the order, or a custom amount from
 * $0.01 to $100, paid by card. A tip never changes the order's total or its points.
 */

import { stageOf, type Stage } from "./lifecycle";

export const TIP_PERCENTAGES = [10, 15, 20] as const;
export const TIP_MIN_CENTS = 1;
export const TIP_MAX_CENTS = 10_000;

/** The tip of `percentage` % of an order of `totalCents`, rounded to the cent (at least 1 cent, at most the cap). */
export function tipOfPercentage(totalCents: number, percentage: number): number {
  const cents = Math.round((Math.max(0, totalCents) * percentage) / 100);
  return Math.min(TIP_MAX_CENTS, Math.max(TIP_MIN_CENTS, cents));
}

export const TIP_AMOUNT_MESSAGE = `A tip must be between $0.01 and $${TIP_MAX_CENTS / 100}`;
export const TIP_NOT_YET = "You can tip once your paddle is ready";
/** 409 for a second tip: an order takes one tip, and this one's is paid. */
export const TIP_ALREADY_PAID = "This order's tip is already paid. Thank you!";

/**
 * An order's paid tip as its order view carries it (GET /api/orders/{id}): the amount and when; for staff, the
 * staff member it went to (who moved the order to Ready), null when nobody on staff did.
 */
export interface TipView {
  amountCents: number;
  paidAt: string;
  /** Staff only (the customer's view has no such key). */
  staffName?: string | null;
}

/** Whether the order page offers a tip: a tippable stage and no tip paid yet (one tip per order). */
export const offersTip = (order: { status: string; tip?: TipView | null; addedTo?: unknown }): boolean => isTippable(order.status) && !order.tip && !order.addedTo;

/** An order added to a paid one (shared/order-balance.ts) is tipped with that order, never on its own. */
export const TIP_ON_ADDED_ORDER = "This order was added to another one: leave a tip on that order.";

/** Why a tip of `amountCents` is refused, or null. */
export function tipAmountRefusal(amountCents: unknown): string | null {
  return typeof amountCents === "number" && Number.isSafeInteger(amountCents) && amountCents >= TIP_MIN_CENTS && amountCents <= TIP_MAX_CENTS
    ? null
    : TIP_AMOUNT_MESSAGE;
}

/** The stages an order may be tipped in (shared/lifecycle.ts). */
export const TIPPABLE_STAGES: readonly Stage[] = ["ready", "picked_up"];

/** Whether an order in `status` may be tipped now. */
export const isTippable = (status: string): boolean => {
  const stage = stageOf(status);
  return stage !== undefined && TIPPABLE_STAGES.includes(stage);
};

/** The query the order page reads on the way back from a tip's checkout: `?tipped=1` after paying, `?tip=canceled` after giving up. */
export const TIP_RETURN = { paid: "tipped", canceled: "tip" } as const;

/** Where a tipper lands after paying and after giving up: the order's own page. */
export function tipReturnUrls(siteUrl: string, orderId: string): { successUrl: string; cancelUrl: string } {
  const page = `${siteUrl.replace(/\/+$/, "")}/orders/${encodeURIComponent(orderId)}`;
  return { successUrl: `${page}?${TIP_RETURN.paid}=1`, cancelUrl: `${page}?${TIP_RETURN.canceled}=canceled` };
}

/** What a custom tip typed in dollars ("5", "7.50", "$12") is in cents, or NaN when it is no amount of money. */
export function tipCentsOfDollars(typed: string): number {
  const text = typed.trim().replace(/^\$/, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}
