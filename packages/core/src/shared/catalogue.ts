/**
 * The service catalogue as the booking page reads it:
 * core services grouped by name with their colors, feels and variant skus,
 * and add-ons grouped GRIP, WEIGHT, EDGE, OTHER. Pure and browser-safe: no I/O here, and the web app reads its types.
 */
export const PRODUCT_CATEGORIES = ["BASE_GRIP", "OVERGRIP", "EDGE", "WEIGHT", "OTHER"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
/** The spec's "sku type". */
export const PRODUCT_TYPES = ["ONE_TIME", "SUBSCRIPTION", "ADD_ON"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export interface Product {
  id: string;
  code: string;
  name: string;
  category: ProductCategory;
  type: ProductType;
  brand?: string;
  color?: string;
  feel?: string;
  area?: string;
  quality?: string;
  description?: string;
  unitAmountCents: number;
  /** null means unlimited. */
  stockQuantity: number | null;
  lowStockThreshold: number;
  displayOrder: number;
  isVisible: boolean;
  /** Goods carry sales tax at the order's place (shared/money-settings.ts); labour does not. */
  taxable: boolean;
}

export interface CatalogueProduct {
  id: string;
  name: string;
  code: string;
  category: ProductCategory;
  type: ProductType;
  /** Integer cents. */
  price: number;
  stockQuantity: number | null;
  isInStock: boolean;
  /** At or below the low-stock threshold (and above 0): the page shows 'Only N left'. */
  isLowStock: boolean;
  description: string | null;
  color: string | null;
  brand: string | null;
  feel: string | null;
  area: string | null;
  quality: string | null;
  /** Goods carry sales tax at the order's place; labour does not (a page's preview of the total adds it). */
  taxable: boolean;
}

export interface CoreService {
  name: string;
  description: string;
  /** The lowest price among its variants, in cents. */
  basePrice: number;
  colors: string[];
  feels: string[];
  /** Sum of the variants' stock; null when any variant is unlimited. */
  totalStock: number | null;
  isInStock: boolean;
  skus: CatalogueProduct[];
}

export const addOnGroups = ["GRIP", "WEIGHT", "EDGE", "OTHER"] as const;
export type AddOnGroup = (typeof addOnGroups)[number];

export interface Catalogue {
  coreServices: CoreService[];
  addOnServices: Record<AddOnGroup, CatalogueProduct[]>;
  /**
   * The sales tax rate of each place an order is taxed at, in basis points (shared/money-settings.ts), so the booking
   * summary adds the tax the server will charge. GET /api/services always sends it.
   */
  taxRateBps?: Record<"LITTLETON" | "HIGHLANDS_RANCH" | "ONSITE", number>;
}

/** Only these core services are offered (the spec limits them to these names), in this order. */
export const coreServiceNames = ["Strip and Grip", "Basic Overgrip", "Premium Regrip"] as const;

export function coreServiceOf(name: string): (typeof coreServiceNames)[number] | undefined {
  const lower = name.toLowerCase();
  return coreServiceNames.find((core) => lower.includes(core.toLowerCase()));
}

export function isInStock(stockQuantity: number | null): boolean {
  return stockQuantity === null || stockQuantity > 0;
}

/** A product as the catalogue lists it (the spec's catalogue answer: its price, whether it is in stock). */
export function catalogueProduct(sku: Product): CatalogueProduct {
  return {
    id: sku.id,
    name: sku.name,
    code: sku.code,
    category: sku.category,
    type: sku.type,
    price: sku.unitAmountCents,
    stockQuantity: sku.stockQuantity,
    isInStock: isInStock(sku.stockQuantity),
    isLowStock: sku.stockQuantity !== null && sku.stockQuantity > 0 && sku.stockQuantity <= sku.lowStockThreshold,
    description: sku.description ?? null,
    color: sku.color ?? null,
    brand: sku.brand ?? null,
    feel: sku.feel ?? null,
    area: sku.area ?? null,
    quality: sku.quality ?? null,
    taxable: sku.taxable,
  };
}

function byDisplayOrder(a: Product, b: Product): number {
  return a.displayOrder - b.displayOrder || a.unitAmountCents - b.unitAmountCents || a.name.localeCompare(b.name);
}

const distinct = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

export function addOnGroupOf(category: ProductCategory): AddOnGroup {
  if (category === "OVERGRIP" || category === "BASE_GRIP") return "GRIP";
  if (category === "WEIGHT" || category === "EDGE") return category;
  return "OTHER";
}

export function shapeCatalogue(skus: Product[]): Catalogue {
  const visible = skus.filter((sku) => sku.isVisible).sort(byDisplayOrder);
  const coreServices: CoreService[] = [];
  for (const name of coreServiceNames) {
    const variants = visible.filter((sku) => sku.type !== "ADD_ON" && coreServiceOf(sku.name) === name);
    if (variants.length === 0) continue;
    const unlimited = variants.some((sku) => sku.stockQuantity === null);
    const totalStock = unlimited ? null : variants.reduce((sum, sku) => sum + Math.max(0, sku.stockQuantity ?? 0), 0);
    coreServices.push({
      name,
      description: variants.find((sku) => sku.description)?.description ?? "",
      basePrice: Math.min(...variants.map((sku) => sku.unitAmountCents)),
      colors: distinct(variants.map((sku) => sku.color)),
      feels: distinct(variants.map((sku) => sku.feel)),
      totalStock,
      isInStock: totalStock === null || totalStock > 0,
      skus: variants.map(catalogueProduct),
    });
  }
  const addOnServices: Record<AddOnGroup, CatalogueProduct[]> = { GRIP: [], WEIGHT: [], EDGE: [], OTHER: [] };
  for (const sku of visible) {
    if (sku.type !== "ADD_ON") continue;
    addOnServices[addOnGroupOf(sku.category)].push(catalogueProduct(sku));
  }
  return { coreServices, addOnServices };
}

/** Default low-stock threshold (the spec's 5): low at or below it, out of stock at 0. */
export const LOW_STOCK_THRESHOLD = 5;

/** The places the performance weight can go, in the order the page shows them. */
/** The refusal of a weight with no area chosen: the server's (pricing/ `weightAreasOf`) and the console's Edit Lines. */
export const WEIGHT_AREA_REQUIRED = "Choose at least one area for the weight";
export const WEIGHT_AREAS = ["neck_shoulders", "bottom_corners", "sides", "top_corners", "top_shelf"] as const;
export type WeightArea = (typeof WEIGHT_AREAS)[number];

export const weightAreaLabel: Record<WeightArea, string> = {
  neck_shoulders: "Bottom Corners & Neck",
  bottom_corners: "Bottom Corners",
  sides: "Sides",
  top_corners: "Top Corners",
  top_shelf: "Top Shelf",
};

/** The weight add-on priced per area: the weight product whose name contains 'performance'. */
export function isWeight(sku: { category: ProductCategory; name: string }): boolean {
  return sku.category === "WEIGHT" && sku.name.toLowerCase().includes("performance");
}

/** Edge guards are edge products whose name contains 'premium'; any other edge product is edge tape. */
export function edgeKind(sku: { category: ProductCategory; name: string }): "guard" | "tape" | undefined {
  if (sku.category !== "EDGE") return undefined;
  return sku.name.toLowerCase().includes("premium") ? "guard" : "tape";
}
