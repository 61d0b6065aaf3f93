/**
 * GET /api/admin/audit?cursor=&limit=: the audit log newest first (data-model A2).
 *
 * Entries live in one partition per month (`audit#<yyyy-mm>`, sorted by `<createdAt>#<id>`), so a page is a
 * Query of this month's partition, descending, continued in the previous month's while the page is not full,
 * down to the log's first month (AUDIT_FIRST_MONTH). A page reads at most `limit + 1` entries, whatever the
 * size of the log; the months it steps through on the way cost one empty Query each.
 *
 * The cursor is the last entry given (its createdAt and id), and is checked exactly like the other cursors of
 * this API: read back, every part validated, encoded again, refused unless it is the very same string.
 */
import * as z from "zod/mini";
import { db } from "../db";
import { createConversions } from "../entities/electrodb";
import { monthOf } from "../entities";
import { invalid } from "../errors";
import type { AuditEntryView, AuditPage } from "../shared/audit";
import { INVALID_CURSOR, pageQuery } from "../paging";
import { ID_PATTERN, MAX_ID_LENGTH } from "../shared/ids";
import type { AuditItem } from "./index";

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;
/**
 * The month of the oldest entry the list reaches: the shop's software began keeping the log after it (2026),
 * so the walk back through empty months has an end.
 */
export const AUDIT_FIRST_MONTH = "2025-01";
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** `?cursor=&limit=`. */
export const AuditListQuery = pageQuery({ fallback: AUDIT_PAGE_SIZE, max: AUDIT_MAX_PAGE_SIZE, maxCursorLength: 512 });
export type AuditListInput = z.output<typeof AuditListQuery>;

type Position = [createdAt: string, id: string];

const encodeCursor = (position: Position): string => Buffer.from(JSON.stringify(position)).toString("base64url");

function decodeCursor(cursor: string | undefined): Position | undefined {
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
      monthOf(raw[0]) >= AUDIT_FIRST_MONTH &&
      typeof raw[1] === "string" &&
      raw[1].length <= MAX_ID_LENGTH &&
      ID_PATTERN.test(raw[1])
    ) {
      position = [raw[0], raw[1]];
      reissued = encodeCursor(position);
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

export function entryView(item: AuditItem): AuditEntryView {
  const changes = item.diff && typeof item.diff === "object" && !Array.isArray(item.diff) ? (item.diff as Record<string, unknown>) : null;
  return {
    id: item.id,
    action: item.action,
    targetType: item.targetType,
    targetId: item.targetId,
    changes,
    createdAt: item.createdAt,
    actor: item.actorId ? { id: item.actorId, firstName: item.actorName ?? null } : null,
    ip: item.ip ?? null,
    userAgent: item.userAgent ?? null,
  };
}

/** Newest first, `limit` at a time; `now` is when "this month" is (tests). */
export async function list(query: AuditListInput, options: { now?: Date } = {}): Promise<AuditPage> {
  const after = decodeCursor(query.cursor);
  const conversions = createConversions(db().entities.auditLog).byAccessPattern.byMonth;
  const nowMonth = monthOf((options.now ?? new Date()).toISOString());
  let month = after ? monthOf(after[0]) : nowMonth;
  const found: AuditItem[] = [];
  let start = after ? (conversions.fromComposite.toCursor as (keys: object) => string)({ month, createdAt: after[0], id: after[1] }) : undefined;
  // One more than the page, to know whether another page follows.
  while (found.length <= query.limit && month >= AUDIT_FIRST_MONTH) {
    const page = await db()
      .entities.auditLog.query.byMonth({ month })
      .go({ order: "desc", limit: query.limit + 1 - found.length, cursor: start, pages: 1 });
    found.push(...(page.data as AuditItem[]));
    if (page.cursor) {
      start = page.cursor;
      continue;
    }
    month = previousMonth(month);
    start = undefined;
  }
  const items = found.slice(0, query.limit);
  const last = items[items.length - 1];
  return { items: items.map(entryView), cursor: found.length > query.limit && last ? encodeCursor([last.createdAt, last.id]) : null };
}
