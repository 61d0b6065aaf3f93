import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api";


/** An order as the API answers it (docs/api.md): the server's own view type. */
export type { LineItemView as OrderLineItem, OrderView as Order } from "@regrip/core/shared/orders";
import type { LineItemView as OrderLineItem, OrderView as Order } from "@regrip/core/shared/orders";
import { orderReference } from "@regrip/core/shared/orders";
// Book again's path and parameter, through this module that the order pages and the booking page already share:
// a module of its own would be one more file name in every page's first load (scripts/lib/bundle-budget.ts).
export { BOOK_AGAIN_PARAM, bookAgainPath } from "@regrip/core/shared/book-again";
import { DEFAULT_DROPOFF_LOCATION, SHOP_LOCATIONS, type BookableLocation } from "@regrip/core/shared/locations";
import { COUNTER_LABEL } from "@regrip/core/shared/location-names";

export const ordersQueryKey = ["/api/orders"] as const;
export const orderQueryKey = (id: string) => ["/api/orders", id] as const;

/** Every page of GET /api/orders, following `cursor` until it is null. */
async function fetchAllOrders(): Promise<Order[]> {
  const orders: Order[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : "?limit=100";
    const page: { orders: Order[]; cursor: string | null } = await apiJson("GET", `/api/orders${query}`);
    orders.push(...page.orders);
    cursor = page.cursor;
  } while (cursor);
  return orders;
}

export function useOrders() {
  // Read again each time a page with the list opens: staff move orders, and the webhook marks them paid.
  return useQuery({ queryKey: ordersQueryKey, queryFn: fetchAllOrders, refetchOnMount: "always" });
}

/** How often the order page asks again while a payment is being confirmed (the webhook may land after the redirect). */
const paymentPollMs = 1000;

/** One order; with `pollWhileUnpaid`, asked again every second while it is unpaid (just back from paying). */
export function useOrder(id: string | undefined, { pollWhileUnpaid = false }: { pollWhileUnpaid?: boolean } = {}) {
  return useQuery({
    queryKey: orderQueryKey(id ?? ""),
    queryFn: () => apiJson<Order>("GET", `/api/orders/${encodeURIComponent(id ?? "")}`),
    enabled: !!id,
    refetchOnMount: "always",
    refetchInterval: (query) => (pollWhileUnpaid && query.state.data?.paymentStatus === "unpaid" ? paymentPollMs : false),
  });
}

/** The two bookable drop-off locations, each with the shop's name (shared/locations.ts). */
const dropoffLocations: readonly { value: BookableLocation; label: string }[] = SHOP_LOCATIONS;

export type { BookableLocation };
export const defaultDropoffLocation: BookableLocation = DEFAULT_DROPOFF_LOCATION;

/** Where an order was dropped off, in words: the club of a club day, the shop, or the counter (a counter sale). */
export function orderPlaceLabel(order: Pick<Order, "dropoffLocation" | "partner">): string {
  if (order.dropoffLocation === "ONSITE" && order.partner) return `On-site at ${order.partner.name}`;
  return locationLabel(order.dropoffLocation);
}

/** A stored location in words (shared/location-names.ts): a shop's name, a club day, or a counter sale's counter. */
export function locationLabel(location: string | null | undefined): string {
  if (!location) return "—";
  if (location === "ONSITE") return "On-site gripping";
  if (location === "COUNTER") return COUNTER_LABEL;
  return dropoffLocations.find((l) => l.value === location)?.label ?? location;
}

/** Line total of one item, in cents. */
export function lineTotal(item: OrderLineItem): number {
  return item.price * item.quantity;
}

/** The order's number, "R-1042" (the shared rule; the id's end for an order made before numbers). */
export const orderNumber = orderReference;

export const paymentStatusLabel: Record<string, string> = { unpaid: "Unpaid", paid: "Paid", refunded: "Refunded", comp: "Complimentary" };

/** POST /api/orders/{id}/tip: the checkout of a tip of `amountCents` on the caller's own Ready or Picked Up order. */
export function startTip(orderId: string, amountCents: number): Promise<{ url: string }> {
  return apiJson("POST", `/api/orders/${encodeURIComponent(orderId)}/tip`, { amountCents });
}

/** POST /api/orders/{id}/checkout: where to pay; with `tipCents`, a pickup's tip paid with the balance in one payment. */
export function startCheckout(orderId: string, tipCents?: number): Promise<{ url: string }> {
  return apiJson("POST", `/api/orders/${encodeURIComponent(orderId)}/checkout`, tipCents === undefined ? undefined : { tipCents });
}

/**
 * Bag hand-over: the orders booked with "I don't have a bag yet" on this browser: the shop hands their bag over at drop-off, and
 * the order page says so (after the payment's return too). Kept under 'bagHandover', the last few only.
 */
const bagHandoverKey = "bagHandover";
const KEPT = 20;

type Store = Pick<Storage, "getItem" | "setItem">;

function read(store: Store): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(bagHandoverKey) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function markBagHandover(store: Store, orderId: string): void {
  try {
    store.setItem(bagHandoverKey, JSON.stringify([...read(store).filter((id) => id !== orderId), orderId].slice(-KEPT)));
  } catch {
    // Storage full or refused: the order page then just shows the bag's number.
  }
}

export function isBagHandover(store: Store, orderId: string): boolean {
  return read(store).includes(orderId);
}
