/**
 * `GET /api/public/bags/{slug}`: the public status of the bag a label's QR names, for whoever holds the
 * bag. Its own module, light, so the public route's Lambda carries neither the order's full view nor the staff lookup.
 *
 * Only a QR slug opens it (26 random characters, 134 bits: shared/bags.ts), never a bag's 3-digit code, which anyone
 * could count through. An unknown slug, a retired bag and a bag no open order holds all get the same 404, and every
 * look, found or not, spends one of the caller's looks (`admit`): at most `BAG_LOOKS` a minute from one address.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { db } from "../db";
import { uniqueKey } from "../entities";
import { notFound, tooMany } from "../errors";
import { RateLimits, type Limit } from "../rate-limits";
import { BAG_LOOKS_TOO_MANY, NO_ORDER_IN_BAG, type BagStatusView } from "../shared/bag-status";
import { BAG_SLUG_PATTERN } from "../shared/bags";
import { MAX_ID_LENGTH } from "../shared/ids";
import { customerStageLabel, stageOfStatus, type Stage } from "../shared/lifecycle";
import { DEFAULT_DROPOFF_LOCATION, isBookableLocation, SHOP_LABELS } from "../shared/location-names";
import { shopContact } from "../settings/shops";
import type { OrderItem } from "../orders/view";
import { holderOf } from "./index";

/** Looks at bags one source address may take in a rolling minute: a counter's worth of scans, not a crawl. */
export const BAG_LOOKS: Limit = { max: 30, windowMs: 60_000 };

/** The stages in which an order is no longer in its bag. */
const CLOSED: readonly Stage[] = ["picked_up", "canceled"];

/** The slug as sent, bounded before it reaches a key; one that is no slug of ours is the same 404 as an unknown one. */
export const BagStatusParams = z.object({
  slug: z.string({ error: NO_ORDER_IN_BAG }).check(z.maxLength(MAX_ID_LENGTH, NO_ORDER_IN_BAG)),
});

/**
 * Spends one of `ip`'s looks, or refuses with 429 when its minute's looks are spent. Called before the lookup, so a
 * crawl of guessed slugs is slowed whether the guesses hit or not. A request with no address shares one budget.
 */
export async function admit(ip: string | undefined): Promise<void> {
  if (!(await RateLimits.take("bagLooks", ip || "unknown", BAG_LOOKS))) throw tooMany(BAG_LOOKS_TOO_MANY);
}

/** Where the paddle is to be picked up, by name: the partner club's for an order at one, else the shop's. */
function locationName(order: OrderItem): string | null {
  if (order.partner?.name) return order.partner.name;
  const where = order.pickupLocation ?? order.dropoffLocation;
  return where && isBookableLocation(where) ? SHOP_LABELS[where] : null;
}

/** The stages the order has been in, oldest first: where it started (its creation), then each move to a new stage. */
function timelineOf(order: OrderItem): BagStatusView["timeline"] {
  const history = order.statusHistory ?? [];
  // The history's first entry is the order's creation (no `from`); an order without one starts at its creation.
  const first = history[0] ? (history[0].from ? stageOfStatus[history[0].from] : undefined) : stageOfStatus[order.status];
  const timeline: BagStatusView["timeline"] = first ? [{ stage: first, at: order.createdAt }] : [];
  for (const move of history) {
    const stage = stageOfStatus[move.to];
    if (stage && stage !== timeline.at(-1)?.stage) timeline.push({ stage, at: move.at });
  }
  return timeline;
}

/** The shop to reach about the order: the one it is picked up or dropped off at, else the default drop-off shop. */
function shopOf(order: OrderItem) {
  const where = order.pickupLocation ?? order.dropoffLocation;
  return where && isBookableLocation(where) ? where : DEFAULT_DROPOFF_LOCATION;
}

/** `GET /api/public/bags/{slug}`: the open order in the bag, without anything personal; 404 `No order in this bag`. */
export const status = /* @__PURE__ */ fn({ role: "public", input: BagStatusParams }, async (_actor, { slug }): Promise<BagStatusView> => {
  const normal = slug.trim().toLowerCase();
  if (!BAG_SLUG_PATTERN.test(normal)) throw notFound(NO_ORDER_IN_BAG);
  const { data: reservation } = await db().entities.uniqueValue.get(uniqueKey("bagQrSlug", normal)).go();
  if (!reservation) throw notFound(NO_ORDER_IN_BAG);
  const { data: bag } = await db().entities.bag.get({ id: reservation.ownerId }).go();
  if (!bag?.isActive) throw notFound(NO_ORDER_IN_BAG);
  const orderId = await holderOf(bag.code3);
  const { data: order } = orderId ? await db().entities.serviceOrder.get({ id: orderId }).go() : { data: null };
  const stage = order ? stageOfStatus[order.status] : undefined;
  if (!order || !stage || CLOSED.includes(stage)) throw notFound(NO_ORDER_IN_BAG);
  const timeline = timelineOf(order);
  const shop = shopOf(order);
  return {
    code3: bag.code3,
    stage,
    stageLabel: customerStageLabel[stage],
    location: locationName(order),
    pickupDate: order.pickupDate ?? null,
    timeline,
    updatedAt: timeline.at(-1)?.at ?? order.createdAt,
    shop: { label: SHOP_LABELS[shop], ...(await shopContact(shop)) },
  };
});
