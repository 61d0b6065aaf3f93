/**
 * An order's payment as the counter reads it (payment is a state beside the stage), browser-safe and
 * written once: the queue, Admin Orders, the scanner and the staff order view show it with `paymentSummary`; the
 * server refuses a pickup with a balance and a cancel that would keep a payment with the words below; the counter's
 * payment dialog sends `CounterPayment`.
 *
 * - Paid: by card online (STRIPE), cash or card on the counter's own terminal (POS_CASH, POS_CARD).
 * - Unpaid: the balance is the order's total (no part payments: an order is paid in full, once); canceled, nothing is due.
 * - Refunded: every cent given back; a part refund shows beside Paid.
 * - Comp: nothing to pay (a free order, or an admin's comp with a reason).
 * - Member: paid by a membership (SUBSCRIPTION).
 */
import * as z from "zod/mini";
import { stageOf, type PaymentStatus } from "./lifecycle";
import { CounterShop } from "./counter-shop";

/** The money fields every payment reading needs. */
export interface PaymentFacts {
  paymentStatus: PaymentStatus;
  paymentMethod: string;
  totalCents: number;
  refundedAmountCents: number;
  cardBrand?: string | null;
  cardLast4?: string | null;
  /** The order's status: a canceled order that was never paid owes nothing. */
  status?: string;
}

/** `$12.50`, `$1,250.00`, `-$6.70`: thousands grouped as en-US writes them, as the pages' `formatCents` does. */
export const dollars = (cents: number): string => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+\.)/g, ",")}`;

/** What is still to be collected before the paddle leaves: the total while unpaid, else nothing. */
export function balanceCents(order: Pick<PaymentFacts, "paymentStatus" | "totalCents">): number {
  return order.paymentStatus === "unpaid" ? Math.max(0, order.totalCents) : 0;
}

/** How an order was paid, in the counter's words. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  STRIPE: "Card online",
  POS_CASH: "Cash at the counter",
  POS_CARD: "Card at the counter",
  SUBSCRIPTION: "Membership",
  PACK: "Pack credit",
  COMP: "Comp",
};

export type PaymentTone = "success" | "warning" | "stopped" | "info";

export interface PaymentSummary {
  /** Paid, Unpaid, Refunded, Comp or Member. */
  label: "Paid" | "Unpaid" | "Refunded" | "Comp" | "Member" | "Pack";
  /** The balance due, how it was paid, or what was given back. */
  detail: string | null;
  tone: PaymentTone;
}

/** How it was paid: the method, and the card when the card is known. */
export function paidWith(order: PaymentFacts): string {
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod;
  if (order.paymentMethod === "STRIPE" && order.cardLast4) return `${order.cardBrand ? `${capitalize(order.cardBrand)} ` : ""}•••• ${order.cardLast4}`;
  return method;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The order's payment in one label and one line: what every staff screen shows beside the stage. */
export function paymentSummary(order: PaymentFacts): PaymentSummary {
  // A membership's or a pack's covered regrip: the cover is the payment.
  const cover = order.paymentMethod === "PACK" ? "Pack" : order.paymentMethod === "SUBSCRIPTION" ? "Member" : null;
  if (cover && order.paymentStatus !== "refunded") return { label: cover, detail: PAYMENT_METHOD_LABELS[order.paymentMethod]!, tone: "success" };
  switch (order.paymentStatus) {
    case "unpaid":
      if (order.status !== undefined && stageOf(order.status) === "canceled") return { label: "Unpaid", detail: "Canceled: nothing due", tone: "stopped" };
      return order.totalCents > 0
        ? { label: "Unpaid", detail: `${dollars(order.totalCents)} due`, tone: "warning" }
        : { label: "Comp", detail: "Nothing to pay", tone: "info" };
    case "comp":
      return { label: "Comp", detail: order.paymentMethod === "COMP" ? "Comped" : "Nothing to pay", tone: "info" };
    case "refunded":
      return { label: "Refunded", detail: `${dollars(order.refundedAmountCents)} given back`, tone: "stopped" };
    case "paid":
      return {
        label: "Paid",
        detail: order.refundedAmountCents > 0 ? `${paidWith(order)}, ${dollars(order.refundedAmountCents)} refunded` : paidWith(order),
        tone: "success",
      };
  }
}

/** The server's refusal of a pickup with a balance (409), and the dialog's heading. */
export const pickupBalanceDue = (cents: number) =>
  `This order has a balance of ${dollars(cents)} due. Take the payment (or comp it) before it is picked up.`;

/** The server's refusal of a staff cancel that would keep a payment (409). */
export const cancelKeepsPayment = (cents: number) =>
  `This order was paid ${dollars(cents)}. Cancel it with its refund, or (admin) give a reason to keep the payment.`;

/** An admin keeping the payment of a canceled order must say why. */
export const KEEP_PAYMENT_NEEDS_REASON = "Give a reason for keeping the payment";

/** An admin's comp must say why. */
export const COMP_NEEDS_REASON = "Give a reason for the comp";

export const COUNTER_PAYMENT_METHODS = ["POS_CASH", "POS_CARD", "COMP"] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];

const reason = z.pipe(
  z.optional(z.string({ error: "The reason must be text" }).check(z.maxLength(500, "The reason must be 500 characters or less"))),
  z.transform((value: string | undefined) => value?.trim() || undefined),
);

/**
 * `POST /api/orders/{id}/payments`: money taken at the counter, cash or a card on the counter's own terminal, for
 * the balance (the amount is checked against it: a stale screen cannot record the wrong figure), or an admin's comp
 * with a reason.
 */
export const CounterPayment = z.object({
  method: z.enum(COUNTER_PAYMENT_METHODS, { error: "Choose how it was paid: POS_CASH, POS_CARD or COMP" }),
  amountCents: z.optional(
    z.number({ error: "The amount must be a number of cents" }).check(
      z.refine((n) => Number.isSafeInteger(n) && n >= 0, "The amount must be a whole number of cents"),
    ),
  ),
  reason,
  /** The shop whose counter took the cash: its open drawer gets it (drawers/cash.ts); else the order's shop. */
  shop: CounterShop,
});
export type CounterPaymentInput = z.output<typeof CounterPayment>;
