import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import {
  cents,
  centsDefaultZero,
  currency,
  generatedId,
  isCents,
  isoTimestamp,
  isWholeNumber,
  requiredCents,
  timestamps,
} from "./attributes";
import { ORDER_LOCATIONS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, type OrderLocation } from "./enums";
import { BOOKABLE_LOCATIONS } from "../shared/location-names";
import { FIRST_ORDER_NUMBER } from "../shared/orders";
import { gsi1, gsi2, gsi3, keyed, primary, SERVICE } from "./keys";

const isQuantity = (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n >= 1);

/** The stored fields that tell a counter sale written the old way. */
interface StoredPlace {
  userId?: unknown;
  dropoffLocation?: unknown;
  partner?: unknown;
  scheduleEventId?: unknown;
}

/**
 * A counter sale (storefront invoice, quick sale) written before COUNTER existed: stored as ONSITE, the partner
 * club's location, with no club, no schedule event and `isOnsite` true. A club day's order always names its club
 * (orders/booking-place.ts) and a customer could never book ONSITE, so no other order looks like this. The order's
 * attribute getters below read such an item as the counter sale it is (COUNTER, not on-site), for every read: the
 * views, the texts, the receipt, the bag's status. `userId` is on every whole item, so a partial answer (an
 * update's changed attributes only) is left as stored.
 */
function isOldCounterSale(item: StoredPlace): boolean {
  return item.userId !== undefined && item.dropoffLocation === "ONSITE" && item.partner == null && item.scheduleEventId == null;
}

const place = (value: OrderLocation | undefined, item: StoredPlace): OrderLocation | undefined =>
  value === "ONSITE" && isOldCounterSale(item) ? "COUNTER" : value;

/**
 * A service order (a booking, a storefront invoice or a quick sale).
 *
 * Changing `status` rewrites the `byStatus` partition key only, so a status
 * update needs no other composite. The customer, paddle and bag fields are
 * copies taken when the order is written, so lists render from one Query.
 */
export const serviceOrder = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "serviceOrder", version: "1" },
      attributes: {
        id: generatedId(),
        userId: { type: "string", required: true },
        /**
         * The shop-wide number people call the order by (1042, read "R-1042": shared/orders.ts), given once from the
         * one counter in the order's own transaction (orders/numbers.ts); missing only on an order made before numbers
         * until `npm run recount` gives it one.
         */
        number: { type: "number", validate: (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n >= FIRST_ORDER_NUMBER) },
        paddleId: { type: "string" },
        /** The 3-character bag number given at drop-off. */
        bagNumber: { type: "string", validate: /^[0-9A-Za-z]{1,3}$/ },
        status: { type: ORDER_STATUSES, required: true, default: "INVOICED" },
        statusHistory: {
          type: "list",
          required: true,
          default: () => [],
          items: {
            type: "map",
            properties: {
              from: { type: ORDER_STATUSES },
              to: { type: ORDER_STATUSES, required: true },
              actorId: { type: "string" },
              actorName: { type: "string" },
              note: { type: "string" },
              at: { type: "string", required: true },
            },
          },
        },
        /** A shop, ONSITE (a club day's partner club) or COUNTER (a counter sale): shared/location-names.ts. */
        dropoffLocation: { type: ORDER_LOCATIONS, get: place },
        dropoffDateTime: isoTimestamp(),
        /** A shop, ONSITE (the partner club of a club day or a delivery run) or COUNTER (a counter sale). */
        pickupLocation: { type: ORDER_LOCATIONS, get: place },
        pickupDateTime: isoTimestamp(),
        /** True for a club day's order (dropped off and picked up at the club on its date); never for a counter sale. */
        isOnsite: { type: "boolean", required: true, default: false, get: (value: boolean, item: StoredPlace) => (isOldCounterSale(item) ? false : value) },
        /** The day the customer is promised the paddle (`YYYY-MM-DD`, the shop's date): shared/calendar.ts `pickupDateFor`, an onsite day's date, or a delivery run's. */
        pickupDate: { type: "string", validate: /^\d{4}-\d{2}-\d{2}$/ },
        /** The onsite day or delivery run the order holds a seat on (gripSchedule id), and when a cancel gave the seat back (once). */
        scheduleEventId: { type: "string" },
        seatReturnedAt: isoTimestamp(),
        /** The partner club of an onsite day (drop-off and pickup) or a delivery run (pickup): a copy for the views. */
        partner: {
          type: "map",
          properties: {
            locationKey: { type: "string", required: true },
            name: { type: "string", required: true },
            address: { type: "string" },
            mapsUrl: { type: "string" },
          },
        },
        /** What changed where the order is dropped off or picked up, for the customer (an event canceled): the order page shows it. */
        locationNotice: { type: "string" },
        /**
         * The end of the paid cancel's refund window when a reschedule came after it had closed (orders/reschedule.ts):
         * moving the drop-off later never reopens it (shared/order-cancel.ts `refundDeadline`).
         */
        refundWindowEndsAt: { type: "string" },
        lineItems: {
          type: "list",
          required: true,
          items: {
            type: "map",
            properties: {
              /** The line's id, written by an edit of the lines (orders/edit-lines.ts); a line without one is named by its place (shared/order-edit.ts `lineIdOf`). */
              id: { type: "string" },
              skuId: { type: "string" },
              name: { type: "string", required: true },
              description: { type: "string" },
              priceCents: { type: "number", required: true, validate: isCents },
              quantity: { type: "number", required: true, default: 1, validate: isQuantity },
              /** The product carried sales tax when the order was priced (absent on orders priced before tax: none). */
              taxable: { type: "boolean" },
            },
          },
        },
        customerNotes: { type: "string" },
        /** Internal staff notes. */
        myGripNotes: { type: "string" },
        subtotalCents: requiredCents(),
        /** Sales tax (shared/totals.ts): on the taxable lines after discount and points, at `taxRateBps`, rounded once. */
        taxCents: centsDefaultZero(),
        /** The rate of the order's place when it was priced (settings/), in basis points: what refunds take tax back at. */
        taxRateBps: { type: "number", validate: isWholeNumber },
        /** The shop whose counter made a counter sale (its tax rate, its drawer); absent on bookings and older sales. */
        counterShop: { type: BOOKABLE_LOCATIONS },
        /** An added order (shared/order-balance.ts): the paid order it adds to, and that order's number. */
        addedToOrderId: { type: "string" },
        addedToNumber: { type: "number", validate: isWholeNumber },
        /** A paid order's added orders (their ids, oldest first): its pickup and cancel wait on their balances. */
        addedOrderIds: { type: "list", items: { type: "string" } },
        totalCents: requiredCents(),
        currency: currency(),
        paymentMethod: { type: PAYMENT_METHODS, required: true, default: "STRIPE" },
        paymentStatus: { type: PAYMENT_STATUSES, required: true, default: "unpaid" },
        stripePaymentIntentId: { type: "string" },
        stripeCheckoutSessionId: { type: "string" },
        stripeInvoiceId: { type: "string" },
        invoiceUrl: { type: "string" },
        /**
         * A counter sale's receipt link (receipts/): 128 random bits made with the order, and the link built
         * from it when the payment link is made (the webhook texts it and knows no site address).
         */
        receiptToken: { type: "string" },
        receiptUrl: { type: "string" },
        shortInvoiceUrl: { type: "string" },
        cardLast4: { type: "string" },
        cardBrand: { type: "string" },
        cardType: { type: "string" },
        invoiceNumber: { type: "string" },
        invoiceDueDate: isoTimestamp(),
        invoiceStatus: { type: "string" },
        promoCode: { type: "string" },
        discountAmountCents: centsDefaultZero(),
        /**
         * A staff member's discount (quick sale): who gave it and why. Its amount
         * is `discountAmountCents`; a promotion's discount has none of these.
         */
        discountByStaffId: { type: "string" },
        discountByStaffName: { type: "string" },
        discountNotes: { type: "string" },
        feesCents: cents(),
        /** Money given back so far: the sum of `refunds` (and of refunds recorded before they were listed). */
        refundedAmountCents: centsDefaultZero(),
        /**
         * Each refund given (payments/refunds.ts), oldest first: how much, of it how much tax, which lines (by index
         * and quantity) when it gave lines back, why, who, when, to which tender, and the card terminal's reference
         * for a refund made on the counter's terminal. The bill (shared/bill.ts) lists them.
         */
        refunds: {
          type: "list",
          items: {
            type: "map",
            properties: {
              id: { type: "string", required: true },
              amountCents: { type: "number", required: true, validate: isCents },
              taxCents: { type: "number", validate: isCents },
              lines: {
                type: "list",
                items: {
                  type: "map",
                  properties: {
                    index: { type: "number", required: true, validate: isWholeNumber },
                    quantity: { type: "number", required: true, validate: isQuantity },
                  },
                },
              },
              reason: { type: "string" },
              tender: { type: PAYMENT_METHODS },
              terminalReference: { type: "string" },
              stripeRefundId: { type: "string" },
              byId: { type: "string" },
              byName: { type: "string" },
              at: { type: "string", required: true },
            },
          },
        },
        /**
         * A refund Stripe reported (charge.refunded, cumulative) before the order's
         * payment was on record: kept here and applied when the payment lands.
         */
        earlyRefundedCents: cents(),
        taxAmountCents: cents(),
        /** The last payment-provider event applied, for ordering out-of-order webhooks. */
        stripeEventId: { type: "string" },
        paymentFailureReason: { type: "string" },
        paymentAttempts: { type: "number", required: true, default: 0, validate: isWholeNumber },
        /** The membership that covered this order's core regrip (memberships/): its id, the period it counted in, the price it covered. */
        subscriptionId: { type: "string" },
        coveredPeriodEnd: isoTimestamp(),
        coveredCents: cents(),
        /** The bought pack (packCredit) whose credit covered this order's core regrip instead (packs/credit.ts); `coveredCents` says what it covered. */
        packCreditId: { type: "string" },
        /** When a cancel gave the covered regrip back to its period (or its pack's credit back); set once. */
        allowanceReturnedAt: isoTimestamp(),
        /** Points redeemed on this order (loyalty/) and what they took off; given back once on cancel (`pointsReturnedAt`). */
        pointsRedeemed: { type: "number", validate: isWholeNumber },
        pointsDiscountCents: cents(),
        pointsReturnedAt: isoTimestamp(),
        /** Points the order's payment earned, and how many refunds have taken back so far. */
        pointsEarned: { type: "number", validate: isWholeNumber },
        pointsTakenBack: { type: "number", validate: isWholeNumber },
        posTransactionId: { type: "string" },
        posPaymentDetails: { type: "any" },
        paidAt: isoTimestamp(),
        processedByStaffId: { type: "string" },
        completedAt: isoTimestamp(),
        pickedUpAt: isoTimestamp(),
        idempotencyKey: { type: "string" },
        /**
         * The stock this order took when it was written (inventory module), one
         * entry per counted sku: what a cancel gives back, whatever the catalogue
         * says by then. Absent on orders that took none.
         */
        stockTaken: {
          type: "list",
          items: {
            type: "map",
            properties: {
              skuId: { type: "string", required: true },
              quantity: { type: "number", required: true, validate: isQuantity },
            },
          },
        },
        /** When a cancel gave `stockTaken` back; set once, so stock is returned at most once. */
        stockReturnedAt: isoTimestamp(),
        /** Copies for the list views (spec: order views carry bag, user and paddle). */
        bagCode: { type: "string" },
        customer: {
          type: "map",
          properties: {
            firstName: { type: "string" },
            lastName: { type: "string" },
            email: { type: "string" },
            phone: { type: "string" },
          },
        },
        paddle: {
          type: "map",
          properties: {
            nickname: { type: "string" },
            brand: { type: "string" },
            model: { type: "string" },
          },
        },
        ...timestamps(),
      },
      indexes: {
        byId: keyed(primary, ["id"], "order#${id}", [], "order"),
        /** My Grips: a customer's orders by date. */
        byUser: keyed(gsi1, ["userId"], "user#${userId}", ["createdAt"], "order#${createdAt}"),
        /** Queue and admin status filters: one partition per stored status. */
        byStatus: keyed(gsi2, ["status"], "status#${status}", ["createdAt"], "${createdAt}"),
        /** Staff and admin order lists, newest first with `order: "desc"`. */
        allOrders: keyed(gsi3, [], "orders", ["createdAt"], "${createdAt}"),
      },
    },
    config,
  );
export type ServiceOrder = ReturnType<typeof serviceOrder>;
