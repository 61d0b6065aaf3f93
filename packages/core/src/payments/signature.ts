/**
 * Stripe's webhook signature, checked with node:crypto as Stripe documents it
 * ("Verify signatures manually"): the `Stripe-Signature` header holds a
 * timestamp `t` and one or more `v1` signatures, each an HMAC-SHA256 of
 * `${t}.${raw body}` under the endpoint's signing secret. One must match, and
 * `t` must be within the tolerance, so a captured event cannot be replayed later.
 *
 * Why not `Stripe.webhooks.constructEvent`: it is the same check, and the
 * webhook function would load the whole Stripe SDK (about 260 KB) for it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Stripe's own default: five minutes. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export class SignatureError extends Error {}

/** The parsed event in `rawBody` when `header` signs it with `secret`; a SignatureError otherwise. */
export function verifyStripeSignature<T = unknown>(
  rawBody: string,
  header: string,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): T {
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.filter(([key, value]) => key === "v1" && value).map(([, value]) => value);
  if (!Number.isSafeInteger(timestamp) || signatures.length === 0) throw new SignatureError("Unable to read the Stripe-Signature header");

  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest();
  const matches = signatures.some((hex) => {
    const given = /^[0-9a-f]{64}$/i.test(hex) ? Buffer.from(hex, "hex") : Buffer.alloc(0);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new SignatureError("No signature matches the payload");

  const age = (options.now ?? new Date()).getTime() / 1000 - timestamp;
  if (Math.abs(age) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) throw new SignatureError("The signature is too old");
  try {
    return JSON.parse(rawBody) as T;
  } catch {
    throw new SignatureError("The signed payload is not JSON");
  }
}
