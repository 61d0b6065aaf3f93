/**
 * Texts to the customer as their order moves: checked in, ready, picked up. Sent after the move is
 * written, through `Texts.send` (texts/), which holds their words and their rule: only when the customer allows
 * order texts (`smsNotifications`) and has a phone, never to a number that replied STOP, always logged. Nothing
 * here ever fails the move.
 */
import type { OrderItem } from "../orders/view";
import type { Stage } from "../shared/lifecycle";
import type { Texts, TextResult } from "../texts";
import { env } from "../../../../infra/env";
import { formatDate } from "../shared/calendar";

export * as Notifications from "./index";

/** The stages a move into texts the customer, and the template it sends (texts/templates.ts). */
export const ORDER_MOVE_TEXTS = {
  checked_in: "orderCheckedIn",
  ready: "orderReady",
  picked_up: "orderPickedUp",
} as const satisfies Partial<Record<Stage, Texts.TemplateName>>;

const isTexted = (stage: Stage): stage is keyof typeof ORDER_MOVE_TEXTS => stage in ORDER_MOVE_TEXTS;

/**
 * The order page the ready text links to, where a tip can be left (tips/): for an order its customer booked
 * online. A counter sale (it has a receipt) may be a walk-in's, who has no account to open it with.
 */
export function orderPageUrl(order: OrderItem): string | undefined {
  const site = process.env[env.siteUrl]?.replace(/\/+$/, "");
  return site && !order.receiptToken ? `${site}/orders/${encodeURIComponent(order.id)}` : undefined;
}

/**
 * What is left to pay at pickup (./due-at-pickup.ts, loaded with the ready text only), or 0 when it cannot be read:
 * the text goes without that line rather than not at all.
 */
async function dueOrNothing(order: OrderItem): Promise<number> {
  try {
    return await (await import("./due-at-pickup")).dueAtPickup(order);
  } catch (error) {
    console.error(`Could not read what order ${order.id} owes at pickup`, error);
    return 0;
  }
}

/**
 * Texts the customer about a move into `stage`, if that stage is texted and
 * they allow it. Answers what was sent (null when nothing was). Never throws.
 */
export async function orderMoved(order: OrderItem, stage: Stage): Promise<TextResult | null> {
  // An order added to a paid one has no stage of its own to tell (its receipt goes as any payment's).
  if (!isTexted(stage) || order.addedToOrderId) return null;
  try {
    const params =
      stage === "ready"
        ? { ...order, orderUrl: orderPageUrl(order), dueCents: await dueOrNothing(order), ...(await (await import("./shop-words")).shopWords(order)) }
        : stage === "checked_in" && order.pickupDate
          ? // The promised day in words (a static import: only formatDate is bundled, where a dynamic import kept the whole calendar).
            { ...order, pickupDay: formatDate(order.pickupDate) }
          : order;
    // The texts' code (templates, consent, the provider) loads with the first move that texts, off the cold start
    // of every route that moves an order (npm run bench:lambda).
    const { Texts } = await import("../texts");
    const outcome = await Texts.send(ORDER_MOVE_TEXTS[stage], params, { userId: order.userId, orderId: order.id });
    return outcome.status === "skipped" ? null : outcome;
  } catch (error) {
    console.error(`Could not text the customer of order ${order.id} about ${stage}`, error);
    return null;
  }
}
