/**
 * Bags are real: a bag number names a bag the shop has, held by one open order at a time (docs/api-staff.md "Bags", docs/data-model.md S13 to S16, S18 to S20).
 *
 * Three kinds of uniqueValue item carry a bag's rules, each a conditional write on a key:
 * - `bagCode` (value the code, owner the bag id): one active bag per code; it exists exactly while the bag is
 *   active, so "an existing active bag" is one ConditionCheck on it.
 * - `bagQrSlug` (value the slug, owner the bag id): what a scanned QR code resolves.
 * - `bagHold` (value the code, owner the order id): the open order holding the bag. Created with the order
 *   (attribute_not_exists: a second open order is refused), deleted in the transaction that picks the order
 *   up or cancels it.
 *
 * `hold` and `release` are labelled writes for the order's own transaction (db/labelled.ts): every way of making
 * or closing an order puts them beside its other writes, and `holdRefusal` turns a failed one into the answer.
 */
import { randomInt } from "node:crypto";
import { createConversions } from "../entities/electrodb";
import * as z from "zod/mini";
import type { Actor } from "../actor";
import { fn } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { INVALID_CURSOR, pageQuery } from "../paging";
import { CHANGED, readDecideWrite, writeLabelled, type LabelledOutcome, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { newId } from "../entities/attributes";
import { uniqueKey } from "../entities";
import { conflict, DomainError, invalid, unavailable } from "../errors";
import {
  BAG_CODE_ALPHABET,
  BAG_CODE_PATTERN,
  BAG_SLUG_ALPHABET,
  BAG_SLUG_LENGTH,
  bagDoesNotExist,
  bagInUse,
  type BagPage,
  type BagView,
} from "../shared/bags";
import { CreateBags } from "../shared/bag-input";
import { ID_PATTERN, MAX_ID_LENGTH } from "../shared/ids";
import type { OrderItem } from "../orders/view";
import { orderNumberText } from "../shared/orders";

export * as Bags from "./index";
export { CreateBags };
export type { BagView, BagPage, BagLookup } from "../shared/bags";

/** The labels of the hold's and the release's writes in an order's transaction. */
export const BAG_LABEL = "bag";
export const BAG_HOLD_LABEL = "bag-hold";
export const BAG_RELEASE_LABEL = "bag-release";

export type BagItem = {
  id: string;
  code3: string;
  qrSlug: string;
  isActive: boolean;
};

/** A bag number as orders store it and bags are keyed: trimmed, upper-case. */
export const normaliseCode = (code: string): string => code.trim().toUpperCase();

// ---------------------------------------------------------------------------------------------
// The hold: labelled writes for an order's own transaction
// ---------------------------------------------------------------------------------------------

/**
 * The writes that make order `orderId` hold bag `code`: the bag must exist and be active (label `bag`,
 * a check on its `bagCode` item), and no other open order may hold it (label `bag-hold`, a create of its
 * `bagHold` item). Put them in the order's transaction; on a cancelled one, `holdRefusal` gives the answer.
 * The order should store the code as `bagCode` (and the number as typed as `bagNumber`): `release` reads it.
 */
export function hold({ uniqueValue }: TransactionEntities, code: string, orderId: string): LabelledWrite[] {
  const bagCode = normaliseCode(code);
  return [
    {
      label: BAG_LABEL,
      write: uniqueValue
        .check(uniqueKey("bagCode", bagCode))
        .where((a, { exists }) => exists(a.ownerId))
        .commit(),
    },
    { label: BAG_HOLD_LABEL, write: uniqueValue.create({ ...uniqueKey("bagHold", bagCode), ownerId: orderId }).commit() },
  ];
}

/**
 * The answer for a transaction that `hold` was part of, when the hold is why it failed: 400 `Bag {code}
 * does not exist` or 409 `Bag {code} is in use by another open order`; null otherwise.
 */
export function holdRefusal(outcome: LabelledOutcome, code: string): DomainError | null {
  if (outcome.committed) return null;
  const bagCode = normaliseCode(code);
  if (outcome.failed.includes(BAG_LABEL)) return invalid(bagDoesNotExist(bagCode));
  if (outcome.failed.includes(BAG_HOLD_LABEL)) return conflict(bagInUse(bagCode));
  return null;
}

/**
 * The write that frees the bag `order` holds (none when it holds none): the `bagHold` item is deleted on
 * the condition that it is this order's or already gone. Put it in the transaction that picks the order
 * up or cancels it. Label `bag-release`: it fails only when another order holds the bag (an order made
 * before bags were held); `releaseFailed` tells, and the caller writes again without it.
 */
export function release({ uniqueValue }: TransactionEntities, order: Pick<OrderItem, "id" | "bagCode">): LabelledWrite[] {
  if (!order.bagCode) return [];
  return [
    {
      label: BAG_RELEASE_LABEL,
      write: uniqueValue
        .delete(uniqueKey("bagHold", order.bagCode))
        .where((a, { eq, notExists }) => `${notExists(a.ownerId)} OR ${eq(a.ownerId, order.id)}`)
        .commit(),
    },
  ];
}

export const PADDLE_OUT_LABEL = "paddle-out-of-bag";

/**
 * The write that takes `order`'s paddle out of bag `bagId` with the order (its `bagId` cleared), so My Grips
 * stops showing a picked-up or canceled paddle as in the bag. Only while the paddle is still in that bag:
 * droppable, so a paddle since put in another bag, or deleted, keeps what it has and the move goes on.
 */
export function paddleOut({ paddle }: TransactionEntities, order: Pick<OrderItem, "userId" | "paddleId">, bagId: string | null): LabelledWrite[] {
  if (!order.paddleId || !bagId) return [];
  return [
    {
      label: PADDLE_OUT_LABEL,
      droppable: true,
      write: paddle
        .patch({ userId: order.userId, id: order.paddleId })
        .remove(["bagId"])
        .where((a, { eq }) => eq(a.bagId, bagId))
        .commit(),
    },
  ];
}

/** The id of the bag with code `code`, active or not, or null: one get of its `bagCode` reservation. */
export async function idOf(code: string): Promise<string | null> {
  if (!BAG_CODE_PATTERN.test(normaliseCode(code))) return null;
  const { data } = await db().entities.uniqueValue.get(uniqueKey("bagCode", normaliseCode(code))).go();
  return data?.ownerId ?? null;
}

/** True when `release`'s write is why `outcome` failed: the bag is another order's, so there is nothing to free. */
export function releaseFailed(outcome: LabelledOutcome): boolean {
  return !outcome.committed && outcome.failed.includes(BAG_RELEASE_LABEL);
}

/** The order id holding bag `code`, or null. */
export async function holderOf(code: string): Promise<string | null> {
  const { data } = await db().entities.uniqueValue.get(uniqueKey("bagHold", normaliseCode(code))).go({ consistent: true });
  return data?.ownerId ?? null;
}

/** The active bag with code `code`, or null (one get of its `bagCode` item, one of the bag). */
export async function activeByCode(code: string): Promise<BagItem | null> {
  if (!BAG_CODE_PATTERN.test(normaliseCode(code))) return null;
  const { data: reservation } = await db().entities.uniqueValue.get(uniqueKey("bagCode", code)).go();
  if (!reservation) return null;
  const { data: bag } = await db().entities.bag.get({ id: reservation.ownerId }).go();
  return bag?.isActive ? bag : null;
}

/** How many bags `lowestFree` reads a page (their holds are one BatchGet a page). */
const FREE_SCAN_PAGE = 100;

/**
 * The lowest-coded active bag no open order holds, skipping `exclude` (codes just lost to another order), or
 * null when none is free. Reads the bags by code a page at a time, each page's holds in one BatchGet, and stops
 * at the first free one: the work grows with the bags in use below it, never with the orders. The hold in the
 * order's transaction still decides: two sales that pick the same bag at once are told apart there.
 */
export async function lowestFree(exclude: ReadonlySet<string> = new Set()): Promise<string | null> {
  let cursor: string | undefined;
  do {
    const page = await db().entities.bag.query.allBags({}).go({ limit: FREE_SCAN_PAGE, cursor, pages: 1 });
    const candidates = page.data.filter((bag) => bag.isActive && BAG_CODE_PATTERN.test(bag.code3) && !exclude.has(bag.code3));
    const held = await holders(candidates.map((bag) => bag.code3));
    const free = candidates.find((bag) => !held.has(bag.code3));
    if (free) return free.code3;
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return null;
}

/** A bag the server chose for an order that another order took first (its hold or its check failed). */
export class AssignedBagTaken extends Error {
  constructor(readonly code: string) {
    super(`Bag ${code} was taken meanwhile`);
  }
}

/**
 * Makes an order whose bag the server may choose (`lowestFree(lost)`): when `make` throws AssignedBagTaken, the
 * bag is added to `lost` and the order made again with the next free one, under the one retry policy
 * (db/labelled.ts `readDecideWrite`); when the tries run out, `noneFree` is thrown.
 */
export function withFreeBag<T>(make: (lost: ReadonlySet<string>) => Promise<T>, noneFree: () => Error): Promise<T> {
  const lost = new Set<string>();
  return readDecideWrite(async () => {
    try {
      return await make(lost);
    } catch (error) {
      if (!(error instanceof AssignedBagTaken)) throw error;
      lost.add(error.code);
      return CHANGED;
    }
  }, noneFree);
}

// ---------------------------------------------------------------------------------------------
// Creating bags
// ---------------------------------------------------------------------------------------------

/** Tries at a free code for one bag before giving up (the codes are nearly all taken by then). */
const CODE_TRIES = 40;
export const NO_FREE_CODES = "No free bag codes are left";

const randomCode = () => Array.from({ length: 3 }, () => BAG_CODE_ALPHABET[randomInt(BAG_CODE_ALPHABET.length)]).join("");
/** 26 characters drawn from 36 by crypto's randomInt: 134 bits, URL-safe. */
export const randomSlug = () => Array.from({ length: BAG_SLUG_LENGTH }, () => BAG_SLUG_ALPHABET[randomInt(BAG_SLUG_ALPHABET.length)]).join("");

export const bagView = (bag: BagItem, orderId: string | null, orderNumber: number | undefined = undefined): BagView => ({
  id: bag.id,
  code3: bag.code3,
  qrSlug: bag.qrSlug,
  isActive: bag.isActive,
  orderId,
  orderNumber: orderId && orderNumber !== undefined ? orderNumberText(orderNumber) : null,
});

async function createOne(actor: Actor, at: string): Promise<BagView> {
  for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
    const bag = { id: newId(), code3: randomCode(), qrSlug: randomSlug(), isActive: true };
    const result = await writeLabelled(({ bag: bags, uniqueValue, auditLog }) => [
      { label: "bag", write: bags.create({ ...bag, createdAt: at, updatedAt: at }).commit() },
      { label: "code", write: uniqueValue.create({ ...uniqueKey("bagCode", bag.code3), ownerId: bag.id }).commit() },
      { label: "slug", write: uniqueValue.create({ ...uniqueKey("bagQrSlug", bag.qrSlug), ownerId: bag.id }).commit() },
      {
        label: "audit",
        write: auditLog
          .create({
            ...auditEntry({ actor, action: "bag.created", targetType: "bag", targetId: bag.id, diff: { code3: bag.code3 } }),
            createdAt: at,
          })
          .commit(),
      },
    ]);
    if (result.committed) return bagView(bag, null);
    // A code (or, never in practice, a slug) taken, or a concurrent write: try another code.
    if (result.failed.includes("code") || result.failed.includes("slug") || result.conflict) continue;
    throw new Error(`Creating a bag was cancelled: ${JSON.stringify(result.codes)}`);
  }
  throw conflict(NO_FREE_CODES);
}

/**
 * `POST /api/admin/bags/create {count}`: `count` new active bags, each with a random unused code and an
 * unguessable QR slug, each one transaction with its `bag.created` audit entry. A few at a time.
 */
export const create = /* @__PURE__ */ fn({ role: "staff", input: CreateBags }, async (actor, input): Promise<BagView[]> => {
  const at = new Date().toISOString();
  const made: BagView[] = [];
  const PARALLEL = 4;
  for (let i = 0; i < input.count; i += PARALLEL) {
    const batch = Math.min(PARALLEL, input.count - i);
    made.push(...(await Promise.all(Array.from({ length: batch }, () => createOne(actor, at)))));
  }
  return made.sort((a, b) => a.code3.localeCompare(b.code3));
});

// ---------------------------------------------------------------------------------------------
// Reading bags
// ---------------------------------------------------------------------------------------------

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** `GET /api/admin/bags?cursor=&limit=`. */
export const BagListQuery = pageQuery({ fallback: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE, maxCursorLength: 512 });
export type BagListQueryInput = z.output<typeof BagListQuery>;


/** The open orders holding `codes`' bags: one batch get of their `bagHold` items. */
async function holders(codes: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  const found = new Map<string, string>();
  if (unique.length === 0) return found;
  const { data, unprocessed } = await db()
    .entities.uniqueValue.get(unique.map((code) => uniqueKey("bagHold", code)))
    .go();
  if (unprocessed.length > 0) throw unavailable("The bags are busy. Please try again.");
  for (const item of data) found.set(item.value, item.ownerId);
  return found;
}

/** The numbers of the orders `ids` (one batch get of their `number` alone), so the list names each by it. */
async function numbersOf(ids: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (ids.length === 0) return found;
  const { data, unprocessed } = await db()
    .entities.serviceOrder.get([...new Set(ids)].map((id) => ({ id })))
    .go({ attributes: ["id", "number"] });
  if (unprocessed.length > 0) throw unavailable("The bags are busy. Please try again.");
  for (const order of data) if (order.number !== undefined) found.set(order.id, order.number);
  return found;
}

/** A cursor must be exactly one this list issues (a bag's code and id), checked before it reaches DynamoDB. */
function checkCursor(cursor: string | undefined): void {
  if (cursor === undefined) return;
  const conversions = createConversions(db().entities.bag).byAccessPattern.allBags;
  let reissued: string | undefined;
  try {
    const composite = conversions.fromCursor.toComposite(cursor) as Record<string, unknown>;
    const keys = Object.keys(composite ?? {}).sort().join(",");
    if (
      keys === "code3,id" &&
      typeof composite.code3 === "string" &&
      BAG_CODE_PATTERN.test(composite.code3) &&
      typeof composite.id === "string" &&
      composite.id.length <= MAX_ID_LENGTH &&
      ID_PATTERN.test(composite.id)
    ) {
      reissued = conversions.fromComposite.toCursor({ code3: composite.code3, id: composite.id });
    }
  } catch {
    // not a cursor at all: refused below
  }
  if (reissued !== cursor) throw invalid(INVALID_CURSOR);
}

/** `GET /api/admin/bags`: every bag by code, a page at a time, each with the open order holding it. */
export const list = /* @__PURE__ */ fn({ role: "staff", input: BagListQuery }, async (_actor, query): Promise<BagPage> => {
  checkCursor(query.cursor);
  const page = await db().entities.bag.query.allBags({}).go({ limit: query.limit + 1, cursor: query.cursor });
  const bags = page.data.slice(0, query.limit);
  const held = await holders(bags.map((bag) => bag.code3));
  const holding = (bag: BagItem) => (bag.isActive ? (held.get(bag.code3) ?? null) : null);
  const numbers = await numbersOf(bags.flatMap((bag) => holding(bag) ?? []));
  const last = bags[bags.length - 1];
  const cursor =
    page.data.length > query.limit && last
      ? createConversions(db().entities.bag).byAccessPattern.allBags.fromComposite.toCursor({ code3: last.code3, id: last.id })
      : null;
  return {
    items: bags.map((bag) => {
      const orderId = holding(bag);
      return bagView(bag, orderId, orderId ? numbers.get(orderId) : undefined);
    }),
    cursor,
  };
});
