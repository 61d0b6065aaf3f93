/**
 * POST /api/orders/{id}/payments: money taken at the counter (staff), beside the card payments the webhook records.
 *
 * - `POS_CASH`, `POS_CARD`: cash, or a card on the counter's own terminal, for the balance (`amountCents` must be
 *   the order's total: a stale screen cannot record another figure). The order becomes paid by that method, with
 *   who took it and when; counted in the day's revenue like a card payment (stats/daily.ts, in the same
 *   transaction); audited `order.paid_at_counter`.
 *   Cash lands in the open drawer of the counter's shop in the same transaction (drawers/cash.ts): with none open,
 *   409 `{code: "DRAWER_CLOSED"}` and nothing is written.
 * - `COMP` (admin only, with a reason): nothing to pay; audited `order.comped` with the balance waived.
 *
 * An order still awaiting payment moves out of it as a card payment moves it (shared/moves.ts `paidStage`: a counter
 * order into the service queue, a booking to Scheduled). Written through the one move writer, conditioned on the
 * payment as read: of two clicks exactly one records the money, the other hears "already paid". Cash or card is
 * followed by the receipt (notifications/confirmations.ts), after the commit; a comp by none. A counter payment
 * is given back by Cancel Order with its refund (payments/refunds.ts records it as money handed back).
 */
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { isAdmin, personOf, type UserActor } from "../actor";
import { fn } from "../actor/fn";
import { db } from "../db";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { applyToOrder, type OrderChange } from "../payments/order-writes";
import { Id } from "../shared/ids";
import { stageOfStatus } from "../shared/lifecycle";
import { ORDER_NOT_FOUND } from "../shared/orders";
import { findMove, paidStage } from "../shared/moves";
import { balanceCents, COMP_NEEDS_REASON, CounterPayment, dollars, PAYMENT_METHOD_LABELS, type CounterPaymentInput } from "../shared/payment";
import { paymentReceipt } from "../notifications/confirmations";
import { view, type OrderItem, type OrderView } from "./view";
import * as OrderNumbers from "./numbers";

const TakePaymentInput = z.object({ id: Id, payment: CounterPayment });

/** The decision for `payment` on `order` as read by `staff` (pure: it may be made again on a fresh read). */
function decide(order: OrderItem, payment: CounterPaymentInput, actor: UserActor, staff: { userId: string; name: string }, at: string): OrderChange {
  const stage = stageOfStatus[order.status];
  if (stage === "canceled") throw conflict("This order is canceled: there is nothing to collect.");
  const due = balanceCents(order);
  if (due === 0) {
    const how = order.paymentStatus === "paid" ? ` (${PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod})` : "";
    throw conflict(order.paymentStatus === "unpaid" ? "This order has nothing to pay." : `This order is already ${order.paymentStatus}${how}.`);
  }
  const to = stage === "awaiting_payment" ? paidStage(order) : undefined;
  const move = to ? findMove(stage, to, "system") : undefined;
  const moveOut = move ? { move: { move, actor, actorName: staff.name, at } } : {};
  if (payment.method === "COMP") {
    return {
      set: { paymentStatus: "comp", paymentMethod: "COMP" },
      remove: ["paymentFailureReason"],
      audits: [
        {
          actor,
          actorName: staff.name,
          action: "order.comped",
          targetType: "order",
          targetId: order.id,
          diff: { ...OrderNumbers.audited(order), paymentStatus: { from: "unpaid", to: "comp" }, waivedCents: due, reason: payment.reason },
        },
      ],
      ...moveOut,
    };
  }
  if (payment.amountCents !== due) throw invalid(`The amount must be the balance due: ${dollars(due)}.`);
  const posTransactionId = `counter-${randomUUID()}`;
  return {
    set: {
      paymentStatus: "paid",
      paymentMethod: payment.method,
      paidAt: at,
      posTransactionId,
      posPaymentDetails: { method: payment.method, amountCents: due, staffId: staff.userId, staffName: staff.name, at },
    },
    remove: ["paymentFailureReason"],
    audits: [
      {
        actor,
        actorName: staff.name,
        action: "order.paid_at_counter",
        targetType: "order",
        targetId: order.id,
        diff: { ...OrderNumbers.audited(order), paymentStatus: { from: "unpaid", to: "paid" }, method: payment.method, amountCents: due, posTransactionId },
      },
    ],
    ...moveOut,
    ...(payment.method === "POS_CASH" ? { also: async (read: OrderItem) => (await import("../drawers/cash")).cashIntoDrawer({ kind: "sale", amountCents: due, shop: payment.shop, actor, byName: staff.name, at })(read) } : {}),
    // The receipt (text and email, as the customer allows), once: the second click commits nothing.
    effects: [paymentReceipt({ ...order, paymentStatus: "paid", paymentMethod: payment.method, paidAt: at, posTransactionId })],
  };
}

/** Records money taken at the counter (or an admin's comp) for order `id`; answers the order as staff see it. */
export const takePayment = /* @__PURE__ */ fn({ role: "staff", input: TakePaymentInput }, async (staffActor, { id, payment }): Promise<OrderView> => {
  const actor = personOf(staffActor);
  if (payment.method === "COMP") {
    if (!isAdmin(actor)) throw forbidden("Only an admin can comp an order.");
    if (!payment.reason) throw invalid(COMP_NEEDS_REASON);
  } else if (payment.amountCents === undefined) {
    throw invalid("Please give the amount taken");
  }
  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  const staff = { userId: actor.userId, name: user?.firstName || actor.givenName || actor.username };
  const at = new Date().toISOString();
  const applied = await applyToOrder(id, (order) => decide(order, payment, actor, staff, at));
  if (applied.outcome === "missing") throw notFound(ORDER_NOT_FOUND);
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  if (!data) throw notFound(ORDER_NOT_FOUND);
  return view(data, { staff: true });
});
