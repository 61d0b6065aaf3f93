import type { OrderView } from "@regrip/core/shared/orders";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });

export function orderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
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
