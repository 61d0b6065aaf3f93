/**
 * POST /api/book-service: a customer books a regrip for one of their paddles.
 *
 * The order is made by the one order-creation module (create.ts): the order,
 * its stock, the Idempotency-Key, its bag, its paddle's one open order and the
 * audit entry in one transaction; the booking adds its own labelled writes, the
 * paddle (still the customer's, and now in the bag when the bag number names
 * one of the shop's bags) and, on an onsite day or a club pickup, the seat
 * (schedule/seats.ts).
 *
 * Where and when (shared/calendar.ts): a shop drop-off at the time
 * chosen (refused when the shop is closed then) or, when none is sent, at the
 * shop's next opening; the pickup day is `pickupDateFor` the drop-off and that
 * day's cutoff. An onsite day is dropped off and picked up at its club on its
 * date; a club pickup rides the first delivery run with a seat from the ready day.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { productsByIds } from "../catalogue";
import { db } from "../db";
import { conflict, DomainError, invalid, notFound, precondition } from "../errors";
import { priceBooking, WEIGHT_AREAS } from "../pricing";
import * as Promotions from "../promotions";
import * as Bags from "../bags";
import {
  BOOKING_REQUIRED as REQUIRED,
  CUSTOMER_NOTES_MAX_LENGTH,
  CUSTOMER_NOTES_TOO_LONG,
  NO_BAG_FREE,
} from "../shared/booking";
import { BookingBagNumberOrNone, requiredOr as required } from "../shared/booking-input";
import { DROPOFF_TIME_INVALID } from "../shared/calendar";
import { isIsoDateTime } from "../shared/dates";
import { boundedId, INVALID_ID, MAX_ID_LENGTH, SentPromoCode } from "../shared/ids";
import type { OrderStatus } from "../shared/lifecycle";
import { BOOKABLE_LOCATIONS, DEFAULT_DROPOFF_LOCATION } from "../shared/location-names";
import { RedeemPoints } from "../shared/loyalty-input";
import { PADDLE_NOT_FOUND } from "../shared/paddles";
import { orderNumberText } from "../shared/orders";
import { bookingConfirmation } from "../notifications/confirmations";
import { PHONE_VERIFICATION_REQUIRED } from "../shared/api-words";
import { taxLocationOf } from "../shared/money-settings";
import { moneySettings } from "../settings";
import { membershipOf } from "../memberships/membership-step";
import { dropoffWrite } from "../reminders/timeline";
import { charged, createOrder, SentIdempotencyKey } from "./create";
import type { OrderItem } from "./view";

/** The drop-off locations a customer can book: the shops; a club day is booked by its event, a counter sale is made by staff. */
export { BOOKABLE_LOCATIONS };

/** An optional text field the client may send as null or "". */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.nullish(z.string().check(z.maxLength(max, message))),
    z.transform((value: string | null | undefined) => (value?.trim() ? value.trim() : undefined)),
  );

/** An id the client may leave out or send as null or "" (absent); else the id rule (shared/ids.ts, 400 `Invalid id`). */
const sentId = () =>
  z.pipe(z.pipe(z.nullish(z.string({ error: INVALID_ID }).check(z.maxLength(MAX_ID_LENGTH, INVALID_ID))), z.transform((value: string | null | undefined) => value || undefined)), z.optional(boundedId()));

/**
 * The booking request. Unknown fields are dropped: any price, discount,
 * pickup time or status the client sends is ignored.
 */
export const BookService = z.object({
  paddleId: boundedId(PADDLE_NOT_FOUND, z.string(required()).check(z.trim(), z.minLength(1, REQUIRED))),
  /** Required unless `needsBag`. */
  bagNumber: BookingBagNumberOrNone,
  /** "I don't have a bag yet": the server assigns the lowest free bag (its number is in the answer). */
  needsBag: z.nullish(z.boolean({ error: "needsBag must be true or false" })),
  dropoffLocation: z.pipe(
    z.nullish(z.enum(BOOKABLE_LOCATIONS, { error: "Please choose a drop-off location" })),
    z.transform((value: (typeof BOOKABLE_LOCATIONS)[number] | null | undefined) => value ?? DEFAULT_DROPOFF_LOCATION),
  ),
  dropoffDateTime: z.pipe(
    z
      .nullish(z.string({ error: DROPOFF_TIME_INVALID }).check(z.maxLength(40, DROPOFF_TIME_INVALID)))
      .check(
        z.refine((value) => !value || isIsoDateTime(value), {
          message: DROPOFF_TIME_INVALID,
        }),
      ),
    z.transform((value: string | null | undefined) => (value ? new Date(value).toISOString() : undefined)),
  ),
  /** Accepted from older clients and ignored: an order is onsite when it names an onsite day. */
  isOnsite: z.nullish(z.boolean({ error: "isOnsite must be true or false" })),
  /** An ONSITE_GRIPPING event: the paddle is dropped off and picked up at its club on its date (takes a seat). */
  scheduleEventId: sentId(),
  /** The drop-off shop (or omitted), or an active partner club's locationKey: a club pickup by delivery run. */
  pickupLocation: sentId(),
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
}).check(
  // A bag number is required unless the customer has no bag yet.
  z.refine((input) => !!input.bagNumber || input.needsBag, { message: REQUIRED, path: ["bagNumber"] }),
);
export type BookServiceInput = z.output<typeof BookService>;

export interface Booked {
  id: string;
  /** The order's shop-wide number ("R-1042", shared/orders.ts). */
  number: string | null;
  /** True when the order has an amount to pay by card (status INVOICED); false for a free (comp) order. */
  requiresPayment: boolean;
  /** The day the paddle is promised (`YYYY-MM-DD`, the shop's date). */
  pickupDate: string | null;
  /** The order's bag: the one typed, or the one the shop assigned (`needsBag`). */
  bagNumber: string | null;
}

const answerOf = (order: Pick<OrderItem, "id" | "number" | "totalCents" | "pickupDate" | "bagNumber">): Booked => ({
  id: order.id,
  number: order.number === undefined ? null : orderNumberText(order.number),
  requiresPayment: order.totalCents > 0,
  pickupDate: order.pickupDate ?? null,
  bagNumber: order.bagNumber ?? null,
});

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

/** A booking: the form, the request's `Idempotency-Key`, and when it is made (now; the seed and tests book in the past). */
export const Booking = z.object({ form: BookService, idempotencyKey: SentIdempotencyKey, now: z.optional(z.date()) });

/**
 * Books a service: the customer's own booking form of POST /api/book-service. A repeat with the same
 * `idempotencyKey` (by the same customer, within 24 hours) answers the first order and takes no stock.
 */
export const book = /* @__PURE__ */ fn({ role: "customer", input: Booking }, async (actor, { form: input, idempotencyKey, now }): Promise<Booked> => {
  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  if (!user?.phoneVerified) throw precondition(PHONE_VERIFICATION_REQUIRED);

  // A bag the shop assigned (`needsBag`) that another order took first: the next try skips it (Bags.withFreeBag).
  const make = (lost: ReadonlySet<string>) => createOrder(
    actor,
    async (now) => {
      const at = now.toISOString();
      const [{ data: paddle }, skus, promotion, { allowance, subscription }, redemption, place, settings] = await Promise.all([
        db().entities.paddle.get({ userId: actor.userId, id: input.paddleId }).go(),
        productsByIds([input.service, ...input.addOns]),
        promotionFor(input.promoCode),
        membershipOf(actor.userId),
        // The redemption's code loads only for a booking that redeems points (npm run bench:lambda).
        input.redeemPoints ? import("../loyalty/redeem").then((redeem) => redeem.redemption(actor.userId, input.redeemPoints!, at, invalid)) : undefined,
        // Where and when (shared/calendar.ts, the schedule): loaded beside the other reads, off the cold start.
        import("./booking-place").then((place) => place.whereAndWhen(input, now)),
        moneySettings(),
      ]);
      // Taxed at the place it is dropped off: its shop, or the onsite rate for a club day or a delivery run.
      const taxRateBps = settings.taxRateBps[taxLocationOf(place.fields)];
      if (!paddle || paddle.ownershipStatus !== "owned") throw notFound(PADDLE_NOT_FOUND);
      // The bag typed, else ("I don't have a bag yet") the lowest free one; none free is a 409, never an order without a bag.
      const assigned = !input.bagNumber;
      const bagNumber = input.bagNumber ?? (await Bags.lowestFree(lost));
      if (!bagNumber) throw conflict(NO_BAG_FREE);

      const priced = priceBooking({
        skus,
        serviceId: input.service,
        addOnIds: input.addOns,
        weightAreas: input.weightAreas,
        promotion,
        points: redemption?.points,
        taxRateBps,
      });

      // A membership covering this paddle with a regrip left: the core line (the first) is covered, add-ons are
      // charged; the points come off what is left (and are refused when worth more than that).
      const coverage = allowance.coverageOf(subscription, paddle.id, now);
      // Else a bought pack covering this core service with a credit left (packs/credit.ts, loaded only then).
      const packs = coverage ? undefined : await import("../packs/credit");
      const pack = packs ? await packs.packCoverageOf(actor.userId, priced.lineItems[0]!.name, now) : undefined;
      const covered = coverage
        ? allowance.coverLine(priced, 0, { promotion, taxRateBps }, redemption?.points)
        : pack && packs
          ? allowance.coverLine(priced, 0, { promotion, taxRateBps }, redemption?.points, packs.PACK_COVERED_LINE_NOTE)
          : undefined;
      const money = {
        ...charged(covered ?? priced),
        ...(coverage && covered ? allowance.coveredOrder(coverage, covered.coveredCents, covered.totalCents) : {}),
        ...(pack && packs && covered ? packs.packCoveredOrder(pack, covered.coveredCents, covered.totalCents) : {}),
      };
      // Nothing to pay (a comp): scheduled at once; else invoiced until the card payment lands.
      const status: OrderStatus = money.paymentStatus === "comp" ? "SCHEDULED" : "INVOICED";
      const actorName = user.firstName ?? actor.givenName;
      return {
        order: {
          userId: actor.userId,
          paddleId: paddle.id,
          bagNumber,
          status,
          statusHistory: [{ to: status, actorId: actor.userId, actorName, note: "Booked online", at }],
          ...place.fields,
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
            pickupDate: place.fields.pickupDate,
            ...(place.seat ? { scheduleEventId: place.seat.eventId } : {}),
            ...(assigned ? { bagNumber, bagAssigned: true } : {}),
            ...(coverage ? { subscriptionId: coverage.subscription.id, coveredCents: money.coveredCents } : {}),
            ...(pack ? { packCreditId: pack.id, coveredCents: money.coveredCents } : {}),
            ...(money.pointsRedeemed ? { pointsRedeemed: money.pointsRedeemed } : {}),
          },
        },
        // The paddle must still be the customer's; when the bag number is a bag of the shop, the paddle is now in it.
        writes: (entities, { bag, orderId, number }) => [
          ...(redemption?.writes(entities, { orderId, number }) ?? []),
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
          ...(place.seat ? [place.seat.seats.takeSeat(entities, place.seat.eventId)] : []),
          // The drop-off on the reminders' timeline: reminded the day before (reminders/).
          dropoffWrite(entities, { id: orderId, userId: actor.userId }, place.fields.dropoffDateTime),
          ...(coverage ? allowance.takeRegrip(entities, coverage) : []),
          ...(pack && packs ? packs.takeCredit(entities, pack, at) : []),
        ],
        // Texted and emailed as the customer allows, once the booking is written (never on a repeat of its key).
        effects: (order) => [bookingConfirmation(order)],
        refusal: async (failed) => {
          if (failed.includes("paddle")) return notFound(PADDLE_NOT_FOUND);
          const seat = place.seat ? await place.seat.seats.seatRefusal(failed, place.seat.eventId) : undefined;
          if (seat) return seat;
          // A bag the shop chose that another order took first: tried again with the next free one.
          if (assigned && (failed.includes(Bags.BAG_LABEL) || failed.includes(Bags.BAG_HOLD_LABEL))) throw new Bags.AssignedBagTaken(bagNumber);
          return allowance.allowanceRefusal(failed) ?? packs?.packCreditRefusal(failed) ?? (await redemption?.refused(failed));
        },
      };
    },
    { idempotencyKey, now },
  );
  const { order } = await Bags.withFreeBag(make, () => conflict(NO_BAG_FREE));
  return answerOf(order);
});
