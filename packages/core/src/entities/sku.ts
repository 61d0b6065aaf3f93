import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { currency, generatedId, normaliseCode, requiredCents, timestamps } from "./attributes";
import { PRODUCT_CATEGORIES, PRODUCT_TYPES } from "./enums";
import { gsi1, keyed, primary, SERVICE } from "./keys";

const isStock = (n: number | undefined) => n === undefined || (Number.isSafeInteger(n) && n >= 0);
const isDisplayOrder = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0 && n <= 9999);

/**
 * A product or service in the catalogue. `code` is unique (uniqueValue kind
 * `skuCode`). Taking stock is a conditional update (`stockQuantity >= n`,
 * `unlimitedStock = false`), so it cannot oversell.
 *
 * The spec's "stockQuantity null = unlimited" is stored as `unlimitedStock`
 * beside a numeric `stockQuantity`: ElectroDB's number type refuses null, and
 * a custom `number | null` type loses `add`/`subtract` and null in its typings.
 * The product views map `unlimitedStock` back to `stockQuantity: null`.
 *
 * The catalogue index sorts by category, then display order, then price,
 * then name (spec: within a category, displayOrder then price). Changing
 * any of those four rewrites the sort key, so such an update passes the
 * other three with `.composite({...})`.
 */
export const sku = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "sku", version: "1" },
      attributes: {
        id: generatedId(),
        code: { type: "string", required: true, set: normaliseCode },
        name: { type: "string", required: true },
        category: { type: PRODUCT_CATEGORIES, required: true, default: "OTHER" },
        brand: { type: "string" },
        type: { type: PRODUCT_TYPES, required: true, default: "ONE_TIME" },
        color: { type: "string" },
        feel: { type: "string" },
        area: { type: "string" },
        quality: { type: "string" },
        description: { type: "string" },
        imageUrl: { type: "string" },
        thumbnailUrl: { type: "string" },
        unitAmountCents: { ...requiredCents(), padding: { length: 9, char: "0" } },
        currency: currency(),
        /** Units on hand; ignored while `unlimitedStock` is true. */
        stockQuantity: { type: "number", required: true, default: 0, validate: isStock },
        /** The spec's `stockQuantity: null`: a service with no stock to count. */
        unlimitedStock: { type: "boolean", required: true, default: false },
        lowStockThreshold: { type: "number", required: true, default: 5, validate: isStock },
        displayOrder: { type: "number", required: true, default: 999, validate: isDisplayOrder, padding: { length: 4, char: "0" } },
        isVisible: { type: "boolean", required: true, default: true },
        /** Goods (a grip sold, an overgrip, a weight, an edge guard) carry sales tax; labour does not (shared/totals.ts). */
        taxable: { type: "boolean", required: true, default: false },
        stripePriceId: { type: "string" },
        metadata: { type: "any" },
        ...timestamps(),
      },
      indexes: {
        byId: keyed(primary, ["id"], "sku#${id}", [], "sku"),
        /** The whole catalogue in display order; `.begins({ category })` for one category. */
        catalogue: keyed(gsi1, [], "skus", ["category", "displayOrder", "unitAmountCents", "name"], "${category}#${displayOrder}#${unitAmountCents}#${name}"),
      },
    },
    config,
  );
export type Sku = ReturnType<typeof sku>;
