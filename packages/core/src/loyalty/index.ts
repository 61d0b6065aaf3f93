/**
 * Loyalty points (the rules and their arithmetic in shared/loyalty.ts):
 *
 * - earned by a payment, taken back by a refund, given back by a cancel: in the order's own write
 *   (./order-points.ts, called by orders/move-writer.ts);
 * - redeemed on a booking or a storefront invoice: in the new order's transaction (./redeem.ts, called by
 *   orders/booking.ts and storefront/);
 * - read by the customer (GET /api/loyalty) and adjusted by an admin with a reason (POST
 *   /api/admin/loyalty/{userId}/adjust): here.
 *
 * The balance is one item per user (`loyaltyAccount`), changed only by ADD or a conditional subtract in the
 * transaction that writes the ledger entry (`loyaltyLedger`, in a partition of its own per user), so it is read,
 * never summed from the entries.
 *
 * Imported as a namespace: `import { Loyalty } from "@regrip/core/loyalty"`.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { writeLabelled } from "../db/labelled";
import { createConversions } from "../entities/electrodb";
import { conflict, invalid, notFound } from "../errors";
import { INVALID_CURSOR, pageQuery } from "../paging";
import { CUSTOMER_NOT_FOUND } from "../shared/customers";
import { ISO_TIME } from "../shared/dates";
import { Id } from "../shared/ids";
import { IDEMPOTENCY_TTL_SECONDS, IdempotencyKey } from "../shared/idempotency";
import { uniqueKey } from "../entities/uniqueValue";
import type { LoyaltyEntryView, LoyaltyView } from "../shared/loyalty";
import { orderNumberText } from "../shared/orders";
import { PointsAdjustment } from "../shared/loyalty-adjust";
import * as Users from "../users";
import { POINTS_LABEL } from "./redeem";

export * as Loyalty from "./index";

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;
/** Ours are about 200 characters: the user id, a time and an entry id. */
const MAX_CURSOR_LENGTH = 1024;

/** `?limit=&cursor=` of GET /api/loyalty. */
const LoyaltyQuery = pageQuery({ fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE, maxCursorLength: MAX_CURSOR_LENGTH });

type LedgerItem = Awaited<ReturnType<ReturnType<ReturnType<typeof db>["entities"]["loyaltyLedger"]["query"]["byUser"]>["go"]>>["data"][number];

const entryView = (item: LedgerItem): LoyaltyEntryView => ({
  id: item.id,
  orderId: item.orderId ?? null,
  orderNumber: item.orderNumber === undefined ? null : orderNumberText(item.orderNumber),
  type: item.type,
  points: item.points,
  reason: item.reason ?? null,
  createdAt: item.createdAt,
});

const conversions = () => createConversions(db().entities.loyaltyLedger).byAccessPattern.byUser;

/**
 * The cursor is the page's last entry (ElectroDB's, base64url JSON): read back into its user, time and id, each
 * checked (the caller's own user id, an ISO time, the id rule) and encoded again; anything but the very same string
 * is a 400, so a cursor can neither reach another customer's entries nor make DynamoDB fail.
 */
function checkCursor(cursor: string | undefined, userId: string): void {
  if (cursor === undefined) return;
  const Composite = z.strictObject({ userId: z.literal(userId), createdAt: z.string().check(z.regex(ISO_TIME)), id: Id });
  let reissued: string | undefined;
  try {
    const composite = Composite.safeParse(conversions().fromCursor.toComposite(cursor));
    if (composite.success) reissued = (conversions().fromComposite.toCursor as (keys: object) => string)(composite.data);
  } catch {
    // not a cursor at all: refused below
  }
  if (reissued !== cursor) throw invalid(INVALID_CURSOR);
}

/** The balance as stored: 0 for a customer who never had points. */
async function balanceOf(userId: string, consistent = false): Promise<number> {
  const { data } = await db().entities.loyaltyAccount.get({ userId }).go({ consistent });
  return data?.balance ?? 0;
}

/**
 * GET /api/loyalty: the caller's own balance (the account item) and ledger entries, newest first, a page at a time
 * (data-model L1, L2). One item more than the page is read, so the last page says so (`cursor: null`).
 */
export const mine = /* @__PURE__ */ fn({ role: "customer", input: LoyaltyQuery }, async (actor, query): Promise<LoyaltyView> => {
  checkCursor(query.cursor, actor.userId);
  const [balance, page] = await Promise.all([
    balanceOf(actor.userId),
    db().entities.loyaltyLedger.query.byUser({ userId: actor.userId }).go({ order: "desc", limit: query.limit + 1, cursor: query.cursor }),
  ]);
  const items = page.data.slice(0, query.limit);
  const last = items[items.length - 1];
  const cursor =
    page.data.length > query.limit && last ? conversions().fromComposite.toCursor({ userId: last.userId, createdAt: last.createdAt, id: last.id }) : null;
  return { balance, entries: items.map(entryView), cursor };
});

/**
 * A customer's balance and newest `limit` ledger entries, as staff read them on the customer page
 * (customers/summary.ts): one get and one Query of `limit + 1`; `more` when there are older entries.
 */
export async function recentOf(userId: string, limit: number): Promise<{ balance: number; entries: LoyaltyEntryView[]; more: boolean }> {
  const [balance, page] = await Promise.all([balanceOf(userId), db().entities.loyaltyLedger.query.byUser({ userId }).go({ order: "desc", limit: limit + 1 })]);
  return { balance, entries: page.data.slice(0, limit).map(entryView), more: page.data.length > limit };
}

export const BELOW_ZERO = (balance: number) => `That would take the balance below 0: it is ${balance} points`;

const AdjustInput = z.object({ userId: Id, adjustment: PointsAdjustment, idempotencyKey: z.optional(IdempotencyKey) });
const KEY_LABEL = "idempotencyKey";

/**
 * POST /api/admin/loyalty/{userId}/adjust {points, reason}: an admin adds points to any customer's balance (a
 * member or not, a walk-in too; or, negative, takes them away) with a reason. One transaction: the balance's ADD,
 * the ledger entry (type adjust, the reason) and the audit entry (`loyalty.adjusted`). 404 for an unknown customer;
 * 409 when taking points away would take the balance below 0 (a balance a refund took below 0 may still be raised).
 * With an Idempotency-Key (the console's form sends one per adjustment) the key is claimed in the same transaction,
 * so a repeat (a double click, a retry) changes nothing and answers the balance. Answers the balance after.
 */
export const adjust = /* @__PURE__ */ fn({ role: "admin", input: AdjustInput }, async (actor, { userId, adjustment, idempotencyKey }): Promise<{ balance: number }> => {
  const customer = await Users.get(userId);
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  const { points, reason } = adjustment;
  const now = new Date();
  const at = now.toISOString();
  const outcome = await writeLabelled((entities) => [
    {
      label: POINTS_LABEL,
      write:
        points > 0
          ? entities.loyaltyAccount.update({ userId }).add({ balance: points }).commit()
          : entities.loyaltyAccount
              .update({ userId })
              .subtract({ balance: -points })
              .where((a, { gte }) => gte(a.balance, -points))
              .commit(),
    },
    { label: "points-entry:0", write: entities.loyaltyLedger.create({ userId, type: "adjust", points, reason, createdAt: at }).commit() },
    {
      label: "audit",
      write: entities.auditLog
        .create({ ...auditEntry({ actor, action: "loyalty.adjusted", targetType: "user", targetId: userId, diff: { points, reason } }), createdAt: at })
        .commit(),
    },
    ...(idempotencyKey
      ? [
          {
            label: KEY_LABEL,
            write: entities.uniqueValue
              .create({
                ...(uniqueKey("idempotencyKey", `${actor.type === "user" ? actor.userId : "system"}:points:${userId}:${idempotencyKey}`) as { kind: "idempotencyKey"; value: string }),
                ownerId: userId,
                expiresAtEpoch: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
              })
              .commit(),
          },
        ]
      : []),
  ]);
  // A repeat of an adjustment already made: nothing more is written.
  if (!outcome.committed && idempotencyKey && outcome.failed.includes(KEY_LABEL)) return { balance: await balanceOf(userId, true) };
  if (!outcome.committed) {
    if (outcome.failed.includes(POINTS_LABEL)) throw conflict(BELOW_ZERO(await balanceOf(userId, true)));
    throw new Error(`Adjusting points was cancelled: ${JSON.stringify(outcome.codes)}`);
  }
  return { balance: await balanceOf(userId, true) };
});
