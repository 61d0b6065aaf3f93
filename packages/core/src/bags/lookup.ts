/**
 * `GET /api/bags/{key}` (staff): the bag a QR slug or a code names and the open order in it now. Its own module, so
 * the order's view does not weigh on every Lambda that holds or frees a bag (`npm run bench:lambda`).
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { db } from "../db";
import { uniqueKey } from "../entities";
import { notFound } from "../errors";
import { view as orderView } from "../orders/view";
import { BAG_NOT_FOUND, isBagCodeKey, normaliseBagKey, type BagLookup } from "../shared/bags";
import { ID_PATTERN, MAX_ID_LENGTH } from "../shared/ids";
import { activeByCode, bagView, holderOf, type BagItem } from "./index";

/** `GET /api/bags/{key}`: a QR slug or a 3-character code, bounded before it reaches a key. */
export const BagKeyParams = z.object({
  key: z.string({ error: BAG_NOT_FOUND }).check(z.maxLength(MAX_ID_LENGTH, BAG_NOT_FOUND)),
});

/** The bag a key names: a code (its active bag, else any bag with it) or a QR slug. */
async function bagOf(key: string): Promise<BagItem | null> {
  const normal = normaliseBagKey(key);
  if (isBagCodeKey(normal)) {
    const active = await activeByCode(normal);
    if (active) return active;
    const { data } = await db().entities.bag.query.byCode({ code3: normal }).go({ limit: 10 });
    return data[0] ?? null;
  }
  // New slugs are BAG_SLUG_PATTERN; seeded and older ones any id-like text.
  if (!ID_PATTERN.test(normal)) return null;
  const { data: reservation } = await db().entities.uniqueValue.get(uniqueKey("bagQrSlug", normal)).go();
  if (!reservation) return null;
  const { data: bag } = await db().entities.bag.get({ id: reservation.ownerId }).go();
  return bag ?? null;
}

/** `GET /api/bags/{key}`: the bag a QR slug or code names, and the open order in it now (staff's view). */
export const lookup = /* @__PURE__ */ fn({ role: "staff", input: BagKeyParams }, async (_actor, { key }): Promise<BagLookup> => {
  const bag = await bagOf(key);
  if (!bag) throw notFound(BAG_NOT_FOUND);
  const orderId = bag.isActive ? await holderOf(bag.code3) : null;
  const { data: order } = orderId ? await db().entities.serviceOrder.get({ id: orderId }).go() : { data: null };
  return { bag: bagView(bag, order ? order.id : null, order?.number), order: order ? orderView(order, { staff: true }) : null };
});

