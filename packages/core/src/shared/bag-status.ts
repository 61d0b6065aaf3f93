/**
 * The public bag status page behind each bag's QR: `/b/{slug}` in the browser, `GET /api/public/bags/{slug}`
 * on the server. Browser-safe and zod-free: the page's first load is light (no zod, no query client).
 *
 * What it answers is the bag's code, the stage of the open order in it (in the customer's words) with the stages
 * before it and their times, where the paddle is, the promised pickup day and the shop's contact: nothing personal (no name, phone, email, price, notes, nor anyone's id). Anyone
 * holding the bag may read that much; the slug (134 random bits, shared/bags.ts) is what keeps strangers out.
 */
import type { Stage } from "./lifecycle";
import type { ShopContact } from "./shop-contact";

/** The browser path a bag's label QR encodes, on the site's own origin. */
export const BAG_PAGE_PREFIX = "/b/";

/** `/b/{slug}`: the public status page of the bag with QR slug `slug`. */
export const bagPagePath = (slug: string): string => `${BAG_PAGE_PREFIX}${encodeURIComponent(slug)}`;

/** `GET /api/public/bags/{slug}`: the open order in the bag, as anyone holding the bag may see it. */
export interface BagStatusView {
  /** The code printed on the bag. */
  code3: string;
  stage: Stage;
  /** The stage in the customer's words (shared/lifecycle.ts customerStageLabel). */
  stageLabel: string;
  /** Where the paddle is to be picked up: a shop's or a partner club's name; null when the order names none. */
  location: string | null;
  /** The promised pickup day, `YYYY-MM-DD` on the shop's calendar; null when the order has none. */
  pickupDate: string | null;
  /** Each stage the order has been in, oldest first, with when it got there (ISO): from its statusHistory. */
  timeline: { stage: Stage; at: string }[];
  /** When the stage last changed (ISO): the timeline's last time. */
  updatedAt: string;
  /** The shop to call or visit: the order's own, else the default drop-off shop (a club day's, a delivery run's). */
  shop: ShopContact & { label: string };
}

/** The 404 of an unknown slug and of a bag with no open order (the same words: a slug tells nothing more). */
export const NO_ORDER_IN_BAG = "No order in this bag";

/** The 429 of a caller who looked at too many bags in a short time. */
export const BAG_LOOKS_TOO_MANY = "Too many bag lookups. Please try again in a minute.";
