import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

/** A 6-digit code, leading zeros included, from the system's CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * What is stored instead of the code: an HMAC-SHA256 keyed by the user id
 * over the destination and the code, so the item never holds the code and a
 * hash is good only for that user and that number.
 */
export function hashCode(userId: string, destination: string, code: string): string {
  return createHmac("sha256", userId).update(`${destination}\n${code}`).digest("hex");
}

/** Compares in constant time. */
export function codeMatches(stored: string, userId: string, destination: string, code: string): boolean {
  const want = Buffer.from(hashCode(userId, destination, code), "hex");
  const have = Buffer.from(stored, "hex");
  return have.length === want.length && timingSafeEqual(have, want);
}
