/**
 * The staff order and bag calls the console makes (docs/api-staff.md), with their query keys (the customer calls
 * are in customers/customers-api.ts). The server prices, checks roles
 * and moves; these only ask.
 */
import type { BagLookup, BagPage, BagView } from "@regrip/core/shared/bags";
import { canonicalStatus, type OrderStageFilter, type Stage } from "@regrip/core/shared/lifecycle";
import type { AdminOrderPage, OrderCounts, OrderView } from "@regrip/core/shared/orders";
import type { CounterPayment } from "@regrip/core/shared/payment";
import type { OrderLinesEdit } from "@regrip/core/shared/order-edit";
import type { PaymentLinkAnswer } from "@regrip/core/shared/storefront";
import type * as z from "zod/mini";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";

export const consoleKeys = {
  counts: ["/api/admin/orders/counts"] as const,
  orders: ["/api/admin/orders"] as const,
  ordersPage: (filter: OrderFilter) => ["/api/admin/orders", filter] as const,
  bags: ["/api/admin/bags"] as const,
  bagsPage: (cursor: string | null) => ["/api/admin/bags", cursor] as const,
  bag: (key: string) => ["/api/bags", key] as const,
};

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export function useOrderCounts() {
  return useQuery({ queryKey: consoleKeys.counts, queryFn: () => apiJson<OrderCounts>("GET", "/api/admin/orders/counts"), refetchOnMount: "always" });
}

/** GET /api/admin/orders' filter: a stage, and a search (`q`) or one customer's orders (`customerId`). */
export interface OrderFilter {
  stage?: OrderStageFilter;
  q?: string;
  customerId?: string;
  cursor?: string | null;
  limit: number;
}

export function useOrderPage(filter: OrderFilter) {
  return useQuery({
    queryKey: consoleKeys.ordersPage(filter),
    queryFn: () => apiJson<AdminOrderPage>("GET", `/api/admin/orders${query({ stage: filter.stage, q: filter.q, customerId: filter.customerId, cursor: filter.cursor, limit: filter.limit })}`),
    // Read again each time the queue or admin orders opens, and whenever a search or page is asked for again:
    // customers book and pay, other staff move orders (the answer already held shows meanwhile).
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/**
 * One move of the lifecycle: the server stores the target stage's canonical value and checks the move. A cancel of
 * a paid order says what becomes of the payment: `refund` it, or (admin) `keepPayment` with the note as the reason.
 */
export function moveOrder(id: string, to: Stage, options: { note?: string; refund?: boolean; keepPayment?: boolean; terminalReference?: string } = {}) {
  const { note, refund, keepPayment, terminalReference } = options;
  return apiJson<OrderView>("POST", `/api/orders/${encodeURIComponent(id)}/status`, {
    status: canonicalStatus[to],
    ...(note ? { note } : {}),
    ...(refund ? { refund } : {}),
    ...(keepPayment ? { keepPayment } : {}),
    ...(terminalReference ? { terminalReference } : {}),
  });
}

/** Money taken at the counter (cash, a card on the counter's terminal) for the balance, or an admin's comp. */
export function takePayment(id: string, payment: z.input<typeof CounterPayment>) {
  return apiJson<OrderView>("POST", `/api/orders/${encodeURIComponent(id)}/payments`, payment);
}

/** The payment link texted again (a fresh checkout for the balance). */
export function resendPaymentLink(id: string, phoneConfirmed = false) {
  return apiJson<PaymentLinkAnswer>("POST", `/api/orders/${encodeURIComponent(id)}/payment-link`, { phoneConfirmed });
}

export const staffOrderKey = (id: string) => ["/api/orders", id] as const;

/** One order as staff see it (GET /api/orders/{id} answers staff the staff view). */
export function useStaffOrder(id: string) {
  return useQuery({ queryKey: staffOrderKey(id), queryFn: () => apiJson<OrderView>("GET", `/api/orders/${encodeURIComponent(id)}`), staleTime: 0 });
}

export function saveNotes(id: string, myGripNotes: string) {
  return apiJson<OrderView>("PUT", `/api/orders/${encodeURIComponent(id)}/notes`, { myGripNotes });
}

/** An edit of the order's lines (PATCH /api/orders/{id}/lines): saved, or with `preview` priced and answered without saving. */
export function editOrderLines(id: string, edit: z.input<typeof OrderLinesEdit>) {
  return apiJson<OrderView>("PATCH", `/api/orders/${encodeURIComponent(id)}/lines`, edit);
}

export function createBags(count: number) {
  return apiJson<BagView[]>("POST", "/api/admin/bags/create", { count });
}

export function listBags(cursor: string | null, limit = 100) {
  return apiJson<BagPage>("GET", `/api/admin/bags${query({ cursor, limit })}`);
}

export function bagByKey(key: string) {
  return apiJson<BagLookup>("GET", `/api/bags/${encodeURIComponent(key)}`);
}
