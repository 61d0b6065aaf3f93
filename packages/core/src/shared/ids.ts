/**
 * What an id and a promotion code may look like, written once for every
 * route's path and every body field that names an item.
 *
 * Why: an id goes into a DynamoDB key, which refuses more than 2,048 bytes
 * (1,024 for a sort key) with an error the API would otherwise answer as a
 * 500. Every id this shop makes is a UUID (`newId`), a Cognito sub (a UUID)
 * or a slug of letters, digits and hyphens (`sku-basic-overgrip-pink-dry`,
 * `promo-welcome10`), so anything else is refused with a 400 before it
 * reaches the table. Browser-safe: zod only.
 */
import * as z from "zod/mini";
import { PROMO_CODE_EMPTY, PROMO_CODE_INVALID, PROMO_CODE_MAX_LENGTH } from "./promo";
import "./zod-messages";

export const MAX_ID_LENGTH = 128;
/** Letters, digits, `-` and `_`: UUIDs, Cognito subs and the seeded slugs. */
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const INVALID_ID = "Invalid id";

export const isId = (value: unknown): value is string =>
  typeof value === "string" && value.length <= MAX_ID_LENGTH && ID_PATTERN.test(value);

/**
 * The id rule as a zod schema. `base` lets a body field keep its own
 * "required" wording and trimming: `boundedId("Paddle not found", z.string().check(z.trim(), z.minLength(1, REQUIRED)))`.
 */
export function boundedId(message = INVALID_ID, base: z.ZodMiniString<string> = z.string({ error: message })): z.ZodMiniString<string> {
  return base.check(z.maxLength(MAX_ID_LENGTH, message), z.regex(ID_PATTERN, message));
}

/** A path id: exactly as sent (no trimming), the id rule, 400 `Invalid id` otherwise. */
export const Id = boundedId();

export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]+$/;

/**
 * A promo code as typed, in the words of the form it is typed in: bounded before trimming (so no long text reaches
 * the rest), trimmed, upper-cased, then 1 to 20 letters, digits, `-` or `_` (what a customer can type back).
 */
export function typedPromoCode(words: { notText: string; empty: string; tooLong: string; characters: string }) {
  return z.string({ error: words.notText }).check(
    z.maxLength(200, words.tooLong),
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, words.empty),
    z.maxLength(PROMO_CODE_MAX_LENGTH, words.tooLong),
    z.regex(PROMO_CODE_PATTERN, words.characters),
  );
}

/** Promo codes are upper-cased and trimmed wherever they are typed; letters, digits, `-`, `_`. */
export const PromoCode = typedPromoCode({ notText: PROMO_CODE_INVALID, empty: PROMO_CODE_EMPTY, tooLong: PROMO_CODE_INVALID, characters: PROMO_CODE_INVALID });

/**
 * The promo code field of a booking or a storefront invoice as sent: absent, null or blank means none; anything
 * else is looked up (Promotions.byCode), which holds it to `PromoCode`'s rule. Bounded here only so an oversized
 * value is refused before any read.
 */
export const SentPromoCode = z.pipe(
  z.nullish(z.string({ error: PROMO_CODE_INVALID }).check(z.maxLength(200, PROMO_CODE_INVALID))),
  z.transform((value: string | null | undefined) => (value?.trim() ? value : undefined)),
);

/** Text in a path or query that is not an id (a code as typed): bounded, so a key is never oversized. */
export const boundedParam = (message: string, max = MAX_ID_LENGTH) => z.string({ error: message }).check(z.maxLength(max, message));

/**
 * A fractional number the client may send has at most `places` decimals. Why:
 * DynamoDB refuses magnitudes under 1e-130 (`5e-324` is valid JSON and within
 * "0 to 5"), which the API would otherwise answer as a 500.
 */
export const atMostDecimals =
  (places: number) =>
  (n: number): boolean => {
    const scaled = n * 10 ** places;
    return Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < 1e-6 && (n === 0 || Math.abs(scaled) >= 0.5);
  };
