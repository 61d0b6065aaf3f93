/**
 * `GET /api/bags/{key}/availability`: the booking page checks a typed bag number as it is typed, not
 * after payment. Its own module, so the route's Lambda carries only these reads (and the booking's none of it).
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { invalid } from "../errors";
import { BAG_NUMBER_INVALID, bagDoesNotExist, bagInUse, BOOKING_BAG_NUMBER_PATTERN, type BagAvailability } from "../shared/bags";
import { MAX_ID_LENGTH } from "../shared/ids";
import { activeByCode, holderOf } from "./index";

/** A bag number as a customer types it, bounded before it reaches a key. */
export const BagAvailabilityParams = z.object({
  key: z.string({ error: BAG_NUMBER_INVALID }).check(z.maxLength(MAX_ID_LENGTH, BAG_NUMBER_INVALID)),
});

/**
 * Whether a booking may name bag `key` now, in the words the booking would refuse it with (`Bag 999 does not
 * exist`, `Bag 121 is in use by another open order`). Reads only; the order's transaction still decides (bags
 * module `hold`). 400 for anything but 3 digits.
 */
export const availability = /* @__PURE__ */ fn({ role: "customer", input: BagAvailabilityParams }, async (_actor, { key }): Promise<BagAvailability> => {
  const code = key.trim();
  if (!BOOKING_BAG_NUMBER_PATTERN.test(code)) throw invalid(BAG_NUMBER_INVALID);
  const [bag, holder] = await Promise.all([activeByCode(code), holderOf(code)]);
  if (!bag) return { code, available: false, message: bagDoesNotExist(code) };
  if (holder) return { code, available: false, message: bagInUse(code) };
  return { code, available: true, message: null };
});
