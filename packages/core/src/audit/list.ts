/**
 * GET /api/admin/audit?actor=&action=&target=&from=&to=&cursor=&limit=: the audit log newest first (data-model A2), filtered.
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
import { AUDIT_SYSTEM_ACTOR, AUDIT_TARGET_TYPES, monthOf, type AuditLog, type AuditTargetType } from "../entities";
import {
  AUDIT_ACTION_INVALID,
  AUDIT_ACTOR_INVALID,
  AUDIT_DAYS_REVERSED,
  AUDIT_FROM_INVALID,
  AUDIT_TARGET_INVALID,
  AUDIT_TO_INVALID,
} from "../shared/audit";
import { addDays, instantOf, isLocalDate, type LocalDate } from "../shared/calendar";
import { ID_PATTERN, MAX_ID_LENGTH } from "../shared/ids";
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

/** Items a filtered page reads at most before it answers what it found and a cursor to go on from (see `list`). */
export const AUDIT_FILTER_BUDGET = 500;

const blankToUndefined = (raw: string | undefined) => (raw?.trim() ? raw.trim() : undefined);

/** `?actor=`: a person's id, or `system` for what the system did. */
const actorFilter = z.pipe(
  z.optional(z.string().check(z.maxLength(MAX_ID_LENGTH, AUDIT_ACTOR_INVALID))),
  z.transform((raw, ctx): string | undefined => {
    const value = blankToUndefined(raw);
    if (value !== undefined && !ID_PATTERN.test(value)) ctx.issues.push({ code: "custom", message: AUDIT_ACTOR_INVALID, input: raw });
    return value;
  }),
);

/** `?action=`: one action as written (`order.paid`). */
const actionFilter = z.pipe(
  z.optional(z.string().check(z.maxLength(64, AUDIT_ACTION_INVALID))),
  z.transform((raw, ctx): string | undefined => {
    const value = blankToUndefined(raw);
    if (value !== undefined && !/^[a-z_]+\.[a-z_]+$/.test(value)) ctx.issues.push({ code: "custom", message: AUDIT_ACTION_INVALID, input: raw });
    return value;
  }),
);

/** `?target=<type>:<id>`: one record (`order:0f6c...`, `user:...`, `settings:money`). */
const targetFilter = z.pipe(
  z.optional(z.string().check(z.maxLength(MAX_ID_LENGTH + 20, AUDIT_TARGET_INVALID))),
  z.transform((raw, ctx): { targetType: AuditTargetType; targetId: string } | undefined => {
    const value = blankToUndefined(raw);
    if (value === undefined) return undefined;
    const [type, id, ...rest] = value.split(":");
    if (rest.length || !(AUDIT_TARGET_TYPES as readonly string[]).includes(type ?? "") || !id || id.length > MAX_ID_LENGTH || !ID_PATTERN.test(id)) {
      ctx.issues.push({ code: "custom", message: AUDIT_TARGET_INVALID, input: raw });
      return z.NEVER;
    }
    return { targetType: type as AuditTargetType, targetId: id };
  }),
);

/** `?from=` and `?to=`: the shop's days (YYYY-MM-DD, America/Denver), both included. */
const dayFilter = (message: string) =>
  z.pipe(
    z.optional(z.string().check(z.maxLength(10, message))),
    z.transform((raw, ctx): LocalDate | undefined => {
      const value = blankToUndefined(raw);
      if (value !== undefined && !isLocalDate(value)) ctx.issues.push({ code: "custom", message, input: raw });
      return value;
    }),
  );

/** `?actor=&action=&target=&from=&to=&cursor=&limit=`. */
export const AuditListQuery = z
  .object({
    ...pageQuery({ fallback: AUDIT_PAGE_SIZE, max: AUDIT_MAX_PAGE_SIZE, maxCursorLength: 512 }).shape,
    actor: actorFilter,
    action: actionFilter,
    target: targetFilter,
    from: dayFilter(AUDIT_FROM_INVALID),
    to: dayFilter(AUDIT_TO_INVALID),
  })
  .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { message: AUDIT_DAYS_REVERSED }));
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

/** The first and last instant of the chosen days, as the sort keys compare them. */
function window(query: AuditListInput): { from: string; to: string } {
  return {
    from: query.from ? instantOf(query.from, "00:00").toISOString() : `${AUDIT_FIRST_MONTH}-01T00:00:00.000Z`,
    to: query.to ? new Date(instantOf(addDays(query.to, 1), "00:00").getTime() - 1).toISOString() : "9999-12-31T23:59:59.999Z",
  };
}

/**
 * GET /api/admin/audit: newest first, `limit` at a time, filtered by who (`actor`), what (`action`), which record
 * (`target`) and when (`from`, `to`, the shop's days). Admin.
 *
 * What a page reads, every filter being a Query and never a Scan:
 * - `target`: the record's history (index byTarget, gsi1), its time window as the sort key's range;
 * - else `actor`: the person's entries (index byActor, gsi2; entries written before the index existed are not in it),
 *   the window likewise;
 * - else the month partitions (byMonth), from the window's last month back to its first, each Query bounded by the
 *   window's range, as without filters.
 * `action` (and, with `target`, `actor`) is then checked on each entry read: such a page reads at most
 * AUDIT_FILTER_BUDGET entries and, when fewer matched, answers them with a cursor at the last entry read, so a rare
 * action over a long log is read on page by page rather than in one long request. Without those filters a page reads
 * at most `limit + 1` entries.
 */
export const list = /* @__PURE__ */ fn({ role: "admin", input: AuditListQuery }, async (_actor, query): Promise<AuditPage> => {
  const after = decodePosition(query.cursor, AUDIT_FIRST_MONTH);
  const bounds = window(query);
  const conversions = createConversions(db().entities.auditLog).byAccessPattern;
  const nowMonth = monthOf(new Date().toISOString());
  const keep = (item: AuditItem) =>
    (!query.action || item.action === query.action) && (!query.target || !query.actor || (item.actorId ?? AUDIT_SYSTEM_ACTOR) === query.actor);
  const filtered = Boolean(query.action || (query.target && query.actor));
  const want = query.limit + 1;
  const budget = filtered ? Math.max(AUDIT_FILTER_BUDGET, want) : want;
  const to = after ? after[0] : bounds.to;
  const toCursor = (index: keyof typeof conversions, keys: object) =>
    (conversions[index].fromComposite.toCursor as (keys: object) => string)(keys);

  let found: { kept: AuditItem[]; lastRead: AuditItem | undefined; exhausted: boolean };
  if (query.target || query.actor) {
    const start = after
      ? query.target
        ? toCursor("byTarget", { ...query.target, createdAt: after[0], id: after[1], month: monthOf(after[0]) })
        : toCursor("byActor", { actorKey: query.actor, createdAt: after[0], id: after[1], month: monthOf(after[0]) })
      : undefined;
    found = await walkPartition<AuditItem>({
      want,
      budget,
      keep: filtered ? keep : undefined,
      start,
      query: async (limit, cursor) => {
        const index = query.target
          ? db().entities.auditLog.query.byTarget(query.target)
          : db().entities.auditLog.query.byActor({ actorKey: query.actor! });
        const page = await index.between({ createdAt: bounds.from }, { createdAt: bounds.to }).go({ order: "desc", limit, cursor, pages: 1 });
        return { data: page.data as AuditItem[], cursor: page.cursor };
      },
    });
  } else {
    const month = after ? monthOf(after[0]) : [nowMonth, monthOf(to)].sort()[0]!;
    const firstMonth = [AUDIT_FIRST_MONTH, monthOf(bounds.from)].sort()[1]!;
    found = await walkMonths<AuditItem>({
      month,
      firstMonth,
      start: after ? toCursor("byMonth", { month, createdAt: after[0], id: after[1] }) : undefined,
      want,
      budget,
      keep: filtered ? keep : undefined,
      chunk: 50,
      query: async (m, limit, cursor) => {
        const page = await db()
          .entities.auditLog.query.byMonth({ month: m })
          .between({ createdAt: bounds.from }, { createdAt: bounds.to })
          .go({ order: "desc", limit, cursor, pages: 1 });
        return { data: page.data as AuditItem[], cursor: page.cursor };
      },
    });
  }
  const items = found.kept.slice(0, query.limit);
  const full = found.kept.length > query.limit;
  const last = items[items.length - 1];
  // A short page of a filtered walk that stopped on its budget goes on from the last entry it read.
  const cursorAt = full ? last : !found.exhausted && found.lastRead ? found.lastRead : undefined;
  const names = await actorFirstNames(items);
  return { items: items.map((item) => entryView(item, names)), cursor: cursorAt ? encodePosition([cursorAt.createdAt, cursorAt.id]) : null };
});

/** One partition read newest first, as walkMonths reads a month: at most `want` kept and `budget` read. */
async function walkPartition<T>(walk: {
  want: number;
  budget: number;
  keep?: (item: T) => boolean;
  start?: string;
  query: (limit: number, cursor: string | undefined) => Promise<{ data: T[]; cursor: string | null }>;
}): Promise<{ kept: T[]; lastRead: T | undefined; exhausted: boolean }> {
  const kept: T[] = [];
  let lastRead: T | undefined;
  let read = 0;
  let cursor = walk.start;
  while (kept.length < walk.want && read < walk.budget) {
    const limit = Math.min(walk.budget - read, Math.max(walk.want - kept.length, walk.keep ? 50 : 0));
    const page = await walk.query(limit, cursor);
    read += page.data.length;
    for (const item of page.data) {
      if (kept.length === walk.want) break;
      lastRead = item;
      if (!walk.keep || walk.keep(item)) kept.push(item);
    }
    if (!page.cursor) return { kept, lastRead, exhausted: true };
    cursor = page.cursor;
  }
  return { kept, lastRead, exhausted: false };
}
