/**
 * Tips: once an order is Ready or Picked Up its owner may leave a tip, paid by card through a hosted
 * checkout in payment mode. `start` (POST /api/orders/{id}/tip) writes a pending tip item with the amount asked
 * (the one the payment page shows and the webhook checks: never the browser's) and opens its checkout;
 * `recordTip` (record.ts, from the webhook) makes it paid exactly once, and an order takes one paid tip: once it
 * has one, `start` answers 409 and a payment of another tip of the order is not recorded (record.ts). A tip never
 * touches the order: its total, payment status and points stay as they are. The limits and words are shared/tips.ts.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { db } from "../db";
import { notFound, unavailable } from "../errors";
import { paymentProvider } from "../payments/provider";
import { Id } from "../shared/ids";
import { ORDER_NOT_FOUND, orderReference } from "../shared/orders";
import { tipReturnUrls } from "../shared/tips";
import { checkTippable, pendingTip, tipSession, TipAmount } from "./pending";

export * as Tips from "./index";
export { recordTip } from "./record";
export { paidTipOf } from "./view";

/** The body of POST /api/orders/{id}/tip. */
export const TipBody = z.object({ amountCents: TipAmount });

/** What `start` takes: the order's id, the body, and the site's origin for the return links (set by the handler). */
const StartTip = z.object({ id: Id, tip: TipBody, siteUrl: z.string() });

/**
 * POST /api/orders/{id}/tip: a checkout for a tip on the caller's own order. A tip is the customer's own, so
 * anyone else, staff included, gets 404 as for a missing order; 409 TIP_NOT_YET before Ready.
 */
export const start = /* @__PURE__ */ fn({ role: "customer", input: StartTip }, async (actor, { id, tip, siteUrl }): Promise<{ url: string }> => {
  const { data: order } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  await checkTippable(actor, order);
  // Before the pending tip is written: a stage without card payments refuses with nothing written (payments/provider.ts).
  const provider = await paymentProvider();
  const pending = await pendingTip(actor, order, tip.amountCents);
  let session;
  try {
    session = await provider.createTipCheckout(
      {
        tipId: pending.id,
        orderId: order.id,
        userId: actor.userId,
        amountCents: pending.amountCents,
        currency: pending.currency,
        reference: orderReference(order),
        email: order.customer?.email ?? actor.email,
      },
      { ...tipReturnUrls(siteUrl, order.id), siteUrl },
    );
  } catch (error) {
    console.error(`Tip checkout for order ${order.id} failed`, error);
    throw unavailable("Card payments are not available right now. Please try again in a few minutes.");
  }
  // The session the payment page and the webhook match the pending tip with.
  await tipSession(order.id, pending.id, session.id);
  return { url: session.url };
});
