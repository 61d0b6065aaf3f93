/**
 * Thousands grouped with commas, as en-US writes them: 1234567 → "1,234,567". By hand rather than with
 * `toLocaleString("en-US")`: a page's first Intl call makes the browser load its locale data, a long task of
 * hundreds of milliseconds on a phone, and the booking page's first render shows a price.
 */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Cents to dollars with two decimals: 6030 → "$60.30", -670 → "-$6.70". */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = groupThousands(Math.floor(abs / 100));
  return `${whole < 0 ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}
