/**
 * The confirmations and receipts: a booking confirmation, a payment receipt and a refund notice, each by
 * text and by email as the customer allows each channel (`Texts.notify`: `smsNotifications`, `emailNotifications`).
 *
 * Each is an effect of the very write that records its fact, run after that write commits (db/effects.ts), so it
 * goes exactly once: the booking's transaction (a repeat of its Idempotency-Key writes nothing), the payment's
 * (a webhook event is applied once, by its ledger item), the refund's (recorded once per amount given back, however
 * many times the provider reports it). Nothing here ever fails the write it follows.
 */
import type { Effect } from "../db/effects";
import type { OrderItem } from "../orders/view";
import { env } from "../../../../infra/env";
import { bookAgainPath } from "../shared/book-again";
import { formatTime, localOf } from "../shared/calendar";
import { holdEndsAt } from "../shared/unpaid-hold";
import type { RefundToTell } from "./message-params";

export type { RefundToTell };

const to = (order: OrderItem) => ({ userId: order.userId, orderId: order.id });

/**
 * The texts' code (templates, consent, the provider, email) and what the messages say of the order (its bill:
 * ./message-params.ts) load when a message goes, after the write commits: off the cold start of the routes that
 * book, take a payment or refund (npm run bench:lambda).
 */
const texts = async () => (await import("../texts")).Texts;
const params = () => import("./message-params");

/** The confirmation of a booking. Run once the booking is written. */
export function bookingConfirmation(order: OrderItem): Effect {
  return {
    name: `confirm order ${order.id} booking`,
    run: async () => {
      const { confirmationParams, shopWords } = await params();
      return (await texts()).notify("bookingConfirmation", { ...confirmationParams(order), ...(await shopWords(order)) }, to(order));
    },
  };
}

/**
 * The receipt of a payment: the payment and how it was paid, the bill and its balance, the pickup day, and a
 * counter sale's receipt link (`receiptUrl`, receipts/) when it has one. `paid` is the order as the payment wrote it.
 */
export function paymentReceipt(paid: OrderItem): Effect {
  return { name: `text order ${paid.id} receipt`, run: async () => (await texts()).notify("receipt", (await params()).receiptParams(paid), to(paid)) };
}

/** The notice of a refund (by card, or at the counter): `order` is the order as the refund left it. */
export function refundNotice(order: OrderItem, refund: number | RefundToTell): Effect {
  const amountCents = typeof refund === "number" ? refund : refund.amountCents;
  return {
    name: `tell order ${order.id} refund of ${amountCents}`,
    run: async () => (await texts()).notify("refundNotice", (await params()).refundParams(order, refund), to(order)),
  };
}

/**
 * The notice that an unpaid booking was released at the end of its hold (orders/expire.ts), with the link that books
 * its paddle and services again. An effect of the cancel's own write, which is conditioned on the order being as read:
 * a second run of the expiry, or a payment landing first, writes nothing and so sends nothing.
 */
export function holdReleasedNotice(order: OrderItem): Effect {
  const site = process.env[env.siteUrl]?.replace(/\/+$/, "");
  return {
    name: `tell order ${order.id} it was released`,
    run: async () =>
      (await texts()).notify(
        "holdReleased",
        {
          order,
          deadline: formatTime(localOf(holdEndsAt(order.createdAt)).time),
          bookAgainUrl: site ? `${site}${bookAgainPath(order.id)}` : undefined,
        },
        to(order),
      ),
  };
}

/**
 * The notice of an edit of the order's lines (orders/edit-lines.ts): what changed ("added Lead Tape, removed Edge
 * Guard") and the new bill with what is left to pay. `edited` is the order as the edit wrote it; run once it commits.
 */
export function linesChangedNotice(edited: OrderItem, changes: string): Effect {
  return {
    name: `tell order ${edited.id} its lines changed`,
    run: async () => {
      const { linesChangedParams, shopWords } = await params();
      return (await texts()).notify("orderLinesChanged", { ...linesChangedParams(edited, changes), ...(await shopWords(edited)) }, to(edited));
    },
  };
}
