/**
 * POST /api/book-service: a customer books a regrip for one of their paddles.
 *
 * Everything that must agree is one DynamoDB transaction: the order, the stock
 * it takes (inventory module: a conditional decrement per counted sku, so the
 * last unit cannot be sold twice; the order records it in `stockTaken`, which
 * a cancel gives back), the bag's hold (bags module: the bag number must name an
 * existing active bag that no other open order holds), the Idempotency-Key
 * reservation (so a repeat, even one arriving while the first is in flight,
 * cannot make a second order), the paddle's bag and the audit entry, each
 * write labelled (db/labelled.ts).
 */
import { randomUUID } from "node:crypto";
import * as z from "zod";
import type { UserActor } from "../actor";
import { Bags } from "../bags";
import { catalogueSku, type SkuItem } from "../catalogue";
import { db } from "../db";
import { writeLabelled } from "../db/labelled";
import { uniqueKey } from "../entities";
import { conflict, DomainError, invalid, notFound, precondition, unavailable } from "../errors";
import { outOfStock, priceBooking, WEIGHT_AREAS } from "../pricing";
import { Inventory } from "../inventory";
import { Promotions } from "../promotions";
import { boundedId } from "../shared/ids";
import type { OrderStatus, PaymentStatus } from "../shared/lifecycle";
import { OrderCounters } from "./counters";
import type { OrderItem } from "./view";

/** The drop-off locations a customer can book (customer-side §9); ONSITE is the shop's own. */
export const BOOKABLE_LOCATIONS = ["LITTLETON", "HIGHLANDS_RANCH"] as const;

/** Pickup is set 24 hours after booking (customer-side §9). */
export const PICKUP_AFTER_MS = 24 * 60 * 60 * 1000;
/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

const REQUIRED = "Please complete all required fields";
const required = (message = REQUIRED) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? REQUIRED : message),
});

/** An optional text field the client may send as null or "". */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

/**
 * The booking request. Unknown fields are dropped: any price, discount,
 * pickup time or status the client sends is ignored.
 */
export const BookService = z.object({
  paddleId: boundedId("Paddle not found", z.string(required()).trim().min(1, REQUIRED)),
  bagNumber: z
    .string(required("Please enter a 3-digit bag number"))
    .trim()
    .min(1, REQUIRED)
    .max(3, "Please enter a 3-digit bag number")
    .regex(/^\d{3}$/, "Please enter a 3-digit bag number"),
  dropoffLocation: z
    .enum(BOOKABLE_LOCATIONS, { error: "Please choose a drop-off location" })
    .nullish()
    .transform((value) => value ?? "HIGHLANDS_RANCH"),
  dropoffDateTime: z
    .string({ error: "Please choose a valid drop-off time" })
    .max(40, "Please choose a valid drop-off time")
    .nullish()
    .refine((value) => !value || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))), {
      message: "Please choose a valid drop-off time",
    })
    .transform((value) => (value ? new Date(value).toISOString() : undefined)),
  isOnsite: z
    .boolean({ error: "isOnsite must be true or false" })
    .nullish()
    .transform((value) => value ?? false),
  service: boundedId(
    "Please choose a core service",
    z.string(required("Please choose a core service")).trim().min(1, "Please choose a core service"),
  ),
  addOns: z
    .array(boundedId("That add-on is not available"), { error: "That add-on is not available" })
    .max(20, "Too many add-ons")
    .nullish()
    .transform((value) => value ?? []),
  weightAreas: z
    .array(z.string({ error: "That weight area is not available" }).max(40, "That weight area is not available"), {
      error: "That weight area is not available",
    })
    .max(WEIGHT_AREAS.length, "Choose at most 5 areas for the weight")
    .nullish()
    .transform((value) => value ?? []),
  customerNotes: optionalText(500, "Notes must be 500 characters or less"),
  promoCode: optionalText(40, "Invalid promo code"),
});
export type BookServiceInput = z.output<typeof BookService>;

/** The `Idempotency-Key` header: printable, at most 200 characters. */
export const IdempotencyKey = z
  .string()
  .trim()
  .min(1, "Idempotency-Key must not be empty")
  .max(200, "Idempotency-Key must be at most 200 characters")
  .regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be printable ASCII without spaces");

export interface Booked {
  id: string;
  /** True when the order has an amount to pay by card (status INVOICED); false for a free (comp) order. */
  requiresPayment: boolean;
}

const answerOf = (order: Pick<OrderItem, "id" | "totalCents">): Booked => ({
  id: order.id,
  requiresPayment: order.totalCents > 0,
});

/** The order a previous request with this key created, if any. */
async function replay(idempotencyValue: { kind: "idempotencyKey"; value: string } | undefined): Promise<Booked | null> {
  if (!idempotencyValue) return null;
  // Strongly consistent: a concurrent repeat reads this right after the first request's transaction commits.
  const { data: reservation } = await db().entities.uniqueValue.get(idempotencyValue).go({ consistent: true });
  if (!reservation) return null;
  const { data: order } = await db().entities.serviceOrder.get({ id: reservation.ownerId }).go({ consistent: true });
  // The reservation and the order are written in one transaction, so one without the other means the order was deleted.
  if (!order) return null;
  return answerOf(order);
}

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Books a service. `idempotencyKey` is the request's `Idempotency-Key` header:
 * a repeat with the same key (by the same customer, within 24 hours) answers
 * the first order and takes no stock.
 */
export async function book(
  actor: UserActor,
  input: BookServiceInput,
  options: { idempotencyKey?: string; now?: Date } = {},
): Promise<Booked> {
  const { data: user } = await db().entities.user.get({ userId: actor.userId }).go();
  if (!user?.phoneVerified) throw precondition("Phone number verification required");

  const key = options.idempotencyKey === undefined ? undefined : IdempotencyKey.parse(options.idempotencyKey);
  const idempotencyValue = key === undefined ? undefined : (uniqueKey("idempotencyKey", `${actor.userId}:${key}`) as {
    kind: "idempotencyKey";
    value: string;
  });
  const earlier = await replay(idempotencyValue);
  if (earlier) return earlier;

  const [{ data: paddle }, skus, promotion, bag] = await Promise.all([
    db().entities.paddle.get({ userId: actor.userId, id: input.paddleId }).go(),
    skusByIds([input.service, ...input.addOns]),
    promotionFor(input.promoCode),
    Bags.activeByCode(input.bagNumber),
  ]);
  if (!paddle || paddle.ownershipStatus !== "owned") throw notFound("Paddle not found");

  const priced = priceBooking({
    skus: skus.map(catalogueSku),
    serviceId: input.service,
    addOnIds: input.addOns,
    weightAreas: input.weightAreas,
    promotion,
  });

  const now = options.now ?? new Date();
  const at = now.toISOString();
  const free = priced.totalCents === 0;
  const status: OrderStatus = free ? "SCHEDULED" : "INVOICED";
  const paymentStatus: PaymentStatus = free ? "comp" : "unpaid";
  const orderId = randomUUID();
  const actorName = user.firstName ?? actor.givenName;
  const stockTaken = Inventory.merged(priced.stockTakes);

  const order = {
    id: orderId,
    userId: actor.userId,
    paddleId: paddle.id,
    bagNumber: input.bagNumber,
    // The bag this order holds until it is picked up or canceled (bags module).
    bagCode: Bags.normaliseCode(input.bagNumber),
    status,
    statusHistory: [{ to: status, actorId: actor.userId, actorName, note: "Booked online", at }],
    dropoffLocation: input.dropoffLocation,
    dropoffDateTime: input.dropoffDateTime ?? at,
    pickupLocation: input.dropoffLocation,
    pickupDateTime: new Date(now.getTime() + PICKUP_AFTER_MS).toISOString(),
    isOnsite: input.isOnsite,
    lineItems: priced.lineItems,
    customerNotes: input.customerNotes,
    subtotalCents: priced.subtotalCents,
    discountAmountCents: priced.discountAmountCents,
    promoCode: priced.promoCode,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    paymentMethod: free ? ("COMP" as const) : ("STRIPE" as const),
    paymentStatus,
    idempotencyKey: key,
    customer: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone },
    paddle: { nickname: paddle.nickname, brand: paddle.brand, model: paddle.model },
    // What a cancel gives back (inventory module).
    ...(stockTaken.length ? { stockTaken } : {}),
    createdAt: at,
    updatedAt: at,
  };

  const write = () =>
    writeLabelled((entities) => {
      const { serviceOrder, uniqueValue, paddle: paddles, auditLog } = entities;
      return [
        { label: "order", write: serviceOrder.create(order).commit() },
        ...OrderCounters.created(entities, status),
        ...Inventory.take(entities, stockTaken),
        // The bag must exist and be free: the hold decides (a bag read above that is gone fails here too).
        ...Bags.hold(entities, input.bagNumber, orderId),
        {
          label: "paddle",
          // The paddle must still be the customer's; it is now in the bag.
          write: bag
            ? paddles
                .patch({ userId: actor.userId, id: paddle.id })
                .set({ bagId: bag.id })
                .where((a, { eq }) => eq(a.ownershipStatus, "owned"))
                .commit()
            : paddles
                .check({ userId: actor.userId, id: paddle.id })
                .where((a, { eq }) => eq(a.ownershipStatus, "owned"))
                .commit(),
        },
        {
          label: "audit",
          write: auditLog
            .create({
              actorId: actor.userId,
              actorName,
              action: "order.created",
              targetType: "order",
              targetId: orderId,
              diff: { status, totalCents: priced.totalCents, source: "online booking" },
              createdAt: at,
            })
            .commit(),
        },
        ...(idempotencyValue
          ? [
              {
                label: "idempotencyKey",
                write: uniqueValue
                  .create({
                    ...idempotencyValue,
                    ownerId: orderId,
                    expiresAtEpoch: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
                  })
                  .commit(),
              },
            ]
          : []),
      ];
    });

  for (let attempt = 0; ; attempt++) {
    const result = await write();
    if (result.committed) return answerOf(order);
    if (idempotencyValue && result.failed.includes("idempotencyKey")) {
      const first = await replay(idempotencyValue);
      if (first) return first;
      // The key's order is gone (deleted by staff): the key stays spent until it expires.
      throw conflict("This Idempotency-Key was already used");
    }
    const soldOut = Inventory.soldOut(result);
    const soldOutTake = priced.stockTakes.find((take) => soldOut.includes(take.skuId));
    if (soldOutTake) throw outOfStock(soldOutTake.name);
    if (result.failed.includes("paddle")) throw notFound("Paddle not found");
    const bagRefusal = Bags.holdRefusal(result, input.bagNumber);
    if (bagRefusal) throw bagRefusal;
    // Another transaction touched the same items at the same moment: nothing was written, so try again.
    if (result.conflict && attempt < 6) {
      await sleep(20 * 2 ** attempt * (0.5 + Math.random()));
      continue;
    }
    throw new Error(`booking transaction cancelled: ${JSON.stringify(result.codes)}`);
  }
}
