/**
 * The `Idempotency-Key` header of the POSTs that must not happen twice (a booking, a storefront invoice, a
 * broadcast): its rule and how long a key is remembered. Browser-safe, zod/mini.
 */
import * as z from "zod/mini";

/** How long an Idempotency-Key is remembered. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** The `Idempotency-Key` header: printable, at most 200 characters. */
export const IdempotencyKey = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, "Idempotency-Key must not be empty"),
    z.maxLength(200, "Idempotency-Key must be at most 200 characters"),
    z.regex(/^[\x21-\x7e]+$/, "Idempotency-Key must be printable ASCII without spaces"),
  );
