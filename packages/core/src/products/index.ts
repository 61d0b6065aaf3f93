/**
 * Product management for admins (docs/api-admin.md "Products and inventory"):
 * the catalogue's skus made, edited, hidden, restocked and deleted. Every write is one labelled transaction with
 * its audit entry (`sku.created`, `sku.updated`, `sku.visibility_changed`, `sku.stock_adjusted`, `sku.deleted`).
 *
 * - The code is unique: its `skuCode` uniqueValue item is created with the sku, moved in the same transaction
 *   when the code changes (the old one deleted on the condition that it is this sku's), deleted with the sku.
 * - Stock changes only through the inventory module (`Inventory.adjust`: a conditional add, never below zero).
 * - An edit is a conditional patch on the values it read (code and the catalogue index's sort-key parts), so
 *   two edits at once cannot leave the index's sort key naming an old name or price; the loser reads again.
 * - Delete removes the sku and frees its code. Orders that named it keep their line items (name, price, sku id
 *   as they were); a cancel gives back no stock to a deleted sku (inventory's `missingProducts`).
 * - The quick-sale products (QS-* codes) stay editable (price, stock, text) but hidden, keep their code and are
 *   never deleted: the quick sale finds and prices them by code.
 */
import type { Actor } from "../actor";
import { ById, fn, NoInput } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { allProducts, productFromSku, type SkuItem } from "../catalogue";
import { db } from "../db";
import { CHANGED, changedSinceRead, readDecideWrite, writeLabelled, type LabelledWrite, type TransactionEntities } from "../db/labelled";
import { newId } from "../entities/attributes";
import { uniqueKey } from "../entities";
import { conflict, invalid, notFound } from "../errors";
import * as Inventory from "../inventory";
import * as z from "zod/mini";
import { extensionOf, ImageUpload, isUploadKey, presignPut, type UploadTarget } from "../uploads";
import {
  codeInUse,
  compareProducts,
  IMAGE_URL_INVALID,
  PRODUCT_IMAGE_SIZES,
  isQuickSaleCode,
  NOTHING_TO_UPDATE,
  PRODUCT_NOT_FOUND,
  QUICK_SALE_HIDDEN,
  QUICK_SALE_KEEPS_CODE,
  QUICK_SALE_NOT_DELETED,
  STOCK_AS_DIFFERENCE,
  AdjustInventory,
  CreateProduct,
  SetVisibility,
  UpdateProduct,
  type ProductView,
  type UpdateProductInput,
} from "../shared/products";
import { Id } from "../shared/ids";

export * from "../shared/products";

const TEXT_FIELDS = ["description", "brand", "color", "feel", "area", "quality"] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export function view(sku: SkuItem): ProductView {
  return {
    ...productFromSku(sku),
    imageUrl: sku.imageUrl ?? null,
    thumbnailUrl: sku.thumbnailUrl ?? null,
    isQuickSale: isQuickSaleCode(sku.code),
    createdAt: sku.createdAt,
    updatedAt: sku.updatedAt,
  };
}

async function read(id: string): Promise<SkuItem | null> {
  const { data } = await db().entities.sku.get({ id }).go({ consistent: true });
  return data ?? null;
}

async function existing(id: string): Promise<SkuItem> {
  const sku = await read(id);
  if (!sku) throw notFound(PRODUCT_NOT_FOUND);
  return sku;
}

function audit(entities: TransactionEntities, actor: Actor, action: string, targetId: string, diff: Record<string, unknown>): LabelledWrite {
  return {
    label: "audit",
    write: entities.auditLog.create(auditEntry({ actor, action, targetType: "sku", targetId, diff })).commit(),
  };
}

/**
 * GET /api/admin/skus: every product, hidden and quick-sale ones too (one Query on the catalogue index), in the
 * catalogue's order (shared/products compareProducts: the storefront's category order, display order, price, name).
 */
export const list = /* @__PURE__ */ fn({ role: "admin", input: NoInput }, async (): Promise<ProductView[]> => (await allProducts()).map(view).sort(compareProducts));

/** POST /api/admin/skus: 409 when the code is taken. */
export const create = /* @__PURE__ */ fn({ role: "admin", input: CreateProduct }, async (actor, input): Promise<ProductView> => {
  const quickSale = isQuickSaleCode(input.code);
  if (quickSale && input.isVisible === true) throw invalid(QUICK_SALE_HIDDEN);
  const id = newId();
  const stock = input.stockQuantity ?? null;
  const item = {
    id,
    code: input.code,
    name: input.name,
    category: input.category ?? "OTHER",
    type: input.type ?? "ONE_TIME",
    ...Object.fromEntries(TEXT_FIELDS.filter((field) => input[field]).map((field) => [field, input[field] as string])),
    unitAmountCents: input.unitAmountCents,
    stockQuantity: stock ?? 0,
    unlimitedStock: stock === null,
    ...(input.lowStockThreshold !== undefined ? { lowStockThreshold: input.lowStockThreshold } : {}),
    ...(input.displayOrder !== undefined ? { displayOrder: input.displayOrder } : {}),
    isVisible: quickSale ? false : input.isVisible ?? true,
    taxable: input.taxable ?? false,
  };
  const outcome = await writeLabelled((entities) => [
    { label: "sku", write: entities.sku.create(item).commit() },
    { label: "code", write: entities.uniqueValue.create({ ...uniqueKey("skuCode", input.code), ownerId: id }).commit() },
    audit(entities, actor, "sku.created", id, { code: input.code, name: input.name, unitAmountCents: input.unitAmountCents, stockQuantity: stock, taxable: item.taxable }),
  ]);
  if (!outcome.committed) {
    if (outcome.failed.includes("code")) throw conflict(codeInUse(input.code));
    throw new Error(`Creating a product was cancelled: ${JSON.stringify(outcome.codes)}`);
  }
  return view(await existing(id));
});

/**
 * The writes of one edit of `current`, or null when the input changes nothing. Throws the refusals that the
 * current item decides (a quick-sale product's code or visibility, a counted stock sent as a number).
 */
function editWrites(entities: TransactionEntities, actor: Actor, current: SkuItem, input: UpdateProductInput): LabelledWrite[] | null {
  const set: Record<string, unknown> = {};
  const remove: (TextField | "imageUrl" | "thumbnailUrl")[] = [];
  /** Each changed field as `{ from, to }`, as the audit list shows changes. */
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const change = (field: string, from: unknown, to: unknown) => {
    if (from === to) return false;
    changes[field] = { from: from ?? null, to: to ?? null };
    return true;
  };

  for (const field of ["code", "name", "category", "type", "unitAmountCents", "lowStockThreshold", "displayOrder", "isVisible", "taxable"] as const) {
    const value = input[field];
    if (value !== undefined && change(field, current[field], value)) set[field] = value;
  }
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (change(field, current[field], value ?? undefined)) {
      if (value === null) remove.push(field);
      else set[field] = value;
    }
  }
  for (const field of ["imageUrl", "thumbnailUrl"] as const) {
    const value = input[field];
    if (value === undefined) continue;
    // Only an image uploaded for this product (POST /api/admin/skus/{id}/image).
    if (value !== null && !value.startsWith(`/uploads/skus/${current.id}/`)) throw invalid(IMAGE_URL_INVALID);
    if (change(field, current[field], value ?? undefined)) {
      if (value === null) remove.push(field);
      else set[field] = value;
    }
  }
  const currentStock = current.unlimitedStock ? null : current.stockQuantity;
  let stockWhere: "unlimited" | undefined;
  if (input.stockQuantity !== undefined && input.stockQuantity !== currentStock) {
    if (input.stockQuantity === null) {
      set.unlimitedStock = true;
    } else if (current.unlimitedStock) {
      // Counting starts: only while it is still unlimited (a counted stock changes as a difference).
      set.unlimitedStock = false;
      set.stockQuantity = input.stockQuantity;
      stockWhere = "unlimited";
    } else {
      throw conflict(STOCK_AS_DIFFERENCE);
    }
    changes.stockQuantity = { from: currentStock, to: input.stockQuantity };
  }

  const code = (set.code as string | undefined) ?? current.code;
  if (isQuickSaleCode(current.code) && set.code !== undefined) throw invalid(QUICK_SALE_KEEPS_CODE);
  const visible = (set.isVisible as boolean | undefined) ?? current.isVisible;
  if (isQuickSaleCode(code) && visible) throw invalid(QUICK_SALE_HIDDEN);
  if (Object.keys(set).length === 0 && remove.length === 0) return null;

  // The catalogue index's sort key is built from all four: an edit of one passes the others as they were read
  // (ElectroDB's `composite` also makes each of those a condition: still as read).
  const sortKeyParts = ["category", "displayOrder", "unitAmountCents", "name"] as const;
  let patch = entities.sku.patch({ id: current.id }).set(set as never);
  if (remove.length > 0) patch = patch.remove(remove) as typeof patch;
  if (sortKeyParts.some((field) => field in set)) {
    const unchanged = Object.fromEntries(sortKeyParts.filter((field) => !(field in set)).map((field) => [field, current[field]]));
    if (Object.keys(unchanged).length > 0) patch = patch.composite(unchanged) as typeof patch;
  }
  const writes: LabelledWrite[] = [
    {
      label: "sku",
      write: patch
        .where((a, { eq }) =>
          [
            eq(a.code, current.code),
            eq(a.category, current.category),
            eq(a.displayOrder, current.displayOrder),
            eq(a.unitAmountCents, current.unitAmountCents),
            eq(a.name, current.name),
            ...(stockWhere ? [eq(a.unlimitedStock, true)] : []),
          ].join(" AND "),
        )
        .commit(),
    },
  ];
  if (set.code !== undefined) {
    writes.push(
      { label: "code", write: entities.uniqueValue.create({ ...uniqueKey("skuCode", code), ownerId: current.id }).commit() },
      {
        label: "old-code",
        write: entities.uniqueValue
          .delete(uniqueKey("skuCode", current.code))
          .where((a, { eq, notExists }) => `${notExists(a.ownerId)} OR ${eq(a.ownerId, current.id)}`)
          .commit(),
      },
    );
  }
  const action = Object.keys(changes).length === 1 && "isVisible" in changes ? "sku.visibility_changed" : "sku.updated";
  writes.push(audit(entities, actor, action, current.id, changes));
  return writes;
}

async function edit(actor: Actor, id: string, input: UpdateProductInput): Promise<ProductView> {
  return readDecideWrite(async () => {
    const current = await existing(id);
    const built: { writes: LabelledWrite[] | null } = { writes: null };
    const outcome = await writeLabelled((entities) => {
      built.writes = editWrites(entities, actor, current, input);
      return built.writes ?? [];
    });
    if (built.writes === null) return view(current);
    if (outcome.committed) return view(await existing(id));
    if (outcome.failed.includes("code")) throw conflict(codeInUse(input.code ?? ""));
    // The sku changed (or went) since it was read: read it again and decide again.
    if (changedSinceRead(outcome, "sku", "old-code")) return CHANGED;
    if (!(await read(id))) throw notFound(PRODUCT_NOT_FOUND);
    throw new Error(`Editing a product was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => new Error(`Product ${id} kept changing while it was edited`));
}

const UpdateInput = z.object({ id: Id, patch: UpdateProduct });
/** PATCH /api/admin/skus/{id}: 400 for an empty body, 404, 409 for a taken code or a counted stock sent as a number. */
export const update = /* @__PURE__ */ fn({ role: "admin", input: UpdateInput }, async (actor, { id, patch }): Promise<ProductView> => {
  if (Object.values(patch).every((value) => value === undefined)) throw invalid(NOTHING_TO_UPDATE);
  return edit(actor, id, patch);
});

const SetVisibilityInput = z.object({ id: Id, visibility: SetVisibility });
/** PATCH /api/admin/skus/{id}/visibility: one product (the page's bulk show/hide makes one call per product). */
export const setVisibility = /* @__PURE__ */ fn({ role: "admin", input: SetVisibilityInput }, async (actor, { id, visibility }): Promise<ProductView> =>
  edit(actor, id, { isVisible: visibility.isVisible }),
);

const AdjustStockInput = z.object({ id: Id, adjustment: AdjustInventory });
/**
 * PATCH /api/admin/skus/{id}/inventory {quantityChange}: the difference, added by the inventory module in one
 * conditional update (two changes at once both count; never below zero: 409 with the stock there is).
 */
export const adjustStock = /* @__PURE__ */ fn({ role: "admin", input: AdjustStockInput }, async (actor, { id, adjustment: input }): Promise<ProductView> => {
  const outcome = await writeLabelled((entities) => [
    Inventory.adjust(entities, id, input.quantityChange),
    audit(entities, actor, "sku.stock_adjusted", id, { quantityChange: input.quantityChange }),
  ]);
  const after = await read(id);
  if (!after) throw notFound(PRODUCT_NOT_FOUND);
  if (!outcome.committed) {
    const refusal = Inventory.adjustRefusal(outcome, after, input.quantityChange);
    if (refusal) throw refusal;
    throw new Error(`Adjusting stock was cancelled: ${JSON.stringify(outcome.codes)}`);
  }
  return view(after);
});

/** DELETE /api/admin/skus/{id}: the sku and its code reservation; orders keep their line items. 404, 409 for a quick-sale product. */
export const remove = /* @__PURE__ */ fn({ role: "admin", input: ById }, async (actor, { id }): Promise<{ id: string; deleted: true }> =>
  readDecideWrite(async () => {
    const current = await existing(id);
    if (isQuickSaleCode(current.code)) throw conflict(QUICK_SALE_NOT_DELETED);
    const outcome = await writeLabelled((entities) => [
      { label: "sku", write: entities.sku.delete({ id }).where((a, { eq }) => eq(a.code, current.code)).commit() },
      {
        label: "code",
        write: entities.uniqueValue
          .delete(uniqueKey("skuCode", current.code))
          .where((a, { eq, notExists }) => `${notExists(a.ownerId)} OR ${eq(a.ownerId, id)}`)
          .commit(),
      },
      audit(entities, actor, "sku.deleted", id, { code: current.code, name: current.name }),
    ]);
    if (outcome.committed) return { id, deleted: true as const };
    // The sku changed (or went: the next read answers 404) since it was read: read it again and decide again.
    if (changedSinceRead(outcome, "sku", "code")) return CHANGED;
    throw new Error(`Deleting a product was cancelled: ${JSON.stringify(outcome.codes)}`);
  }, () => new Error(`Product ${id} kept changing while it was deleted`)),
);

/** POST /api/admin/skus/{id}/image: the image's type and size, and which of the two (thumbnail, full image) it is. */
export const ProductImageUpload = z.extend(ImageUpload, {
  variant: z.enum(Object.keys(PRODUCT_IMAGE_SIZES) as ["thumbnail", "full"], { error: "variant must be thumbnail or full" }),
});
export type ProductImageUploadInput = z.output<typeof ProductImageUpload>;

const ImageUploadInput = z.object({ id: Id, upload: ProductImageUpload });
/**
 * Where to PUT one image of a product (the browser resizes it to 150x150 or 600x600 first); the page then
 * PATCHes `thumbnailUrl` or `imageUrl` with the answer's `photoUrl`. 404 for an unknown product.
 */
export const imageUpload = /* @__PURE__ */ fn({ role: "admin", input: ImageUploadInput }, async (_actor, { id, upload: input }): Promise<UploadTarget> => {
  await existing(id);
  const key = `skus/${id}/${newId()}-${input.variant}.${extensionOf(input.contentType)}`;
  if (!isUploadKey(key)) throw new Error(`not a storable upload key: ${key}`);
  return presignPut(key, { contentType: input.contentType, size: input.size });
});
