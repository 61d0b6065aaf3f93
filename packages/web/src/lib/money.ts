/** Cents to dollars with two decimals: 6030 → "$60.30", -670 → "-$6.70". */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${whole < 0 ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}
