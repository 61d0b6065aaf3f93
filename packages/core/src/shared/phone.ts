/**
 * US phone numbers as the shop takes them (customer-side §5): non-digits
 * stripped, an optional leading country code 1 dropped (no US area code starts
 * with 1), then exactly 10 digits, stored in E.164 as `+1XXXXXXXXXX`.
 * Browser-safe: the web app applies the same rule while the customer types.
 */
export function normaliseUsPhone(input: string): string | null {
  const digits = input.replace(/\D/g, "");
  const national = digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length === 10 ? `+1${national}` : null;
}
