/**
 * Customer search index items (customerSearch entity): which terms a customer
 * is found by, the writes that keep them in step with the user item, and the
 * Query that finds customers by what staff typed. Imported by users/ (sign-in
 * and profile edits) and phone-verification/ as well as customers/, so it
 * imports neither.
 */
import type { TransactionEntities, LabelledWrite } from "../db/labelled";
import { db } from "../db";
import { SEARCH_MAX_LENGTH as SEARCH_MAX, SEARCH_MIN_LENGTH as SEARCH_MIN, SEARCH_RESULTS_MAX } from "../shared/customers";

/** Characters of a term's partition (the shortest search is 3 characters). */
const PREFIX_LENGTH = SEARCH_MIN;

const codePoints = (text: string) => Array.from(text);

/**
 * Lower case, accents stripped, only letters and digits kept, at most 100
 * characters: `José O'Neil` → `joseoneil`, `(303) 555-0142` → `3035550142`,
 * `Ann.Lee@Example.com` → `annleeexamplecom`. Search text goes through the same.
 */
export function normaliseSearchText(text: string): string {
  const kept = text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  return codePoints(kept).slice(0, SEARCH_MAX).join("");
}

export interface SearchableFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  /** E.164. */
  phone?: string | null;
}

/**
 * A phone's last digits are found from a term of its digits backwards behind this mark (`~2410555303` for
 * (303) 555-0142), so "0142" is the prefix `~2410` of it. Typed text never holds the mark (normaliseSearchText
 * keeps letters and digits only), so no name or email search reads these items.
 */
const PHONE_END_MARK = "~";
/** A search by a phone's last digits needs at least 4 of them ("1234" finds (720) 555-1234; fewer would match too many). */
const PHONE_END_MIN_DIGITS = 4;
const reversed = (digits: string) => Array.from(digits).reverse().join("");

/**
 * The terms a customer is found by: "first last" (which also finds the first
 * name: every prefix of the first name is a prefix of it), the last name, the
 * email, the phone's national digits, and the phone's digits backwards behind
 * the mark (its last digits). A term that is a prefix of another of
 * the same customer adds nothing and is left out, as are terms under 3
 * characters (no search can match them).
 */
export function searchTerms(fields: SearchableFields): string[] {
  const national = fields.phone?.startsWith("+1") ? fields.phone.slice(2) : (fields.phone ?? "");
  const raw = [
    `${fields.firstName ?? ""}${fields.lastName ?? ""}`,
    fields.firstName ?? "",
    fields.lastName ?? "",
    fields.email ?? "",
    national,
  ].map(normaliseSearchText);
  const digits = normaliseSearchText(national);
  if (/^\d+$/.test(digits) && digits.length >= PHONE_END_MIN_DIGITS) raw.push(PHONE_END_MARK + reversed(digits));
  const long = [...new Set(raw)].filter((term) => codePoints(term).length >= PREFIX_LENGTH);
  return long.filter((term) => !long.some((other) => other !== term && other.startsWith(term))).sort();
}

/** True when the user item's recorded terms are not the ones its fields give now (made before a term existed). */
export function staleTerms(user: SearchableFields & { searchTerms?: readonly string[] }): boolean {
  return user.searchTerms === undefined || searchTerms(user).join("\n") !== user.searchTerms.join("\n");
}

const prefixOf = (term: string) => codePoints(term).slice(0, PREFIX_LENGTH).join("");
const keyOf = (term: string, userId: string) => ({ prefix: prefixOf(term), entry: `${term}#${userId}` });

/**
 * The transaction writes that take a user's index items from `before` (the
 * terms the user item records, undefined when it was never indexed) to
 * `after`: the terms no longer produced are deleted, the new ones put. Put
 * and delete are idempotent, so a user indexed without a record is repaired.
 */
export function termWrites(
  entities: TransactionEntities,
  userId: string,
  before: readonly string[] | undefined,
  after: readonly string[],
): LabelledWrite[] {
  const old = new Set(before ?? []);
  const next = new Set(after);
  return [
    ...[...old]
      .filter((term) => !next.has(term))
      .map((term) => ({ label: `search-delete:${term}`, write: entities.customerSearch.delete(keyOf(term, userId)).commit() })),
    ...[...next]
      .filter((term) => before === undefined || !old.has(term))
      .map((term) => ({
        label: `search-put:${term}`,
        write: entities.customerSearch.put({ ...keyOf(term, userId), term, userId }).commit(),
      })),
  ];
}

/**
 * What to look up for the typed text: its normal form, and for a phone typed
 * with the country code (`+1 303…`, `1-303…`) the digits after the 1 (no US
 * area code starts with 1); for 4 or more digits also, and first, a phone's
 * last digits (the backwards term). Texts under 3 characters once normalised find nothing.
 */
export function searchKeys(q: string): string[] {
  const text = normaliseSearchText(q);
  const keys = [text];
  const phoneLike = /^[\d\s().+-]+$/.test(q.trim());
  if (phoneLike && text.startsWith("1")) {
    if (q.trim().startsWith("+")) keys[0] = text.slice(1);
    else keys.push(text.slice(1));
  }
  // First: the 20 answered are read key by key, and at the counter a few digits are a phone's end far more often
  // than its area code (which the prefix keys would fill the 20 with).
  if (phoneLike && text.length >= PHONE_END_MIN_DIGITS) keys.unshift(PHONE_END_MARK + reversed(text));
  return [...new Set(keys)].filter((key) => codePoints(key).length >= PREFIX_LENGTH);
}

/**
 * The ids of at most 20 distinct customers with a term starting with the typed
 * text, in term order. One Query per key (at most two), read page by page only
 * until 20 customers are found: the items read follow the matches shown,
 * never the size of the shop.
 */
export async function findUserIds(q: string, max = SEARCH_RESULTS_MAX): Promise<string[]> {
  const found: string[] = [];
  for (const key of searchKeys(q)) {
    let cursor: string | null = null;
    do {
      const need = max - found.length;
      if (need <= 0) break;
      const page: { data: { userId: string }[]; cursor: string | null } = await db()
        .entities.customerSearch.query.byTerm({ prefix: prefixOf(key) })
        .begins({ entry: key })
        .go({ cursor, limit: need, attributes: ["userId"] });
      for (const item of page.data) if (!found.includes(item.userId)) found.push(item.userId);
      cursor = page.cursor;
    } while (cursor);
  }
  return found.slice(0, max);
}
