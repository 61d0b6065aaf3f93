/**
 * Promotions as pricing and the pages read them: a percentage of the cart total, or a
 * fixed amount capped at the cart total. Browser-safe: the booking page and the storefront cart preview the
 * discount with `discountCents`, and the server prices every order with the same function.
 */

/** The part of a promotion pricing reads (what GET /api/promotions/{code} answers). */
export interface Discount {
  code: string;
  percentage: number;
  amountCents: number;
}

export const PROMO_CODE_MAX_LENGTH = 20;
export const PROMO_CODE_EMPTY = "Please enter a promo code";
export const PROMO_CODE_INVALID = "Invalid promo code";
export const PROMO_CODE_CHECK_FAILED = "Failed to validate promo code";

/** Promo codes are trimmed and upper-cased as they are typed. */
export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** A percentage of the subtotal (half a cent rounds up), or a fixed amount; never below 0 nor more than the subtotal. */
export function discountCents(subtotalCents: number, promotion: Discount | null | undefined): number {
  if (!promotion) return 0;
  const raw =
    promotion.percentage > 0
      ? Math.floor((subtotalCents * promotion.percentage + 50) / 100)
      : promotion.amountCents;
  return Math.max(0, Math.min(subtotalCents, raw));
}

/** "10% off" or "$5.00 off", for the applied-code line and the 'Promo Applied' toast. */
export function promoSummary(promo: Discount, format: (cents: number) => string): string {
  return promo.percentage > 0 ? `${promo.percentage}% off` : `${format(promo.amountCents)} off`;
}
