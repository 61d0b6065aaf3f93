/**
 * What the 'Bags Created' toast says: the codes made, in the order made. Codes are random, so a first and a last
 * ("245 to 854") would read as a range that was never made; past ten the rest are counted (the alert above the list
 * names them all).
 */
const TOAST_CODES_MAX = 10;

export function createdBagsText(codes: readonly string[]): string {
  if (codes.length === 1) return `Bag ${codes[0]}`;
  const shown = codes.slice(0, TOAST_CODES_MAX).join(", ");
  const more = codes.length - TOAST_CODES_MAX;
  return more > 0 ? `${codes.length} bags: ${shown} and ${more} more` : `${codes.length} bags: ${shown}`;
}
