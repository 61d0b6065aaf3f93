/**
 * The admin's promotions (docs/api-admin.md, data-model A17 to A20): list, create, edit (the active toggle is an
 * edit), delete. Each write is one labelled transaction with its audit entry; a code's `promoCode` reservation
 * moves with it.
 */
import type { EntityItem } from "electrodb";
import type { Actor } from "../actor";
import { ById, fn } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { createConversions } from "../entities/electrodb";
import { newId } from "../entities/attributes";
import { uniqueKey, type Promotion } from "../entities";
import { conflict, invalid, notFound } from "../errors";
import { INVALID_CURSOR, pageQuery } from "../paging";
import { ISO_TIME } from "../shared/dates";
import { Id, ID_PATTERN, MAX_ID_LENGTH } from "../shared/ids";
import {
  hasBothDiscounts,
  hasDiscount,
  PROMOTION_CHANGED_WHILE_SAVING,
  PROMOTION_CODE_TAKEN,
  PROMOTION_DISCOUNT_REQUIRED,
  PROMOTION_NOT_FOUND,
  PROMOTION_ONE_DISCOUNT,
  PromotionInput,
  PromotionPatch,
  type PromotionAdminView,
  type PromotionPage,
} from "../shared/promotions";
import * as z from "zod/mini";

export { PromotionInput, PromotionPatch } from "../shared/promotions";

/** A promotion as stored. Here, not in index.ts, so index.ts (which re-exports this module) is imported by nothing here. */
export type PromotionItem = EntityItem<Promotion>;

// ---------------------------------------------------------------------------------------------

export function adminView(promotion: PromotionItem): PromotionAdminView {
  return {
    id: promotion.id,
    code: promotion.code,
    percentage: promotion.percentage,
    amountCents: promotion.amountCents,
    isActive: promotion.isActive,
    createdAt: promotion.createdAt,
    updatedAt: promotion.updatedAt,
  };
}

/** Where the request came from, for the audit entry. */

function auditWrite(
  { auditLog }: TransactionEntities,
  actor: Actor,
  action: "promotion.created" | "promotion.updated" | "promotion.deleted",
  targetId: string,
  diff: Record<string, unknown>,
): LabelledWrite {
  return {
    label: "audit",
    write: auditLog.create(auditEntry({ actor, action, targetType: "promotion", targetId, diff })).commit(),
  };
}

const fieldsOf = (p: Pick<PromotionItem, "code" | "percentage" | "amountCents" | "isActive">) => ({
  code: p.code,
  percentage: p.percentage,
  amountCents: p.amountCents,
  isActive: p.isActive,
});

async function found(id: string): Promise<PromotionItem> {
  const { data } = await db().entities.promotion.get({ id }).go({ consistent: true });
  if (!data) throw notFound(PROMOTION_NOT_FOUND);
  return data;
}

/**
 * `POST /api/admin/promotions`: the promotion, its code's reservation and its audit entry (`promotion.created`)
 * in one transaction. A code already held (even by a create at the same moment) is 409.
 */
export const create = /* @__PURE__ */ fn({ role: "admin", input: PromotionInput }, async (actor, input): Promise<PromotionAdminView> => {
  const id = newId();
  const at = new Date().toISOString();
  const item = { id, ...fieldsOf(input), createdAt: at, updatedAt: at };
  const outcome = await writeLabelled((entities) => [
    { label: "promotion", write: entities.promotion.create(item).commit() },
    { label: "code", write: entities.uniqueValue.create({ ...uniqueKey("promoCode", input.code), ownerId: id }).commit() },
    auditWrite(entities, actor, "promotion.created", id, fieldsOf(input)),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("code")) throw conflict(PROMOTION_CODE_TAKEN);
    throw new Error(`Creating a promotion was cancelled: ${JSON.stringify(outcome.codes)}`);
  }
  return adminView(await found(id));
});

const UpdateInput = z.object({ id: Id, patch: PromotionPatch });
/**
 * `PATCH /api/admin/promotions/{id}`: the fields sent. The one-above-0 rule holds for the promotion as it would be
 * after the change; a new code moves its reservation (the old one deleted, the new one created where none exists)
 * in the same transaction as the change and its audit entry (`promotion.updated`, each changed field from and
 * to). The write is conditioned on the promotion as read, and made again on the promotion as it now is when
 * another write came first.
 */
export const update = /* @__PURE__ */ fn({ role: "admin", input: UpdateInput }, async (actor, { id, patch }): Promise<PromotionAdminView> =>
  readDecideWrite(async () => {
    const current = await found(id);
    const next = {
      code: patch.code ?? current.code,
      percentage: patch.percentage ?? current.percentage,
      amountCents: patch.amountCents ?? current.amountCents,
      isActive: patch.isActive ?? current.isActive,
    };
    if (!hasDiscount(next)) throw invalid(PROMOTION_DISCOUNT_REQUIRED);
    if (hasBothDiscounts(next)) throw invalid(PROMOTION_ONE_DISCOUNT);
    const before = fieldsOf(current);
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => next[field] !== before[field]);
    if (changed.length === 0) return adminView(current);
    const set = Object.fromEntries(changed.map((field) => [field, next[field]]));
    const diff = Object.fromEntries(changed.map((field) => [field, { from: before[field], to: next[field] }]));
    const renamed = next.code !== current.code;
    const outcome = await writeLabelled((entities) => [
      {
        label: "promotion",
        write: entities.promotion
          .patch({ id })
          .set(set)
          .where((a, { eq }) => `${eq(a.updatedAt, current.updatedAt)} AND ${eq(a.code, current.code)}`)
          .commit(),
      },
      ...(renamed
        ? [
            {
              label: "old-code",
              write: entities.uniqueValue
                .delete(uniqueKey("promoCode", current.code))
                .where((a, { eq, notExists }) => `${notExists(a.ownerId)} OR ${eq(a.ownerId, id)}`)
                .commit(),
            },
            { label: "code", write: entities.uniqueValue.create({ ...uniqueKey("promoCode", next.code), ownerId: id }).commit() },
          ]
        : []),
      auditWrite(entities, actor, "promotion.updated", id, diff),
    ]);
    if (outcome.committed) return adminView(await found(id));
    if (outcome.failed.includes("code")) throw conflict(PROMOTION_CODE_TAKEN);
    // Another write came first (or the promotion is gone: `found` answers 404): read it again and decide again.
    if (changedSinceRead(outcome, "promotion")) return CHANGED;
    throw new Error(`Updating a promotion was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => conflict(PROMOTION_CHANGED_WHILE_SAVING)),
);

/**
 * `DELETE /api/admin/promotions/{id}`: the promotion and its code's reservation, with its audit entry
 * (`promotion.deleted`, what it was), in one transaction. The code stops applying at once and is free again.
 */
export const remove = /* @__PURE__ */ fn({ role: "admin", input: ById }, async (actor, { id }): Promise<void> =>
  readDecideWrite(async () => {
    const current = await found(id);
    const outcome = await writeLabelled((entities) => [
      {
        label: "promotion",
        write: entities.promotion
          .delete({ id })
          .where((a, { eq }) => `${eq(a.updatedAt, current.updatedAt)} AND ${eq(a.code, current.code)}`)
          .commit(),
      },
      {
        label: "code",
        write: entities.uniqueValue
          .delete(uniqueKey("promoCode", current.code))
          .where((a, { eq, notExists }) => `${notExists(a.ownerId)} OR ${eq(a.ownerId, id)}`)
          .commit(),
      },
      auditWrite(entities, actor, "promotion.deleted", id, fieldsOf(current)),
    ]);
    if (outcome.committed) return;
    if (changedSinceRead(outcome, "promotion")) return CHANGED;
    throw new Error(`Deleting a promotion was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => conflict(PROMOTION_CHANGED_WHILE_SAVING)),
);

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export const PROMOTION_PAGE_SIZE = 50;
export const PROMOTION_MAX_PAGE_SIZE = 100;

/** `GET /api/admin/promotions?cursor=&limit=`. */
export const PromotionListQuery = pageQuery({ fallback: PROMOTION_PAGE_SIZE, max: PROMOTION_MAX_PAGE_SIZE, maxCursorLength: 512 });
export type PromotionListQueryInput = z.output<typeof PromotionListQuery>;

const listConversions = () => createConversions(db().entities.promotion).byAccessPattern.allPromotions;

/** A cursor must be exactly one this list issues (a promotion's createdAt and id), checked before it reaches DynamoDB. */
function checkCursor(cursor: string | undefined): void {
  if (cursor === undefined) return;
  let reissued: string | undefined;
  try {
    const composite = listConversions().fromCursor.toComposite(cursor) as Record<string, unknown>;
    const keys = Object.keys(composite ?? {}).sort().join(",");
    if (
      keys === "createdAt,id" &&
      typeof composite.createdAt === "string" &&
      ISO_TIME.test(composite.createdAt) &&
      typeof composite.id === "string" &&
      composite.id.length <= MAX_ID_LENGTH &&
      ID_PATTERN.test(composite.id)
    ) {
      reissued = listConversions().fromComposite.toCursor({ createdAt: composite.createdAt, id: composite.id });
    }
  } catch {
    // not a cursor at all: refused below
  }
  if (reissued !== cursor) throw invalid(INVALID_CURSOR);
}

/** `GET /api/admin/promotions`: newest first, a page at a time (one Query of the `promotions` partition). */
export const list = /* @__PURE__ */ fn({ role: "admin", input: PromotionListQuery }, async (_actor, query): Promise<PromotionPage> => {
  checkCursor(query.cursor);
  const page = await db().entities.promotion.query.allPromotions({}).go({ order: "desc", limit: query.limit + 1, cursor: query.cursor });
  const items = page.data.slice(0, query.limit);
  const last = items[items.length - 1];
  const cursor =
    page.data.length > query.limit && last ? listConversions().fromComposite.toCursor({ createdAt: last.createdAt, id: last.id }) : null;
  return { items: items.map(adminView), cursor };
});
