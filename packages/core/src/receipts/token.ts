/**
 * A receipt's token (receipts/index.ts): made with a counter sale, compared when its receipt is asked for. Its own
 * file, so the counter's routes take it without the receipt's text and its provider.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A new receipt token: 128 random bits, base64url (22 characters). */
export function newReceiptToken(): string {
  return randomBytes(16).toString("base64url");
}

/** True when `given` is the order's token. Constant time: both are hashed first, so neither length nor content leaks. */
export function receiptTokenMatches(stored: string | undefined | null, given: string | undefined | null): boolean {
  if (!stored || !given) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(stored), digest(given));
}
