/**
 * POST /api/book-service: a customer books a regrip for one of their paddles.
 *
 * The order is made by the one order-creation module (create.ts): the order,
 * its stock, the Idempotency-Key and the audit entry in one transaction; the
 * booking adds its own labelled write, the paddle (still the customer's, and
 * now in the bag when the bag number names one of the shop's bags).
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { catalogueSku, type SkuItem } from "../catalogue";
import { db } from "../db";
import { DomainError, invalid, notFound, precondition, unavailable } from "../errors";
import { priceBooking, WEIGHT_AREAS } from "../pricing";
import * as Promotions from "../promotions";
import { BOOKING_REQUIRED as REQUIRED, CUSTOMER_NOTES_MAX_LENGTH, CUSTOMER_NOTES_TOO_LONG } from "../shared/booking";
import { BookingBagNumber, requiredOr as required } from "../shared/booking-input";
import { isIsoDateTime } from "../shared/dates";
import { boundedId, SentPromoCode } from "../shared/ids";
import type { OrderStatus } from "../shared/lifecycle";
import { BOOKABLE_LOCATIONS, DEFAULT_DROPOFF_LOCATION } from "../shared/locations";
import { RedeemPoints } from "../shared/loyalty-input";
import { charged, createOrder, SentIdempotencyKey } from "./create";
import type { OrderItem } from "./view";

/** The drop-off locations a customer can book (customer-side §9); ONSITE is the shop's own. */
export { BOOKABLE_LOCATIONS };

/** Pickup is set 24 hours after booking (customer-side §9). */
export const PICKUP_AFTER_MS = 24 * 60 * 60 * 1000;

/** An optional text field the client may send as null or "". */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.nullish(z.string().check(z.maxLength(max, message))),
    z.transform((value: string | null | undefined) => (value?.trim() ? value.trim() : undefined)),
  );

/**
 * The booking request. Unknown fields are dropped: any price, discount,
 * pickup time or status the client sends is ignored.
 */
export const BookService = z.object({
  paddleId: boundedId("Paddle not found", z.string(required()).check(z.trim(), z.minLength(1, REQUIRED))),
  bagNumber: BookingBagNumber,
  dropoffLocation: z.pipe(
    z.nullish(z.enum(BOOKABLE_LOCATIONS, { error: "Please choose a drop-off location" })),
    z.transform((value: (typeof BOOKABLE_LOCATIONS)[number] | null | undefined) => value ?? DEFAULT_DROPOFF_LOCATION),
  ),
  dropoffDateTime: z.pipe(
    z
      .nullish(z.string({ error: "Please choose a valid drop-off time" }).check(z.maxLength(40, "Please choose a valid drop-off time")))
      .check(
        z.refine((value) => !value || isIsoDateTime(value), {
          message: "Please choose a valid drop-off time",
        }),
      ),
    z.transform((value: string | null | undefined) => (value ? new Date(value).toISOString() : undefined)),
  ),
  isOnsite: z.pipe(
    z.nullish(z.boolean({ error: "isOnsite must be true or false" })),
    z.transform((value: boolean | null | undefined) => value ?? false),
  ),
  service: boundedId(
    "Please choose a core service",
    z.string(required("Please choose a core service")).check(z.trim(), z.minLength(1, "Please choose a core service")),
  ),
  addOns: z.pipe(
    z.nullish(
      z
        .array(boundedId("That add-on is not available"), { error: "That add-on is not available" })
        .check(z.maxLength(20, "Too many add-ons")),
    ),
    z.transform((value: string[] | null | undefined) => value ?? []),
  ),
  weightAreas: z.pipe(
    z.nullish(
      z
        .array(z.string({ error: "That weight area is not available" }).check(z.maxLength(40, "That weight area is not available")), {
          error: "That weight area is not available",
        })
        .check(z.maxLength(WEIGHT_AREAS.length, "Choose at most 5 areas for the weight")),
    ),
    z.transform((value: string[] | null | undefined) => value ?? []),
  ),
  customerNotes: optionalText(CUSTOMER_NOTES_MAX_LENGTH, CUSTOMER_NOTES_TOO_LONG),
  promoCode: SentPromoCode,
  /** Points to redeem (a step of 100), taken off after the promotion. */
  redeemPoints: RedeemPoints,
});
export type BookServiceInput = z.output<typeof BookService>;

export interface Booked {
  id: string;
  /** True when the order has an amount to pay by card (status INVOICED); false for a free (comp) order. */
  requiresPayment: boolean;
}

const answerOf = (order: Pick<OrderItem, "id" | "totalCents">): Booked => ({
  id: order.id,
  requiresPayment: order.totalCents > 0,
});

async function skusByIds(ids: string[]): Promise<SkuItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db().entities.sku.get(unique.map((id) => ({ id }))).go();
  if (found.unprocessed.length > 0) throw unavailable("The catalogue is busy. Please try again.");
  return found.data;
}

async function promotionFor(code: string | undefined) {
  if (!code) return null;
  try {
    return await Promotions.byCode(code);
  } catch (error) {
    // A bad code in a booking is a bad request, not a missing resource.
    if (error instanceof DomainError && error.kind === "not_found") throw invalid(error.message);
    throw error;
  }
}

/**
 * The membership step (subscriptions/allowance.ts): the customer's subscription and the code that applies it,
 * loaded beside the booking's other reads, off the handler's cold start (`npm run bench:lambda`).
 */
async function membershipOf(userId: string) {
  const allowance = await import("../subscriptions/allowance");
  return { allowance, subscription: await allowance.subscriptionOf(userId) };
}

/** A booking: the form, the request's `Idempotency-Key`, and when it is made (now; the seed and tests book in the past). */
export const Booking = z.object({ form: BookService, idempotencyKey: SentIdempotencyKey, now: z.optional(z.date()) });

/**
 * Books a service: the customer's own booking form of POST /api/book-service. A repeat with the same
 * `idempotencyKey` (by the same customer, within 24 hours) answers the first order and takes no stock.
 */
export const book = /* @__PURE__ */ fn({ role: "customer", input: Booking }, async (actor, { form: input, idempotencyKey, now }): Promise<Booked> => {
  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  if (!user?.phoneVerified) throw precondition("Phone number verification required");

  const { order } = await createOrder(
    actor,
    async (now) => {
      const at = now.toISOString();
      const [{ data: paddle }, skus, promotion, { allowance, subscription }, redemption] = await Promise.all([
        db().entities.paddle.get({ userId: actor.userId, id: input.paddleId }).go(),
        skusByIds([input.service, ...input.addOns]),
        promotionFor(input.promoCode),
        membershipOf(actor.userId),
        // The redemption's code loads only for a booking that redeems points (npm run bench:lambda).
        input.redeemPoints ? import("../loyalty/redeem").then((redeem) => redeem.redemption(actor.userId, input.redeemPoints!, at, invalid)) : undefined,
      ]);
      if (!paddle || paddle.ownershipStatus !== "owned") throw notFound("Paddle not found");

      const priced = priceBooking({
        skus: skus.map(catalogueSku),
        serviceId: input.service,
        addOnIds: input.addOns,
        weightAreas: input.weightAreas,
        promotion,
        points: redemption?.points,
      });

      // A membership covering this paddle with a regrip left: the core line (the first) is covered, add-ons are
      // charged; the points come off what is left (and are refused when worth more than that).
      const coverage = allowance.coverageOf(subscription, paddle.id, now);
      const covered = coverage ? allowance.coverLine(priced, 0, { promotion }, redemption?.points) : undefined;
      const money = { ...charged(covered ?? priced), ...(coverage && covered ? allowance.coveredOrder(coverage, covered.coveredCents, covered.totalCents) : {}) };
      // Nothing to pay (a comp): scheduled at once; else invoiced until the card payment lands.
      const status: OrderStatus = money.paymentStatus === "comp" ? "SCHEDULED" : "INVOICED";
      const actorName = user.firstName ?? actor.givenName;
      return {
        order: {
          userId: actor.userId,
          paddleId: paddle.id,
          bagNumber: input.bagNumber,
          status,
          statusHistory: [{ to: status, actorId: actor.userId, actorName, note: "Booked online", at }],
          dropoffLocation: input.dropoffLocation,
          dropoffDateTime: input.dropoffDateTime ?? at,
          pickupLocation: input.dropoffLocation,
          pickupDateTime: new Date(now.getTime() + PICKUP_AFTER_MS).toISOString(),
          isOnsite: input.isOnsite,
          customerNotes: input.customerNotes,
          ...money,
          customer: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone },
          paddle: { nickname: paddle.nickname, brand: paddle.brand, model: paddle.model },
        },
        stockTakes: priced.stockTakes,
        actorName,
        audit: {
          action: "order.created",
          diff: {
            status,
            totalCents: money.totalCents,
            source: "online booking",
            ...(coverage ? { subscriptionId: coverage.subscription.id, coveredCents: money.coveredCents } : {}),
            ...(money.pointsRedeemed ? { pointsRedeemed: money.pointsRedeemed } : {}),
          },
        },
        // The paddle must still be the customer's; when the bag number is a bag of the shop, the paddle is now in it.
        writes: (entities, { bag, orderId }) => [
          ...(redemption?.writes(entities, { orderId }) ?? []),
          {
            label: "paddle",
            write: bag
              ? entities.paddle
                  .patch({ userId: actor.userId, id: paddle.id })
                  .set({ bagId: bag.id })
                  .where((a, { eq }) => eq(a.ownershipStatus, "owned"))
                  .commit()
              : entities.paddle
                  .check({ userId: actor.userId, id: paddle.id })
                  .where((a, { eq }) => eq(a.ownershipStatus, "owned"))
                  .commit(),
          },
          ...(coverage ? allowance.takeRegrip(entities, coverage) : []),
        ],
        refusal: async (failed) =>
          failed.includes("paddle") ? notFound("Paddle not found") : (allowance.allowanceRefusal(failed) ?? (await redemption?.refused(failed))),
      };
    },
    { idempotencyKey, now },
  );
  return answerOf(order);
});
