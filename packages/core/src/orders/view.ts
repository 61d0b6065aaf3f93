import type { EntityItem } from "electrodb";
import type { ServiceOrder } from "../entities";
import { billOf } from "../shared/bill";
import { stageOfStatus } from "../shared/lifecycle";
import { lineIdOf, orderNumberText, type LineItemView, type OrderView, type StatusHistoryEntry } from "../shared/orders";

export type OrderItem = EntityItem<ServiceOrder>;

export type { LineItemView, OrderView, StatusHistoryEntry };

const orNull = <T>(value: T | undefined | null): T | null => value ?? null;

/** The order's bill; a staff discount's notes are the staff's, so a customer's bill has none. */
function bill(order: OrderItem, viewer: { staff: boolean }) {
  const made = billOf(order);
  if (!viewer.staff) for (const discount of made.discounts) delete discount.notes;
  return made;
}

/**
 * An order as its viewer may see it. Staff (EMPLOYEE, ADMIN) also get the
 * internal `myGripNotes`; a customer's view has no such key at all.
 */
export function view(order: OrderItem, viewer: { staff: boolean }): OrderView {
  const out: OrderView = {
    id: order.id,
    number: order.number === undefined ? null : orderNumberText(order.number),
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
    pickupDate: orNull(order.pickupDate),
    scheduleEventId: orNull(order.scheduleEventId),
    partner: order.partner
      ? { locationKey: order.partner.locationKey, name: order.partner.name, address: orNull(order.partner.address), mapsUrl: orNull(order.partner.mapsUrl) }
      : null,
    locationNotice: orNull(order.locationNotice),
    refundWindowEndsAt: orNull(order.refundWindowEndsAt),
    lineItems: order.lineItems.map((line, index) => ({
      id: lineIdOf(line, index),
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
    pointsRedeemed: order.pointsRedeemed ?? 0,
    pointsDiscountCents: order.pointsDiscountCents ?? 0,
    coveredCents: order.coveredCents ?? 0,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    bill: bill(order, viewer),
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    invoiceUrl: orNull(order.invoiceUrl),
    paidAt: orNull(order.paidAt),
    // Why the last card payment failed (a decline's reason, from the webhook): the customer reads it while the
    // order is unpaid, beside Pay Now; staff always (it also holds refund and amount-mismatch problems).
    paymentFailureReason: viewer.staff || order.paymentStatus === "unpaid" ? orNull(order.paymentFailureReason) : null,
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
    addedTo: order.addedToOrderId
      ? { id: order.addedToOrderId, reference: order.addedToNumber === undefined ? order.addedToOrderId.slice(-6).toUpperCase() : orderNumberText(order.addedToNumber) }
      : null,
    addedOrderIds: order.addedOrderIds ?? [],
  };
  if (viewer.staff) {
    out.myGripNotes = orNull(order.myGripNotes);
    out.processedByStaffId = orNull(order.processedByStaffId);
    out.staffDiscount = order.discountByStaffId
      ? { byStaffId: order.discountByStaffId, byStaffName: orNull(order.discountByStaffName), notes: orNull(order.discountNotes) }
      : null;
  }
  return out;
}
