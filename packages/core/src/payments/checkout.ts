/**
 * POST /api/orders/{id}/checkout: a hosted checkout for what the order
 * owes. The amount is the order's stored total, computed at booking from the
 * catalogue; nothing the client sends reaches the session.
 */
import * as z from "zod/mini";
import type { UserActor } from "../actor";
import { fn } from "../actor/fn";
import { conflict, unavailable } from "../errors";
import { find } from "../orders/owned";
import { Id } from "../shared/ids";
import type { OrderItem } from "../orders/view";
import { db } from "../db";
import { isConditionFailed } from "../db/conditions";
import { receiptUrl } from "../shared/receipts";
import { checkoutExpiresAt, isHoldExpired, UNPAID_HOLD_MINUTES } from "../shared/unpaid-hold";
import { checkTippable, pendingTip, tipSession, TipAmount } from "../tips/pending";
import { paymentProvider, type CheckoutUrls } from "./provider";

export const HOLD_ENDED = `This order was not paid within ${UNPAID_HOLD_MINUTES} minutes of booking and is being canceled. Please book again.`;

export interface CheckoutAnswer {
  url: string;
}


/** The query the order page reads on the way back from a checkout: `paid=1`, or `payment=canceled`. */
const PAYMENT_RETURN = { paid: "paid", payment: "payment", canceled: "canceled" } as const;

/**
 * Where a payer comes back to: the order's own page, which tells what happened. After paying (`?paid=1`) it
 * says the order is paid, once the webhook has landed; from Stripe's back link or the local page's Decline
 * (`?payment=canceled`) it says why the payment did not go through (the decline the webhook stored in
 * paymentFailureReason) or that it was not completed, beside Pay Now. An order made at the counter (it has a
 * receipt token) comes back to its receipt instead, which needs no sign-in: the walk-in who paid by the texted
 * link has no account (receipts/).
 */
export function checkoutUrls(siteUrl: string, order: Pick<OrderItem, "id" | "receiptToken">): CheckoutUrls {
  const page = order.receiptToken
    ? `${receiptUrl(siteUrl, order.id, order.receiptToken)}&`
    : `${siteUrl.replace(/\/+$/, "")}/orders/${encodeURIComponent(order.id)}?`;
  return { successUrl: `${page}${PAYMENT_RETURN.paid}=1`, cancelUrl: `${page}${PAYMENT_RETURN.payment}=${PAYMENT_RETURN.canceled}` };
}

/** Why an order cannot be paid by card now, or null when it can. */
export function checkoutRefusal(order: Pick<OrderItem, "status" | "paymentStatus" | "totalCents">): string | null {
  if (order.paymentStatus === "paid") return "This order is already paid";
  if (order.paymentStatus === "refunded") return "This order was refunded";
  if (order.status === "CANCELED") return "This order was canceled";
  if (order.paymentStatus === "comp" || order.totalCents <= 0) return "This order has nothing to pay";
  return null;
}

/** The body of POST /api/orders/{id}/checkout, all optional: a tip to pay with the balance (a pickup's). */
export const CheckoutBody = z.object({ tipCents: z.optional(TipAmount) });

/** What `startCheckout` takes: the order's id, the body, and the site's origin for the return links (set by the handler). */
const StartCheckout = z.object({ id: Id, body: z.optional(CheckoutBody), siteUrl: z.string() });

/**
 * POST /api/orders/{id}/checkout: a checkout for order `id`, when `actor` owns it or is staff (anyone else gets
 * 404 as for a missing order). With `tipCents`, a pickup with a balance pays its tip in the same payment: only the
 * order's own customer, once it is Ready or Picked Up and has no tip paid (tips/pending.ts, as POST .../tip).
 */
export const startCheckout = /* @__PURE__ */ fn({ role: "customer", input: StartCheckout }, async (actor, { id, body, siteUrl }): Promise<CheckoutAnswer> => {
  const order = await find(actor, id);
  if (body?.tipCents === undefined) return openCheckout(order, { siteUrl });
  // Nothing owed says so first (409 "This order is already paid"), before anything about the tip; openCheckout asks
  // again, as for every checkout.
  const refusal = checkoutRefusal(order);
  if (refusal) throw conflict(refusal);
  await checkTippable(actor, order);
  return openCheckout(order, { siteUrl, tip: { actor, amountCents: body.tipCents } });
});

/**
 * Opens a checkout for `order` (already checked: the caller owns it or is
 * staff) and remembers the session on the order, so its expiry can be told
 * from an older session's. `siteUrl` is the site's origin for the return links.
 * The session closes by the end of the order's unpaid hold. With `tip` (checked by the caller), a pending tip
 * item is written and its amount rides with the balance.
 */
export async function openCheckout(
  order: OrderItem,
  options: { siteUrl: string; now?: Date; tip?: { actor: UserActor; amountCents: number } },
): Promise<CheckoutAnswer> {
  const refusal = checkoutRefusal(order);
  if (refusal) throw conflict(refusal);
  const now = options.now ?? new Date();
  // Past its hold the order is about to be canceled (orders/expire.ts): no new payment for it.
  if (isHoldExpired(order, now)) throw conflict(HOLD_ENDED);
  const provider = await paymentProvider();
  // After the provider: a stage without card payments refuses with nothing written.
  const tip = options.tip ? await pendingTip(options.tip.actor, order, options.tip.amountCents) : undefined;
  let session;
  try {
    session = await provider.createCheckoutSession(order, {
      ...checkoutUrls(options.siteUrl, order),
      siteUrl: options.siteUrl,
      expiresAt: checkoutExpiresAt(order, now),
      ...(tip ? { tip: { tipId: tip.id, amountCents: tip.amountCents } } : {}),
    });
  } catch (error) {
    console.error(`Checkout for order ${order.id} failed`, error);
    throw unavailable("Card payments are not available right now. Please try again in a few minutes.");
  }
  if (tip) await tipSession(order.id, tip.id, session.id);
  // Still unpaid: a payment that landed meanwhile keeps its own session id.
  await db()
    .entities.serviceOrder.patch({ id: order.id })
    .set({ stripeCheckoutSessionId: session.id })
    .where((a, { eq }) => eq(a.paymentStatus, "unpaid"))
    .go()
    .catch((error: unknown) => {
      if (isConditionFailed(error)) throw conflict("This order is already paid");
      throw error;
    });
  return { url: session.url };
}
