/**
 * The hook of the counter's cash into its drawer: a cash payment (orders/counter-payment.ts) or a cash refund
 * (payments/refunds.ts `giveBack`) lands in the open session of its counter's shop in the SAME transaction that
 * records it (the move writer's `also`, orders/move-writer.ts): an ADD to the session's cash figures conditioned on
 * the session being open, and the line of the session's cash. With no open session, or one closed between the read
 * and the write, the payment or refund is refused with 409 `{message, code: "DRAWER_CLOSED", location}` and nothing
 * is written: cash never lands in a closed session.
 *
 * The counter is the shop the request names (the console's `useCounterShop`), else the order's own shop: a counter
 * sale's shop, the pickup shop, the drop-off shop, else the default shop.
 */
import { randomUUID } from "node:crypto";
import type { Actor } from "../actor";
import { db } from "../db";
import { uniqueKey } from "../entities";
import { conflict } from "../errors";
import type { AlsoWrites } from "../orders/move-writer";
import type { OrderItem } from "../orders/view";
import { DRAWER_CLOSED, drawerClosedMessage } from "../shared/drawer";
import { DEFAULT_DROPOFF_LOCATION, isBookableLocation, type BookableLocation } from "../shared/location-names";
import { orderReference } from "../shared/orders";

/** The refusal of cash at `location` while its drawer is not open. */
export const drawerClosed = (location: BookableLocation) => conflict(drawerClosedMessage(location), { code: DRAWER_CLOSED, location });

/** The shop whose counter took (or gives back) the order's cash when the request names none. */
export function drawerLocationOf(order: Pick<OrderItem, "dropoffLocation" | "pickupLocation" | "counterShop">): BookableLocation {
  if (order.dropoffLocation === "COUNTER" && isBookableLocation(order.counterShop)) return order.counterShop;
  if (isBookableLocation(order.pickupLocation)) return order.pickupLocation;
  if (isBookableLocation(order.dropoffLocation)) return order.dropoffLocation;
  return DEFAULT_DROPOFF_LOCATION;
}

/** The id of the open session of `location`'s drawer, or null (strongly consistent: a payment is decided from it). */
export async function openSessionId(location: BookableLocation): Promise<string | null> {
  const { data } = await db()
    .entities.uniqueValue.get(uniqueKey("drawerOpen", location) as { kind: "drawerOpen"; value: string })
    .go({ consistent: true });
  return data?.ownerId ?? null;
}

/** Refuses (409 DRAWER_CLOSED) when the drawer that would give back the order's cash is not open: before a cancel's cash refund. */
export async function assertDrawerOpen(order: OrderItem, shop?: BookableLocation): Promise<void> {
  const location = shop ?? drawerLocationOf(order);
  if (!(await openSessionId(location))) throw drawerClosed(location);
}

export interface CashLine {
  kind: "sale" | "refund";
  amountCents: number;
  /** The counter's shop the request names; else the order's. */
  shop?: BookableLocation;
  actor: Actor;
  byName?: string;
  at: string;
}

/**
 * The move writer's `also` for cash taken or given back on an order: the open session's ADD (`drawer`) and its line
 * (`drawer-line`), or the 409 when no session is open.
 */
export function cashIntoDrawer(line: CashLine): (order: OrderItem) => Promise<AlsoWrites> {
  return async (order) => {
    const location = line.shop ?? drawerLocationOf(order);
    const sessionId = await openSessionId(location);
    if (!sessionId) throw drawerClosed(location);
    const figure = line.kind === "sale" ? "cashSalesCents" : "cashRefundsCents";
    const lineId = randomUUID();
    return {
      writes: (entities) => [
        {
          label: "drawer",
          write: entities.drawerSession
            .update({ id: sessionId })
            .add({ [figure]: line.amountCents, movementCount: 1 })
            .where((a, { eq }) => eq(a.status, "open"))
            .commit(),
        },
        {
          label: "drawer-line",
          write: entities.drawerMovement
            .create({
              sessionId,
              id: lineId,
              kind: line.kind,
              amountCents: line.amountCents,
              orderId: order.id,
              orderNumber: orderReference(order),
              ...(line.byName ? { byName: line.byName } : {}),
              at: line.at,
            })
            .commit(),
        },
      ],
      refusal: (failed) => (failed.includes("drawer") ? drawerClosed(location) : null),
    };
  };
}
