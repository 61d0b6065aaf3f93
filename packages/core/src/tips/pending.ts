/**
 * A tip's checkout opened: the checks and the pending tip item, shared by a tip's own checkout (tips/index.ts
 * `start`) and a pickup's payment that carries a tip with the balance (payments/checkout.ts). Its own module so the
 * checkout's Lambda does not load the tip's webhook side (record.ts).
 */
import * as z from "zod/mini";
import type { UserActor } from "../actor";
import { db } from "../db";
import { uniqueKey } from "../entities";
import { conflict, notFound } from "../errors";
import type { OrderItem } from "../orders/view";
import { ORDER_NOT_FOUND } from "../shared/orders";
import { isTippable, TIP_ALREADY_PAID, TIP_ON_ADDED_ORDER, TIP_AMOUNT_MESSAGE, TIP_NOT_YET, tipAmountRefusal } from "../shared/tips";

/** A tip's amount in cents, 1 to 10000 (shared/tips.ts), with the shared rule's words for anything else. */
export const TipAmount = z.number({ error: TIP_AMOUNT_MESSAGE }).check(z.refine((cents: number) => tipAmountRefusal(cents) === null, TIP_AMOUNT_MESSAGE));

/** Whether order `orderId` has its one paid tip: one GetItem of the claim record.ts writes with it. */
async function hasPaidTip(orderId: string): Promise<boolean> {
  const { data } = await db().entities.uniqueValue.get(uniqueKey("orderTip", orderId)).go({ consistent: true });
  return !!data;
}

/**
 * Why `actor` may not tip `order` now, thrown: anyone but its customer (staff included) gets 404 as for a missing
 * order (a tip is the customer's own); 409 TIP_NOT_YET before Ready, 409 TIP_ALREADY_PAID once it has its tip.
 */
export async function checkTippable(actor: UserActor, order: Pick<OrderItem, "id" | "userId" | "status" | "addedToOrderId">): Promise<void> {
  if (order.userId !== actor.userId) throw notFound(ORDER_NOT_FOUND);
  if (order.addedToOrderId) throw conflict(TIP_ON_ADDED_ORDER);
  if (!isTippable(order.status)) throw conflict(TIP_NOT_YET);
  if (await hasPaidTip(order.id)) throw conflict(TIP_ALREADY_PAID);
}

/** The pending tip item of `amountCents` on `order`, the amount its checkout shows and the webhook checks. */
export async function pendingTip(actor: UserActor, order: Pick<OrderItem, "id" | "currency">, amountCents: number) {
  const { data } = await db().entities.tip.create({ orderId: order.id, userId: actor.userId, amountCents, currency: order.currency, status: "pending" }).go();
  return data;
}

/** Remembers the checkout session a pending tip is paid through: the payment page and the webhook match it by it. */
export async function tipSession(orderId: string, tipId: string, sessionId: string): Promise<void> {
  await db().entities.tip.patch({ orderId, id: tipId }).set({ stripeCheckoutSessionId: sessionId }).go();
}
