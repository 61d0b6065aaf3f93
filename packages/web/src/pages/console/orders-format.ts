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
  const make = [brand, model].filter(Boolean).join(" ");
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
