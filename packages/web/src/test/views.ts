/** Whole API views for tests, from the shared view types: a test names only what it is about. */
import type { OrderView } from "@regrip/core/shared/orders";
import type { PaddleView } from "@regrip/core/shared/paddles";

export function orderView(partial: Partial<OrderView> = {}): OrderView {
  return {
    id: "order-1",
    userId: "u1",
    paddleId: "p1",
    bagNumber: null,
    bag: null,
    status: "SCHEDULED",
    stage: "scheduled",
    statusHistory: [],
    paymentStatus: "unpaid",
    dropoffLocation: "HIGHLANDS_RANCH",
    dropoffDateTime: null,
    pickupLocation: null,
    pickupDateTime: null,
    isOnsite: false,
    lineItems: [{ skuId: null, name: "Premium Regrip", description: null, price: 5500, quantity: 1 }],
    customerNotes: null,
    subtotalCents: 5500,
    discountAmountCents: 0,
    promoCode: null,
    taxCents: 0,
    totalCents: 5500,
    currency: "usd",
    paymentMethod: "STRIPE",
    invoiceUrl: null,
    paidAt: null,
    cardBrand: null,
    cardLast4: null,
    refundedAmountCents: 0,
    createdAt: "2025-03-01T10:00:00.000Z",
    updatedAt: "2025-03-01T10:00:00.000Z",
    user: { firstName: null, lastName: null, email: null, phone: null },
    paddle: { nickname: null, brand: null, model: null },
    ...partial,
  };
}

export function paddleView(partial: Partial<PaddleView> = {}): PaddleView {
  return {
    id: "p1",
    userId: "u1",
    brand: "Joola",
    model: "Perseus",
    nickname: "Big Red",
    personality: null,
    coreThickness: 16,
    shape: null,
    material: null,
    colorway: null,
    serial: null,
    photoUrl: null,
    photoUrls: null,
    prefs: { tackiness: null, color: null },
    bagId: null,
    bag: null,
    ownershipStatus: "owned",
    knownDefects: null,
    weightGrams: null,
    gripSize: null,
    createdAt: "2025-03-01T10:00:00.000Z",
    updatedAt: "2025-03-01T10:00:00.000Z",
    ...partial,
  };
}
