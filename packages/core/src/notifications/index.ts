/**
 * Texts to the customer as their order moves (DESIGN §5): checked in, ready,
 * picked up. Sent after the move is written, only when the customer allows
 * order texts (`smsNotifications`) and has a phone; a number that replied
 * STOP gets nothing (Sms.send checks). Every text lands in the
 * communications log with its status. Nothing here ever fails the move.
 */
import type { CommunicationMessageType, Location } from "../entities";
import { db } from "../db";
import type { OrderItem } from "../orders/view";
import type { Stage } from "../shared/lifecycle";
import * as Sms from "../sms";
import type { TextResult } from "../sms";

export * as Notifications from "./index";

const locationName: Record<Location, string> = {
  LITTLETON: "Littleton",
  HIGHLANDS_RANCH: "Highlands Ranch",
  ONSITE: "the on-site booth",
};

type TextedStage = "checked_in" | "ready" | "picked_up";

export const messageTypeOf: Record<TextedStage, CommunicationMessageType> = {
  checked_in: "order_checked_in",
  ready: "order_ready",
  picked_up: "order_picked_up",
};

const isTexted = (stage: Stage): stage is TextedStage => stage in messageTypeOf;

/** The text for a move into `stage`, naming the paddle and the shop. */
export function orderText(order: Pick<OrderItem, "paddle" | "bagNumber" | "pickupLocation" | "dropoffLocation">, stage: TextedStage): string {
  const paddle = order.paddle?.nickname ? `"${order.paddle.nickname}"` : "your paddle";
  const where = order.pickupLocation ?? order.dropoffLocation;
  const shop = where ? `Regrip ${locationName[where]}` : "Regrip";
  const bag = order.bagNumber ? ` (bag ${order.bagNumber})` : "";
  switch (stage) {
    case "checked_in":
      return `Regrip: we've checked in ${paddle}${bag} at ${shop}. We'll text you when it's ready.`;
    case "ready":
      return `Regrip: ${paddle}${bag} is ready for pickup at ${shop}! Bring your grip home within 30 days.`;
    case "picked_up":
      return `Regrip: ${paddle} has been picked up from ${shop}. Enjoy the fresh grip, and thanks for playing with us!`;
  }
}

/**
 * Texts the customer about a move into `stage`, if that stage is texted and
 * they allow it. Answers what was sent (null when nothing was). Never throws.
 */
export async function orderMoved(order: OrderItem, stage: Stage): Promise<TextResult | null> {
  if (!isTexted(stage)) return null;
  try {
    const { data: user } = await db().entities.user.get({ userId: order.userId }).go();
    if (!user?.smsNotifications || !user.phone) return null;
    return await Sms.send({
      to: user.phone,
      body: orderText(order, stage),
      messageType: messageTypeOf[stage],
      userId: order.userId,
      orderId: order.id,
    });
  } catch (error) {
    console.error(`Could not text the customer of order ${order.id} about ${stage}`, error);
    return null;
  }
}
