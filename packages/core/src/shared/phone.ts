/**
 * US phone numbers as the shop takes them: non-digits stripped, an
 * optional leading country code 1 dropped (no US area code starts with 1), then exactly 10 digits, stored in E.164
 * as `+1XXXXXXXXXX`. Browser-safe: the web app formats and checks with these while the person types, and the
 * server stores what `normaliseUsPhone` answers. The code texted to verify a number is checked here too.
 */
import * as z from "zod/mini";

/** The phone inputs hold at most 18 characters (`+1 (303) 555-0142` is 17). */
export const PHONE_INPUT_MAX_LENGTH = 18;

export const INVALID_PHONE = "Invalid phone number. Please enter a complete 10-digit phone number.";
export const PHONE_REQUIRED = "Phone number is required (10 digits)";
export const INVALID_BOOKING_PHONE = "Please enter a valid 10-digit phone number";
/** The profile's phone (PUT /api/auth/user): empty clears it, anything else must be a whole number. */
export const INCOMPLETE_PHONE = "Please enter a complete 10-digit phone number or leave it empty.";
export const INVALID_E164 = "Please use E.164 format (e.g., +12345678901)";

/** The national digits: non-digits stripped and a leading 1 dropped. */
export function usPhoneDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  return digits.startsWith("1") ? digits.slice(1) : digits;
}

/** `+1` and the 10 national digits, or null when the input is not a complete US number. */
export function normaliseUsPhone(input: string): string | null {
  const national = usPhoneDigits(input);
  return national.length === 10 ? `+1${national}` : null;
}

export function isValidUsPhone(input: string): boolean {
  return normaliseUsPhone(input) !== null;
}

/** Empty is fine (no phone, or clears it); anything else must be a complete US number. */
export function isValidOptionalUsPhone(input: string): boolean {
  return input.trim() === "" || isValidUsPhone(input);
}

/** E.164 (settings and test SMS rule): a plus sign, then 10 to 15 digits, the first not 0. */
export const E164 = /^\+[1-9]\d{9,14}$/;

export function isE164(input: string): boolean {
  return E164.test(input.trim());
}

/** Progressive formatting while typing: "3035" → "+1 (303) 5"; never more than 10 national digits. */
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

/** A stored number for reading: +13035550142 → "+1 (303) 555-0142"; anything else unchanged. */
export function displayPhone(stored: string | null | undefined): string {
  if (!stored) return "";
  return /^\+1\d{10}$/.test(stored) ? formatPhoneInput(stored) : stored;
}

export const NOT_SIX_DIGITS = "Please enter the 6-digit verification code";
/** A code that is wrong, used up or past its ten minutes (phone-verification/). */
export const INVALID_OR_EXPIRED = "Invalid or expired code";

/** POST /api/user/phone/verify and the staff's verify call: `{ code }`, the 6 digits texted (spaces around ignored). */
export const VerifyCode = z.object({
  code: z.string({ error: NOT_SIX_DIGITS }).check(z.maxLength(20, NOT_SIX_DIGITS), z.trim(), z.regex(/^\d{6}$/, NOT_SIX_DIGITS)),
});
export type VerifyCode = z.infer<typeof VerifyCode>;
