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

export interface LineItemView {
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
}

/** The order's short reference (the spec's): its bag number, or the last 6 characters of its id. */
export function orderReference(order: { id: string; bagNumber?: string | null }): string {
  return order.bagNumber || order.id.slice(-6).toUpperCase();
}

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
