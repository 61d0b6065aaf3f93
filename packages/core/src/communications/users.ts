/**
 * GET /api/admin/users?q=&limit=&cursor=: the customers a broadcast can reach (the spec lists only users with a phone,
 * `phone` or `stripePhone`; search matches name, phone and email).
 *
 * - With `q` (3 characters or more): the customer search of customers/search-index.ts (index items read ≈
 *   customers found, at most 20), then one BatchGet of those users; no cursor (type more to narrow).
 * - Without: the users index newest first (data-model A-users, `allUsers`), `limit` customers with a phone a
 *   page, reading at most BROADCAST_USERS_READ_BUDGET users: a stretch of users without a phone answers a
 *   short page and a cursor, never a read through the shop.
 *
 * Each user's `optedOut` comes from one BatchGet of the conversations of the page's numbers.
 */
import type { EntityItem } from "electrodb";
import { fn } from "../actor/fn";
import { db } from "../db";
import { decodePosition, encodePosition } from "../db/months";
import type { User } from "../entities";
import { createConversions } from "../entities/electrodb";
import { findUserIds, searchKeys, searchTerms } from "../customers/search-index";
import { isSearchable, SEARCH_RESULTS_MAX } from "../shared/customers";
import {
  BROADCAST_USERS_READ_BUDGET,
  BroadcastUsersQuery,
  type BroadcastUsersPage,
  type BroadcastUserView,
} from "../shared/communications";
import { broadcastPhone, hasPromotionalConsent, optedOutNumbers } from "../texts";

type UserItem = EntityItem<User>;

/** Users made before this month are not expected (the shop's software began in 2026); cursors before it are refused. */
const FIRST_MONTH = "2020-01";

async function views(users: UserItem[]): Promise<BroadcastUserView[]> {
  const withPhone = users.flatMap((user) => {
    const phone = broadcastPhone(user);
    return phone ? [{ user, phone }] : [];
  });
  const stopped = await optedOutNumbers(withPhone.map((u) => u.phone));
  return withPhone.map(({ user, phone }) => ({
    id: user.userId,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    email: user.email ?? null,
    phone,
    smsPromotions: hasPromotionalConsent(user),
    optedOut: stopped.has(phone),
  }));
}

const byName = (a: BroadcastUserView, b: BroadcastUserView) =>
  (a.lastName ?? "").localeCompare(b.lastName ?? "", "en", { sensitivity: "base" }) ||
  (a.firstName ?? "").localeCompare(b.firstName ?? "", "en", { sensitivity: "base" }) ||
  a.id.localeCompare(b.id);

/** The page of reachable customers the query asks for. Admin. */
export const broadcastUsers = /* @__PURE__ */ fn({ role: "admin", input: BroadcastUsersQuery }, async (_actor, query): Promise<BroadcastUsersPage> => {
  if (query.q) {
    if (!isSearchable(query.q)) return { items: [], cursor: null };
    const ids = await findUserIds(query.q, SEARCH_RESULTS_MAX);
    if (ids.length === 0) return { items: [], cursor: null };
    const { data } = await db()
      .entities.user.get(ids.map((userId) => ({ userId })))
      .go();
    const keys = searchKeys(query.q);
    // A user whose stored fields no longer match (a change committing now) is left out, as Customers.search does.
    const users = (data as UserItem[]).filter((user) => searchTerms(user).some((term) => keys.some((key) => term.startsWith(key))));
    return { items: (await views(users)).sort(byName).slice(0, query.limit), cursor: null };
  }

  const after = decodePosition(query.cursor, FIRST_MONTH);
  const conversions = createConversions(db().entities.user).byAccessPattern.allUsers;
  let cursor: string | null = after
    ? (conversions.fromComposite.toCursor as (keys: object) => string)({ createdAt: after[0], userId: after[1] })
    : null;
  const found: UserItem[] = [];
  let lastRead: UserItem | undefined;
  let read = 0;
  let exhausted = false;
  // One more than the page, to know whether another page follows.
  while (found.length <= query.limit && read < BROADCAST_USERS_READ_BUDGET) {
    const page = await db()
      .entities.user.query.allUsers({})
      .go({ order: "desc", limit: Math.min(BROADCAST_USERS_READ_BUDGET - read, Math.max(query.limit + 1 - found.length, 25)), cursor, pages: 1 });
    read += page.data.length;
    for (const user of page.data as UserItem[]) {
      if (found.length > query.limit) break;
      lastRead = user;
      if (broadcastPhone(user)) found.push(user);
    }
    cursor = page.cursor;
    if (!cursor) {
      exhausted = true;
      break;
    }
  }
  const shown = found.slice(0, query.limit);
  let next: UserItem | undefined;
  if (found.length > query.limit) next = shown[shown.length - 1];
  else if (!exhausted) next = lastRead;
  return { items: await views(shown), cursor: next ? encodePosition([next.createdAt, next.userId]) : null };
});
