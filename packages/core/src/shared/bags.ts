/**
 * Bags (docs/api-staff.md "Bags"): what the console and the server share. Browser-safe and without zod
 * (the booking page's first load reads the bag number's rule); the create request's schema is ./bag-input.
 *
 * A bag's code (`code3`) is the bag number typed at drop-off and printed on the bag. New bags get
 * random codes of digits only: a customer's online booking takes "a 3-digit bag number"
 * (the spec's booking form), so a bag with a letter in its code could not be booked online. Codes seeded or
 * made before may hold letters (0-9 and A-Z); lookups take either. That leaves 1,000 codes.
 */
import type { OrderView } from "./orders";

export const BAG_CODE_ALPHABET = "0123456789";
export const BAG_CODE_LENGTH = 3;
export const BAG_CODE_PATTERN = /^[0-9A-Z]{3}$/;
/** What a customer booking online types: the bag's 3 digits (the booking's schema, shared/booking.ts). */
export const BOOKING_BAG_NUMBER_PATTERN = /^\d{3}$/;
export const BAG_NUMBER_INVALID = "Please enter a 3-digit bag number";

/**
 * The booking schema's bag-number rule without zod, for the booking page's Book button: that page's first load
 * is budgeted (scripts/lib/bundle-budget.ts) and carries no zod.
 */
export const isBookingBagNumber = (value: string): boolean => BOOKING_BAG_NUMBER_PATTERN.test(value.trim());
/**
 * QR slugs: 26 characters of a-z and 0-9, each drawn at random: 134 bits. Lower case because slugs are
 * reserved and looked up case-insensitively (a phone camera or a person may change the case).
 */
export const BAG_SLUG_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export const BAG_SLUG_LENGTH = 26;
export const BAG_SLUG_PATTERN = /^[a-z0-9]{26}$/;

export const BAG_NOT_FOUND = "Bag not found";
export const bagDoesNotExist = (code: string) => `Bag ${code} does not exist`;
export const bagInUse = (code: string) => `Bag ${code} is in use by another open order`;
/** The quick sale's refusal of a typed bag that is not an active bag of the shop (409: the shop's bags decide). */
export const bagNotActive = (code: string) => `Bag ${code} does not exist or is retired`;
/** The quick sale with its bag left blank, when every active bag holds an open order. */
export const NO_FREE_BAG = "No bag is free: make more bags on the Bags page, or type the number of a bag that is free";

export interface BagView {
  id: string;
  code3: string;
  qrSlug: string;
  isActive: boolean;
  /** The open order holding the bag, or null. */
  orderId: string | null;
  /** That order's number ("R-1042"), what the bags list names it by; null with no order, or one made before numbers. */
  orderNumber: string | null;
}

export interface BagPage {
  items: BagView[];
  /** Hand back as `?cursor=` for the next page; null on the last page. */
  cursor: string | null;
}

/** `GET /api/bags/{key}`: the bag and the open order in it now. */
export interface BagLookup {
  bag: BagView;
  order: OrderView | null;
}


/** A bag code as typed: trimmed and upper-cased. */
export const normaliseBagKey = (key: string): string => (key.trim().length === 3 ? key.trim().toUpperCase() : key.trim());

/** True when `key` is a bag code (3 characters) rather than a QR slug. */
export const isBagCodeKey = (key: string): boolean => BAG_CODE_PATTERN.test(normaliseBagKey(key));


/** `GET /api/bags/{key}/availability`: may a booking name this bag now (`message` says why not). */
export interface BagAvailability {
  code: string;
  available: boolean;
  message: string | null;
}
