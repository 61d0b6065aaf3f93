/**
 * Reading a log kept in one partition per month (`<log>#<yyyy-mm>`, sorted by time), newest first: this month's
 * partition descending, then the previous month's, down to the log's first month. Shared by the audit list
 * (audit/list.ts) and the communications log (communications/list.ts).
 *
 * Two bounds, whatever the size of the log: `want` items kept (a page and one more, to know whether another
 * follows) and `budget` items read. Without a filter the two are the same and a page reads at most `want` items.
 * With one (`keep`), items that do not match are read and dropped, and the walk stops after `budget` items even
 * when fewer than `want` matched: the caller answers a short page and a cursor at `lastRead` instead of reading on
 * through the log. The months stepped through on the way cost one empty Query each.
 *
 * A page's cursor is a position in the log (an entry's time and id), checked exactly like the other cursors of
 * this API: read back, every part validated, encoded again, refused unless it is the very same string.
 */
import { invalid } from "../errors";
import { INVALID_CURSOR } from "../paging";
import { ISO_TIME } from "../shared/dates";
import { ID_PATTERN, MAX_ID_LENGTH } from "../shared/ids";

/** An entry's time (ISO, milliseconds) and id. */
export type Position = [at: string, id: string];

export const encodePosition = (position: Position): string => Buffer.from(JSON.stringify(position)).toString("base64url");

/** The position `cursor` names (undefined without one), or a 400 `Invalid cursor` for any string this log did not issue. */
export function decodePosition(cursor: string | undefined, firstMonth: string): Position | undefined {
  if (cursor === undefined) return undefined;
  let reissued: string | undefined;
  let position: Position | undefined;
  try {
    const raw: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(raw) &&
      raw.length === 2 &&
      typeof raw[0] === "string" &&
      ISO_TIME.test(raw[0]) &&
      !Number.isNaN(Date.parse(raw[0])) &&
      raw[0].slice(0, 7) >= firstMonth &&
      typeof raw[1] === "string" &&
      raw[1].length <= MAX_ID_LENGTH &&
      ID_PATTERN.test(raw[1])
    ) {
      position = [raw[0], raw[1]];
      reissued = encodePosition(position);
    }
  } catch {
    // not a cursor at all: refused below
  }
  if (reissued !== cursor || !position) throw invalid(INVALID_CURSOR);
  return position;
}

/** `2026-11` → `2026-10`. */
export function previousMonth(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, "0")}`;
}

export interface MonthWalk<T> {
  /** The month to start in (the cursor's month, or this month). */
  month: string;
  /** The oldest month the log can hold: the walk ends there. */
  firstMonth: string;
  /** ElectroDB's cursor to start after, within `month`. */
  start?: string;
  want: number;
  budget: number;
  keep?: (item: T) => boolean;
  /** Smallest Query worth making while filtering (so a nearly full page does not read one item at a time). */
  chunk?: number;
  /** One descending Query of `month`'s partition. */
  query: (month: string, limit: number, cursor: string | undefined) => Promise<{ data: T[]; cursor: string | null }>;
}

export interface MonthWalkResult<T> {
  /** The items kept, newest first (at most `want`). */
  kept: T[];
  /** The last item read, kept or not: where a short page continues. */
  lastRead: T | undefined;
  /** True when the walk reached the end of the log: nothing older is left. */
  exhausted: boolean;
}

export async function walkMonths<T>(walk: MonthWalk<T>): Promise<MonthWalkResult<T>> {
  const kept: T[] = [];
  let lastRead: T | undefined;
  let read = 0;
  let month = walk.month;
  let start = walk.start;
  while (kept.length < walk.want && read < walk.budget && month >= walk.firstMonth) {
    const limit = Math.min(walk.budget - read, Math.max(walk.want - kept.length, walk.keep ? (walk.chunk ?? 0) : 0));
    const page = await walk.query(month, limit, start);
    read += page.data.length;
    for (const item of page.data) {
      if (kept.length === walk.want) break;
      lastRead = item;
      if (!walk.keep || walk.keep(item)) kept.push(item);
    }
    if (page.cursor) {
      start = page.cursor;
      continue;
    }
    month = previousMonth(month);
    start = undefined;
  }
  return { kept, lastRead, exhausted: month < walk.firstMonth };
}
