/**
 * The confirmation of a drop-off the customer moved (orders/reschedule.ts, after its write commits): the new time
 * and place and the pickup day it promises, by text and email as the customer allows (`Texts.notify`). Loaded
 * only when a reschedule commits. Never throws: the move stands whatever the message does.
 */
import type { OrderItem } from "../orders/view";
import { formatDate } from "../shared/calendar";
import { dropoffPlace, dropoffWhen } from "../shared/order-calendar";
import { orderPageUrl } from "./index";

export async function dropoffMoved(order: OrderItem): Promise<void> {
  try {
    const place = dropoffPlace(order);
    const { Texts } = await import("../texts");
    await Texts.notify(
      "dropoffMoved",
      {
        order,
        when: dropoffWhen(order),
        place: place.name,
        address: place.address,
        pickupDay: order.pickupDate ? formatDate(order.pickupDate) : undefined,
        orderUrl: orderPageUrl(order),
      },
      { userId: order.userId, orderId: order.id },
    );
  } catch (error) {
    console.error(`Could not confirm the moved drop-off of order ${order.id}`, error);
  }
}
