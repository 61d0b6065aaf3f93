/**
 * GET /api/admin/audit?cursor=&limit=: the audit log newest first (data-model A2).
 *
 * Entries live in one partition per month (`audit#<yyyy-mm>`, sorted by `<createdAt>#<id>`), so a page is a
 * Query of this month's partition, descending, continued in the previous month's while the page is not full,
 * down to the log's first month (AUDIT_FIRST_MONTH): the walk of db/months.ts. A page reads at most `limit + 1` entries, whatever the
 * size of the log; the months it steps through on the way cost one empty Query each.
 *
 * The cursor is the last entry given (its createdAt and id), and is checked exactly like the other cursors of
 * this API: read back, every part validated, encoded again, refused unless it is the very same string.
 */
import type { EntityItem } from "electrodb";
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { db } from "../db";
import { decodePosition, encodePosition, walkMonths } from "../db/months";
import { createConversions } from "../entities/electrodb";
import { monthOf, type AuditLog } from "../entities";
import type { AuditEntryView, AuditPage } from "../shared/audit";
import { pageQuery } from "../paging";

/** An audit entry as stored. Here, not in index.ts, so index.ts (which re-exports this module) is imported by nothing here. */
export type AuditItem = EntityItem<AuditLog>;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 100;
/**
 * The month of the oldest entry the list reaches: the shop's software began keeping the log after it (2026),
 * so the walk back through empty months has an end.
 */
export { previousMonth } from "../db/months";
export const AUDIT_FIRST_MONTH = "2025-01";

/** `?cursor=&limit=`. */
export const AuditListQuery = pageQuery({ fallback: AUDIT_PAGE_SIZE, max: AUDIT_MAX_PAGE_SIZE, maxCursorLength: 512 });
export type AuditListInput = z.output<typeof AuditListQuery>;

/**
 * The actor's first name (what Recent Activity shows) as the shop knows it now, from the user items of the page's actors: one BatchGet of
 * at most `limit` keys (a page has few distinct actors). The name written with an entry is the sign-in token's
 * given name, or the username when the token has none (cognito-local's tokens never do, and a profile edit
 * changes the name), so it is only the fallback, for an actor whose user item is gone.
 */
async function actorFirstNames(items: AuditItem[]): Promise<Map<string, string>> {
  const ids = [...new Set(items.map((item) => item.actorId).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const { data } = await db().entities.user.get(ids.map((userId) => ({ userId }))).go({ attributes: ["userId", "firstName"] });
  return new Map(data.filter((user) => user.firstName?.trim()).map((user) => [user.userId, user.firstName!.trim()]));
}

export function entryView(item: AuditItem, names: ReadonlyMap<string, string> = new Map()): AuditEntryView {
  const changes = item.diff && typeof item.diff === "object" && !Array.isArray(item.diff) ? (item.diff as Record<string, unknown>) : null;
  return {
    id: item.id,
    action: item.action,
    targetType: item.targetType,
    targetId: item.targetId,
    changes,
    createdAt: item.createdAt,
    actor: item.actorId ? { id: item.actorId, firstName: names.get(item.actorId) ?? item.actorName ?? null } : null,
    ip: item.ip ?? null,
    userAgent: item.userAgent ?? null,
  };
}

/** GET /api/admin/audit: newest first, `limit` at a time. Admin. */
export const list = /* @__PURE__ */ fn({ role: "admin", input: AuditListQuery }, async (_actor, query): Promise<AuditPage> => {
  const after = decodePosition(query.cursor, AUDIT_FIRST_MONTH);
  const conversions = createConversions(db().entities.auditLog).byAccessPattern.byMonth;
  const nowMonth = monthOf(new Date().toISOString());
  const month = after ? monthOf(after[0]) : nowMonth;
  // One more than the page, to know whether another page follows.
  const { kept: found } = await walkMonths<AuditItem>({
    month,
    firstMonth: AUDIT_FIRST_MONTH,
    start: after ? (conversions.fromComposite.toCursor as (keys: object) => string)({ month, createdAt: after[0], id: after[1] }) : undefined,
    want: query.limit + 1,
    budget: query.limit + 1,
    query: async (m, limit, cursor) => {
      const page = await db().entities.auditLog.query.byMonth({ month: m }).go({ order: "desc", limit, cursor, pages: 1 });
      return { data: page.data as AuditItem[], cursor: page.cursor };
    },
  });
  const items = found.slice(0, query.limit);
  const last = items[items.length - 1];
  const names = await actorFirstNames(items);
  return { items: items.map((item) => entryView(item, names)), cursor: found.length > query.limit && last ? encodePosition([last.createdAt, last.id]) : null };
});
