import { shownBrand } from "@regrip/core/shared/paddles";
import { formatDate, todayOf } from "@regrip/core/shared/calendar";
import { COUNTER_LABEL } from "@regrip/core/shared/location-names";
import { shopLocation } from "@regrip/core/shared/locations";
import type { OrderView } from "@regrip/core/shared/orders";

const thisYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
const otherYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * An order's date as the tables show it, short so the columns fit a 1280 px screen beside the navigation:
 * "Nov 23, 3:03 PM" this year, "Nov 23, 2025" before (the whole time is in `orderDateTitle`).
 */
export function orderDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (date.getFullYear() === now.getFullYear() ? thisYear : otherYear).format(date);
}

const fullFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
export function orderDateTitle(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : fullFormat.format(date);
}

export function orderCustomer(order: OrderView): string {
  const name = [order.user.firstName, order.user.lastName].filter(Boolean).join(" ").trim();
  return name || order.user.email || order.user.phone || "—";
}

export function orderPaddle(order: OrderView): string {
  const { nickname, brand, model } = order.paddle;
  const make = [shownBrand(brand), model].filter(Boolean).join(" ");
  if (nickname && make) return `${nickname} (${make})`;
  return nickname || make || "—";
}

/** The core service first, then add-ons, each once with its quantity when more than one. */
export function orderService(order: OrderView): string {
  if (order.lineItems.length === 0) return "—";
  return order.lineItems.map((item) => (item.quantity > 1 ? `${item.name} ×${item.quantity}` : item.name)).join(", ");
}

/** The bag's code, else the order's bag number as written. */
export function orderBag(order: OrderView): string {
  return order.bag?.code3 ?? order.bagNumber ?? "—";
}

/**
 * Where the order is (the queue's and admin orders' Location): the partner club for a club day ("Pickleball
 * Club, on-site"), the drop-off shop and the club for a delivery run ("Regrip Littleton → Pickleball Club"), the
 * counter for a counter sale, else the drop-off shop.
 */
export function orderLocation(order: OrderView): string {
  const shop = shopLocation(order.dropoffLocation)?.label ?? (order.dropoffLocation && order.dropoffLocation !== "ONSITE" ? order.dropoffLocation : null);
  if (order.partner && order.isOnsite) return `${order.partner.name}, on-site`;
  if (order.partner) return shop ? `${shop} → ${order.partner.name}` : order.partner.name;
  if (order.dropoffLocation === "COUNTER") return COUNTER_LABEL;
  if (order.isOnsite || order.dropoffLocation === "ONSITE") return "On-site";
  return shop ?? "—";
}

/** The promised pickup day in words ("Pickup Monday, November 30"), or "No pickup day" for an order without one. */
export function orderPickupDay(order: { pickupDate?: string | null }, now = new Date()): string {
  return order.pickupDate ? `Pickup ${formatDate(order.pickupDate, Number(todayOf(now).slice(0, 4)))}` : "No pickup day";
}

const shortDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** The pickup day short, for a phone's narrow first column: "Wed, Dec 2"; "—" without one. */
export function orderPickupShort(order: OrderView): string {
  return order.pickupDate ? shortDay.format(new Date(`${order.pickupDate}T12:00:00Z`)) : "—";
}
