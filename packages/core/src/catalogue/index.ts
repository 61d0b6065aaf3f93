import type { EntityItem } from "electrodb";
import { moneySettings } from "../settings";
import { fn, NoInput } from "../actor/fn";
import { db } from "../db";
import { unavailable } from "../errors";
import type { Sku } from "../entities";
import { shapeCatalogue, type Catalogue, type Product } from "../shared/catalogue";

export * as Catalogue from "./index";
export * from "../shared/catalogue";

export type SkuItem = EntityItem<Sku>;

/** The stored sku as the catalogue sees it: `unlimitedStock` is the spec's `stockQuantity: null`. */
export function productFromSku(sku: SkuItem): Product {
  return {
    id: sku.id,
    code: sku.code,
    name: sku.name,
    category: sku.category,
    type: sku.type,
    brand: sku.brand,
    color: sku.color,
    feel: sku.feel,
    area: sku.area,
    quality: sku.quality,
    description: sku.description,
    unitAmountCents: sku.unitAmountCents,
    stockQuantity: sku.unlimitedStock ? null : sku.stockQuantity,
    lowStockThreshold: sku.lowStockThreshold,
    displayOrder: sku.displayOrder,
    isVisible: sku.isVisible,
    taxable: sku.taxable,
  };
}

/** Every sku, in display order: one Query on the catalogue index (a shop's catalogue is small). */
export async function allProducts(): Promise<SkuItem[]> {
  const result = await db().entities.sku.query.catalogue({}).go({ pages: "all" });
  return result.data;
}

/** The skus of `ids` (each once), as the catalogue sees them: one BatchGet, for pricing a sale. */
export async function productsByIds(ids: readonly string[]): Promise<Product[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db().entities.sku.get(unique.map((id) => ({ id }))).go();
  if (found.unprocessed.length > 0) throw unavailable("The catalogue is busy. Please try again.");
  return found.data.map(productFromSku);
}

/** GET /api/services: the catalogue as the booking page reads it, for anyone. */
export const services = /* @__PURE__ */ fn({ role: "public", input: NoInput }, async (): Promise<Catalogue> => {
  const [products, settings] = await Promise.all([allProducts(), moneySettings()]);
  return { ...shapeCatalogue(products.map(productFromSku)), taxRateBps: settings.taxRateBps };
});
