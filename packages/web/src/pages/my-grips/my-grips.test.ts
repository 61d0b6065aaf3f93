import { describe, expect, it } from "vitest";
import type { Order } from "../../data/orders";
import { orderView } from "../../test/views";
import { isActiveOrder, nextSort, paginate, showingText, sortOrders } from "./orders-table";
import { dismissThankYou, isThankYouShown, markThankYou, thankYouKey, thankYouMs } from "./thank-you";

/** test/views' order (scheduled, unpaid, $55.00, 1 March 2025) as `id`. */
function order(id: string, partial: Partial<Order> = {}): Order {
  return orderView({ id, ...partial });
}

describe("sortOrders", () => {
  const a = order("a", { createdAt: "2025-03-01T10:00:00Z", totalCents: 6030, status: "READY", paddle: { nickname: "Zed", brand: null, model: null } });
  const b = order("b", { createdAt: "2025-03-03T10:00:00Z", totalCents: 1200, status: "INVOICED", paddle: { nickname: "Alpha", brand: null, model: null } });
  const c = order("c", { createdAt: "2025-03-02T10:00:00Z", totalCents: 4500, status: "CHECKED_IN", paddle: { nickname: "Mid", brand: null, model: null } });
  const ids = (orders: Order[]) => orders.map((o) => o.id);

  it("puts the newest first by default", () => expect(ids(sortOrders([a, b, c], { key: "date", direction: "desc" }))).toEqual(["b", "c", "a"]));
  it("turns the direction", () => expect(ids(sortOrders([a, b, c], { key: "date", direction: "asc" }))).toEqual(["a", "c", "b"]));
  it("sorts by total, paddle and the customer's status label", () => {
    expect(ids(sortOrders([a, b, c], { key: "total", direction: "desc" }))).toEqual(["a", "c", "b"]);
    expect(ids(sortOrders([a, b, c], { key: "paddle", direction: "asc" }))).toEqual(["b", "c", "a"]);
    // Awaiting Payment, Checked In, Ready!
    expect(ids(sortOrders([a, b, c], { key: "status", direction: "asc" }))).toEqual(["b", "c", "a"]);
  });
  it("toggles the sorted column and starts another one sensibly", () => {
    expect(nextSort({ key: "date", direction: "desc" }, "date")).toEqual({ key: "date", direction: "asc" });
    expect(nextSort({ key: "date", direction: "desc" }, "paddle")).toEqual({ key: "paddle", direction: "asc" });
    expect(nextSort({ key: "paddle", direction: "asc" }, "total")).toEqual({ key: "total", direction: "desc" });
  });
});

describe("paginate", () => {
  const rows = Array.from({ length: 12 }, (_, i) => i + 1);
  it("cuts pages of 5", () => {
    expect(paginate(rows, 1).rows).toEqual([1, 2, 3, 4, 5]);
    expect(paginate(rows, 3)).toMatchObject({ rows: [11, 12], page: 3, pageCount: 3, from: 11, to: 12, total: 12 });
  });
  it("keeps the page in range", () => expect(paginate(rows, 9).page).toBe(3));
  it("says 'Showing X to Y of Z orders' only with more than one page", () => {
    expect(showingText(paginate(rows, 2))).toBe("Showing 6 to 10 of 12 orders");
    expect(showingText(paginate([1, 2, 3], 1))).toBeUndefined();
    expect(showingText(paginate([], 1))).toBeUndefined();
  });
});

describe("isActiveOrder", () => {
  it("highlights SCHEDULED through READY", () => {
    for (const status of ["SCHEDULED", "CHECKED_IN", "IN_QUEUE", "SERVICE_QUEUE", "IN_SERVICE", "BEING_SERVICED", "READY", "COMPLETE"]) {
      expect(isActiveOrder({ status })).toBe(true);
    }
    for (const status of ["INVOICED", "WAITING_ON_PAYMENT", "PICKED_UP", "CANCELED", "SOMETHING_NEW"]) {
      expect(isActiveOrder({ status })).toBe(false);
    }
  });
});

describe("thank-you banner", () => {
  function memory() {
    const map = new Map<string, string>();
    return {
      map,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
  }
  it("lasts 24 hours under 'thankYouExpiry'", () => {
    const store = memory();
    markThankYou(store, 1000);
    expect(store.map.get(thankYouKey)).toBe(String(1000 + thankYouMs));
    expect(isThankYouShown(store, 1000 + thankYouMs - 1)).toBe(true);
    expect(isThankYouShown(store, 1000 + thankYouMs)).toBe(false);
    expect(store.map.has(thankYouKey)).toBe(false);
  });
  it("is removed when dismissed", () => {
    const store = memory();
    markThankYou(store);
    dismissThankYou(store);
    expect(isThankYouShown(store)).toBe(false);
  });
});
