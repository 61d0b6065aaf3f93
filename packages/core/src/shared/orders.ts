/**
 * An order as the API answers it (docs/api.md, docs/api-staff.md) and the short reference people read it by.
 * Browser-safe: the server builds the view (orders/view.ts), the web app and the console read it with this type.
 */
import type { Bill } from "./bill";
import type { TipView } from "./tips";
import type { OrderStatus, PaymentStatus, Stage } from "./lifecycle";

export interface StatusHistoryEntry {
  from: OrderStatus | null;
  to: OrderStatus;
  actorId: string | null;
  actorName: string | null;
  note: string | null;
  at: string;
}

/**
 * The id of an order's line: its own, else its place ("line-1" for the first) on a line from before ids. What an
 * edit of the lines removes it by (shared/order-edit.ts); here, beside the view, so every order view carries it
 * without loading the edit's schemas.
 */
export const lineIdOf = (line: { id?: string | null }, index: number): string => line.id || `line-${index + 1}`;

export interface LineItemView {
  /**
   * The line's id, what an edit of the lines removes it by (shared/order-edit.ts `lineIdOf`): the server's views
   * always carry it; optional so older clients' fixtures (and a receipt's view) need none.
   */
  id?: string;
  skuId: string | null;
  name: string;
  description: string | null;
  /** Unit price in cents; the line's amount is price × quantity. */
  price: number;
  quantity: number;
}

/** What GET /api/orders and GET /api/orders/{id} answer. */
export interface OrderView {
  id: string;
  /** The order's shop-wide number ("R-1042", `orderNumberText`): what it is called everywhere; null only before `npm run recount` numbered an old order. */
  number: string | null;
  userId: string;
  paddleId: string | null;
  bagNumber: string | null;
  bag: { code3: string } | null;
  status: OrderStatus;
  stage: Stage;
  statusHistory: StatusHistoryEntry[];
  paymentStatus: PaymentStatus;
  dropoffLocation: string | null;
  dropoffDateTime: string | null;
  pickupLocation: string | null;
  pickupDateTime: string | null;
  isOnsite: boolean;
  /** The promised pickup day, `YYYY-MM-DD` on the shop's calendar (shared/calendar.ts); null on orders made before it existed. */
  pickupDate: string | null;
  /** The onsite day or delivery run the order is on, and its partner club. */
  scheduleEventId: string | null;
  partner: { locationKey: string; name: string; address: string | null; mapsUrl: string | null } | null;
  /** Why the order's place changed (an event canceled), for the order page. */
  locationNotice: string | null;
  /** Set when the order was rescheduled after its refund window closed: the window's end, kept (shared/order-cancel.ts). */
  refundWindowEndsAt: string | null;
  lineItems: LineItemView[];
  customerNotes: string | null;
  /** Internal staff notes: present only in a staff member's view. */
  myGripNotes?: string | null;
  /** Staff view only: the staff member who took the order at the counter (storefront, quick sale). */
  processedByStaffId?: string | null;
  /** Staff view only: a staff discount (quick sale), its amount being `discountAmountCents`. */
  staffDiscount?: { byStaffId: string; byStaffName: string | null; notes: string | null } | null;
  subtotalCents: number;
  discountAmountCents: number;
  promoCode: string | null;
  /** Points redeemed on the order (shared/loyalty.ts) and what they took off; 0 when none. */
  pointsRedeemed: number;
  pointsDiscountCents: number;
  /** The price of the core regrip a membership covered (its line shows 0); 0 when none. */
  coveredCents: number;
  taxCents: number;
  totalCents: number;
  /** The order's bill (shared/bill.ts): every amount a page shows of the order comes from it. */
  bill: Bill;
  currency: string;
  paymentMethod: string;
  invoiceUrl: string | null;
  paidAt: string | null;
  /** Why the last card payment failed (e.g. 'Your card was declined.'); a customer sees it only while unpaid. */
  paymentFailureReason: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  refundedAmountCents: number;
  createdAt: string;
  updatedAt: string;
  user: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
  paddle: { nickname: string | null; brand: string | null; model: string | null };
  /**
   * GET /api/orders/{id} only, for a ready order in a bag: the bag's QR slug, which the pickup details draw as the
   * bag's status page URL (`/b/{slug}`) for the counter to scan. Null when the bag is not an active bag of the shop.
   */
  bagQrSlug?: string | null;
  /** GET /api/orders/{id} only, for a Ready or Picked Up order: its tip once paid (./tips.ts), null while none is. */
  tip?: TipView | null;
  /** An order added to a paid one (./order-balance.ts): that order; null on any other. */
  addedTo: { id: string; reference: string } | null;
  /** A paid order's added orders, by id, oldest first (GET /api/orders/{id} reads them into `added`). */
  addedOrderIds: string[];
  /** GET /api/orders/{id} only, on an order with added orders: each with what is still to pay on it. */
  added?: AddedOrderSummary[];
}

/** An order added to a paid one (./order-balance.ts) as that order lists it. */
export interface AddedOrderSummary {
  id: string;
  /** "R-1042". */
  reference: string;
  totalCents: number;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  /** What is still to pay on it (0 once paid, comped or canceled). */
  dueCents: number;
}

/** The first number the shop gives an order; the counter (orders/numbers.ts) hands out each next one once. */
export const FIRST_ORDER_NUMBER = 1001;
const ORDER_NUMBER_PREFIX = "R-";

/** An order's number as people read it: 1042 is "R-1042". */
export const orderNumberText = (number: number): string => `${ORDER_NUMBER_PREFIX}${number}`;

/**
 * The number a text names ("R-1042", "r-1042", "#R-1042", or the digits alone, 4 or 5 of them), or null. Six digits
 * alone read as an id's end, as they always have; "R-" before them names a number of any length.
 */
export function orderNumberOf(text: string): number | null {
  const match = /^#?(?:R-?(\d{1,9})|(\d{4,5}))$/i.exec(text.trim());
  const digits = match?.[1] ?? match?.[2];
  if (!digits) return null;
  const number = Number(digits);
  return number >= FIRST_ORDER_NUMBER ? number : null;
}

/**
 * What people read an order by: its shop-wide number ("R-1042"). An order made before numbers existed and not yet
 * numbered by `npm run recount` reads as the last 6 characters of its id; a bag number never names an order (bags
 * are reused), it says where the paddle is (`orderTitle`).
 */
export function orderReference(order: { id: string; number?: number | string | null }): string {
  if (typeof order.number === "number") return orderNumberText(order.number);
  if (order.number) return order.number;
  return order.id.slice(-6).toUpperCase();
}

type Named = { id: string; number?: number | string | null; bagNumber?: string | null };

/** The order's number and, when it has one, its bag beside it: "R-1042 · Bag 104" (a list's cell). */
export function orderWithBag(order: Named): string {
  return `${orderReference(order)}${order.bagNumber ? ` · Bag ${order.bagNumber}` : ""}`;
}

/** "Order R-1042 · Bag 104": the heading of every page that shows an order. */
export const orderTitle = (order: Named): string => `Order ${orderWithBag(order)}`;

/** PUT /api/orders/{id}/notes and the queue's inline MyGripNotes edit: at most 2000 characters. */
/** 404 for an order that does not exist or is not the caller's to see. */
export const ORDER_NOT_FOUND = "Order not found";

export const MY_GRIP_NOTES_MAX = 2000;
export const MY_GRIP_NOTES_TOO_LONG = "Notes must be at most 2000 characters";

/** GET /api/admin/orders/counts: the counter of each stage, kept as orders move. */
export interface OrderCounts {
  stages: Record<Stage, number>;
  /** The Active filter's stages added up (./lifecycle ACTIVE_FILTER_STAGES). */
  active: number;
}

/** GET /api/admin/orders: a page of orders, newest first. */
export interface AdminOrderPage {
  items: OrderView[];
  /** Hand back as `?cursor=` for the next page; null on the last page. */
  cursor: string | null;
}
