import { shownBrand } from "@regrip/core/shared/paddles";
import { isActiveStage, stageOf, stageLabelOf } from "@regrip/core/shared/lifecycle";
import { orderPlaceLabel, type Order } from "../../data/orders";

const ordersPageSize = 5;

export const sortColumns = [
  { key: "status", label: "Status" },
  { key: "date", label: "Date" },
  { key: "paddle", label: "Paddle" },
  { key: "services", label: "Services" },
  { key: "total", label: "Total" },
  { key: "location", label: "Location" },
  { key: "notes", label: "Notes" },
] as const;
export type SortKey = (typeof sortColumns)[number]["key"];
type SortDirection = "asc" | "desc";
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

export const defaultSort: Sort = { key: "date", direction: "desc" };

export function orderPaddle(order: Order): string {
  const paddle = order.paddle;
  if (!paddle) return "";
  const make = [shownBrand(paddle.brand), paddle.model].filter(Boolean).join(" ");
  return paddle.nickname || make;
}

export function orderServices(order: Order): string {
  return order.lineItems.map((item) => item.name).join(", ");
}

/** The total the server charged: the order's bill's (shared/bill.ts), never added up here. */
export function orderTotal(order: Order): number {
  return order.bill.totalCents;
}

/** Rows SCHEDULED through READY are highlighted. */
/** Robust to a status this page does not know yet (a newer server): not active. */
export function isActiveOrder(order: { status: string }): boolean {
  const stage = stageOf(order.status);
  return !!stage && isActiveStage(stage);
}

function sortValue(order: Order, key: SortKey): string | number {
  switch (key) {
    case "status":
      return stageLabelOf(order.status);
    case "date":
      return Date.parse(order.createdAt) || 0;
    case "paddle":
      return orderPaddle(order).toLowerCase();
    case "services":
      return orderServices(order).toLowerCase();
    case "total":
      return orderTotal(order);
    case "location":
      return orderPlaceLabel(order);
    case "notes":
      return (order.customerNotes ?? "").toLowerCase();
  }
}

export function sortOrders(orders: Order[], { key, direction }: Sort): Order[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...orders].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    const compared = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    // Ties keep the newest first.
    return compared * sign || (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0);
  });
}

/** Clicking the sorted column turns its direction; another column starts descending for dates and totals, else ascending. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: key === "date" || key === "total" ? "desc" : "asc" };
}

export interface PageSlice<T> {
  rows: T[];
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
}

export function paginate<T>(rows: T[], page: number, size = ordersPageSize): PageSlice<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * size;
  const slice = rows.slice(start, start + size);
  return { rows: slice, page: current, pageCount, from: rows.length ? start + 1 : 0, to: start + slice.length, total: rows.length };
}

/** 'Showing X to Y of Z orders', only when there is more than one page. */
export function showingText(slice: PageSlice<unknown>): string | undefined {
  return slice.pageCount > 1 ? `Showing ${slice.from} to ${slice.to} of ${slice.total} orders` : undefined;
}
