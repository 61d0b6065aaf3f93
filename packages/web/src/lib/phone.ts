/**
 * US phone numbers as customers type them (customer-side §5): non-digits
 * stripped, an optional leading country code 1 dropped, 10 digits. The input
 * is formatted while typing as +1 (AAA) BBB-CCCC and holds at most 18 characters.
 */
export const phoneInputMaxLength = 18;

/** The national digits: non-digits stripped and a leading 1 dropped (no US area code starts with 1). */
export function usPhoneDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  return digits.startsWith("1") ? digits.slice(1) : digits;
}

/** Progressive formatting: "3035" → "+1 (303) 5"; never more than 10 national digits. */
export function formatPhoneInput(input: string): string {
  const digits = usPhoneDigits(input).slice(0, 10);
  if (!digits) return "";
  const area = digits.slice(0, 3);
  const prefix = digits.slice(3, 6);
  const line = digits.slice(6);
  if (digits.length <= 3) return `+1 (${area}`;
  if (digits.length <= 6) return `+1 (${area}) ${prefix}`;
  return `+1 (${area}) ${prefix}-${line}`;
}

/** +1 and the 10 digits, or "" when the input is not a complete US number. */
export function normalizeUsPhone(input: string): string {
  const digits = usPhoneDigits(input);
  return digits.length === 10 ? `+1${digits}` : "";
}

export function isValidUsPhone(input: string): boolean {
  return normalizeUsPhone(input) !== "";
}

/** Settings rule: a plus sign, then 10 to 15 digits. */
export function isE164(input: string): boolean {
  return /^\+\d{10,15}$/.test(input.trim());
}

/** Profile rule: empty is fine (clears the phone); anything else must be a complete US number. */
export function isValidProfilePhone(input: string): boolean {
  return input.trim() === "" || isValidUsPhone(input);
}

/** A stored number for reading: +13035550142 → "+1 (303) 555-0142"; anything else unchanged. */
export function displayPhone(stored: string | null | undefined): string {
  if (!stored) return "";
  return /^\+1\d{10}$/.test(stored) ? formatPhoneInput(stored) : stored;
}
