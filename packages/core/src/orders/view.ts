import type { EntityItem } from "electrodb";
import type { ServiceOrder } from "../entities";
import {
  stageOfStatus,
  type OrderStatus,
  type PaymentStatus,
  type Stage,
} from "../shared/lifecycle";

export type OrderItem = EntityItem<typeof ServiceOrder>;

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

/** What GET /api/orders and GET /api/orders/{id} answer (docs/api.md). */
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
  lineItems: LineItemView[];
  customerNotes: string | null;
  /** Internal staff notes: present only in a staff member's view. */
  myGripNotes?: string | null;
  subtotalCents: number;
  discountAmountCents: number;
  promoCode: string | null;
  taxCents: number;
  totalCents: number;
  currency: string;
  paymentMethod: string;
  invoiceUrl: string | null;
  paidAt: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  refundedAmountCents: number;
  createdAt: string;
  updatedAt: string;
  user: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
  paddle: { nickname: string | null; brand: string | null; model: string | null };
}

const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

/**
 * An order as its viewer may see it. Staff (EMPLOYEE, ADMIN) also get the
 * internal `myGripNotes`; a customer's view has no such key at all.
 */
export function view(order: OrderItem, viewer: { staff: boolean }): OrderView {
  const out: OrderView = {
    id: order.id,
    userId: order.userId,
    paddleId: orNull(order.paddleId),
    bagNumber: orNull(order.bagNumber),
    bag: order.bagCode ? { code3: order.bagCode } : null,
    status: order.status,
    stage: stageOfStatus[order.status],
    statusHistory: (order.statusHistory ?? []).map((entry) => ({
      from: orNull(entry.from),
      to: entry.to,
      actorId: orNull(entry.actorId),
      actorName: orNull(entry.actorName),
      note: orNull(entry.note),
      at: entry.at,
    })),
    paymentStatus: order.paymentStatus,
    dropoffLocation: orNull(order.dropoffLocation),
    dropoffDateTime: orNull(order.dropoffDateTime),
    pickupLocation: orNull(order.pickupLocation),
    pickupDateTime: orNull(order.pickupDateTime),
    isOnsite: order.isOnsite,
    lineItems: order.lineItems.map((line) => ({
      skuId: orNull(line.skuId),
      name: line.name,
      description: orNull(line.description),
      price: line.priceCents,
      quantity: line.quantity,
    })),
    customerNotes: orNull(order.customerNotes),
    subtotalCents: order.subtotalCents,
    discountAmountCents: order.discountAmountCents,
    promoCode: orNull(order.promoCode),
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    invoiceUrl: orNull(order.invoiceUrl),
    paidAt: orNull(order.paidAt),
    cardBrand: orNull(order.cardBrand),
    cardLast4: orNull(order.cardLast4),
    refundedAmountCents: order.refundedAmountCents,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    user: {
      firstName: orNull(order.customer?.firstName),
      lastName: orNull(order.customer?.lastName),
      email: orNull(order.customer?.email),
      phone: orNull(order.customer?.phone),
    },
    paddle: {
      nickname: orNull(order.paddle?.nickname),
      brand: orNull(order.paddle?.brand),
      model: orNull(order.paddle?.model),
    },
  };
  if (viewer.staff) out.myGripNotes = orNull(order.myGripNotes);
  return out;
}
