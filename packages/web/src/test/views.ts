/** Whole API views for tests, from the shared view types: a test names only what it is about. */
import type { CatalogueProduct, CoreService } from "@regrip/core/shared/catalogue";
import type { OrderView } from "@regrip/core/shared/orders";
import { billOf } from "@regrip/core/shared/bill";
import type { PaddleView } from "@regrip/core/shared/paddles";
import { SHOP_LOCATIONS } from "@regrip/core/shared/locations";
import { zoneOffsets } from "@regrip/core/shared/calendar";
import { ZONE_OFFSETS_DAYS, type LocationsView, type ScheduleEventView } from "@regrip/core/shared/schedule";

/** An order view; its bill is made from its fields by the one rule (shared/bill.ts) unless the test gives one. */
export function orderView(partial: Partial<OrderView> = {}): OrderView {
  const view: Omit<OrderView, "bill"> & { bill?: OrderView["bill"] } = {
    id: "order-1",
    number: "R-1001",
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
    pickupDate: null,
    scheduleEventId: null,
    addedTo: null,
    addedOrderIds: [],
    partner: null,
    locationNotice: null,
    refundWindowEndsAt: null,
    lineItems: [{ skuId: null, name: "Premium Regrip", description: null, price: 5500, quantity: 1 }],
    customerNotes: null,
    subtotalCents: 5500,
    discountAmountCents: 0,
    promoCode: null,
    pointsRedeemed: 0,
    pointsDiscountCents: 0,
    coveredCents: 0,
    taxCents: 0,
    totalCents: 5500,
    currency: "usd",
    paymentMethod: "STRIPE",
    invoiceUrl: null,
    paidAt: null,
    paymentFailureReason: null,
    cardBrand: null,
    cardLast4: null,
    refundedAmountCents: 0,
    createdAt: "2025-03-01T10:00:00.000Z",
    updatedAt: "2025-03-01T10:00:00.000Z",
    user: { firstName: null, lastName: null, email: null, phone: null },
    paddle: { nickname: null, brand: null, model: null },
    ...partial,
  };
  return {
    ...view,
    bill:
      view.bill ??
      billOf({ ...view, lineItems: view.lineItems.map((line) => ({ name: line.name, description: line.description, priceCents: line.price, quantity: line.quantity })) }),
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
    openOrderId: null,
    ownershipStatus: "owned",
    knownDefects: null,
    weightGrams: null,
    gripSize: null,
    createdAt: "2025-03-01T10:00:00.000Z",
    updatedAt: "2025-03-01T10:00:00.000Z",
    ...partial,
  };
}

/** A product (an add-on in stock, no variant) named by its id, name and price; its code is the id in capitals. */
export function catalogueItem(partial: Partial<CatalogueProduct> & Pick<CatalogueProduct, "id" | "name" | "price">): CatalogueProduct {
  return {
    code: partial.id.toUpperCase(),
    category: "OTHER",
    type: "ADD_ON",
    stockQuantity: null,
    isInStock: true,
    isLowStock: false,
    taxable: false,
    description: null,
    color: null,
    brand: null,
    feel: null,
    area: null,
    quality: null,
    ...partial,
  };
}

/** Premium Regrip as the catalogue offers it: Black Tacky (15 left), Orange Tacky (2), Orange Cushioned (sold out). */
export function premiumRegrip(): CoreService {
  const sku = (color: string, feel: string, stockQuantity: number) =>
    catalogueItem({ id: `pr-${color}-${feel}`.toLowerCase(), name: "Premium Regrip", price: 5500, type: "ONE_TIME", category: "BASE_GRIP", color, feel, stockQuantity, isInStock: stockQuantity > 0 });
  return {
    name: "Premium Regrip",
    description: "Premium replacement grip.",
    basePrice: 5500,
    colors: ["Black", "Orange"],
    feels: ["Tacky", "Cushioned"],
    totalStock: 17,
    isInStock: true,
    skus: [sku("Black", "Tacky", 15), sku("Orange", "Tacky", 2), sku("Orange", "Cushioned", 0)],
  };
}

/** GET /api/locations as the server answers it for the demo shops, no cutoff events and no partner unless given. */
export function locationsView(overrides: Partial<LocationsView> = {}): LocationsView {
  return {
    shops: SHOP_LOCATIONS.map((shop) => ({
      value: shop.value,
      label: shop.label,
      address: [...shop.address],
      hours: shop.hours.map(([days, times]) => [days, times] as [string, string]),
      phone: "+13035550100",
      email: "hello@regrip.test",
      mapsUrl: null,
      weekHours: [...shop.weekHours],
      closedDates: [...shop.closedDates],
      cutoffs: {},
      nextPickupDate: "2026-11-27",
    })),
    partners: [],
    // As the server reads them, around the test's clock.
    zone: zoneOffsets(new Date(Date.now() - 86_400_000), new Date(Date.now() + ZONE_OFFSETS_DAYS * 86_400_000)),
    ...overrides,
  };
}

/** An item of GET /api/schedule. */
export function scheduleEvent(overrides: Partial<ScheduleEventView> = {}): ScheduleEventView {
  return {
    id: "ev-1",
    type: "ONSITE_GRIPPING",
    partner: { locationKey: "PINE_CLUB", name: "Pine Club", address: "1 Pine St, Denver, CO", mapsUrl: "https://maps.example/pine" },
    date: "2026-12-02",
    startTime: "09:00",
    endTime: "12:00",
    seatsLeft: 5,
    ...overrides,
  };
}
