/**
 * Money as staff type it: dollars to integer cents by rounding. Browser-safe, no
 * imports: the product dialog's price and the promotion dialog's amount both convert with this one rule.
 */

/** Dollars as typed, read as a number's text: trimmed, without a leading `$` or thousands commas. */
const typedDollars = (dollars: string) => dollars.trim().replace(/^\$/, "").replace(/,/g, "");

/** Dollars as typed ("8", " $1,234.5 ", "0.285") to integer cents by rounding; NaN for empty text or not a number. */
export function dollarsToCents(dollars: string | number): number {
  const text = typeof dollars === "number" ? String(dollars) : typedDollars(dollars);
  if (text === "") return NaN;
  const value = Number(text);
  // toPrecision first: 0.285 * 100 is 28.499999999999996 in floating point, and rounds to 29 as typed.
  return Number.isFinite(value) ? Math.round(Number((value * 100).toPrecision(12))) : NaN;
}

/** Dollars as typed with a fraction of a cent ("9.999", " $1,000.005 "): the product dialog refuses them (shared/products). */
export const hasSubCents = (typed: string): boolean => /^\d*\.\d{3,}$/.test(typedDollars(typed));
