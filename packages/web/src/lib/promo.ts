/** What GET /api/promotions/{code} answers. */
export interface Promotion {
  code: string;
  percentage: number;
  amountCents: number;
}

/** Promo codes are trimmed and upper-cased as they are typed. */
export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * The discount the page shows: a percentage of the subtotal, or a fixed amount
 * capped at the subtotal. For the customer's eyes only: the server prices the order.
 */
export function promoDiscountCents(subtotalCents: number, promo: Promotion | null | undefined): number {
  if (!promo || subtotalCents <= 0) return 0;
  const raw = promo.percentage > 0 ? Math.round((subtotalCents * promo.percentage) / 100) : promo.amountCents;
  return Math.min(Math.max(0, raw), subtotalCents);
}

/** "10% off" or "$5.00 off", for the applied-code line. */
export function promoSummary(promo: Promotion, format: (cents: number) => string): string {
  return promo.percentage > 0 ? `${promo.percentage}% off` : `${format(promo.amountCents)} off`;
}
