/**
 * The query string of every paged list of this API (`?limit=&cursor=`): one schema, so each list refuses a bad
 * limit or an oversized cursor with the same words. The cursor itself is checked by its list (read back, every
 * part validated, encoded again, refused unless the very same string): only a list knows its own positions.
 */
import * as z from "zod/mini";

export const INVALID_CURSOR = "Invalid cursor";
const limitMessage = (max: number) => `limit must be a whole number from 1 to ${max}`;

/** `?limit=`: 1 to `max` whole, `fallback` when absent or empty. */
export function pageLimit(fallback: number, max: number) {
  const message = limitMessage(max);
  return z.pipe(
    z.optional(z.string().check(z.maxLength(10, message))),
    z.transform((raw: string | undefined, ctx): number => {
      if (raw === undefined || raw === "") return fallback;
      const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
      if (!(n >= 1 && n <= max)) {
        ctx.issues.push({ code: "custom", message, input: raw });
        return z.NEVER;
      }
      return n;
    }),
  );
}

/** `?cursor=`: at most `maxLength` characters (a 400 `Invalid cursor` beyond), undefined when absent or empty. */
export function pageCursor(maxLength: number) {
  return z.pipe(
    z.optional(z.string().check(z.maxLength(maxLength, INVALID_CURSOR))),
    z.transform((raw: string | undefined) => (raw ? raw : undefined)),
  );
}

/** `?limit=&cursor=` together. */
export function pageQuery(options: { fallback: number; max: number; maxCursorLength: number }) {
  return z.object({ limit: pageLimit(options.fallback, options.max), cursor: pageCursor(options.maxCursorLength) });
}
