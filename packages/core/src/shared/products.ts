/**
 * Product management (docs/api-admin.md "Products and inventory"):
 * the request schemas the admin sku routes parse with and the console's dialog checks with, every message word
 * for word, the rules the page shows (low stock, unlimited stock, dollars to cents) and the view the routes
 * answer. Browser-safe, zod/mini.
 */
import * as z from "zod/mini";
import type { Product, ProductCategory, ProductType } from "./catalogue";
import { LOW_STOCK_THRESHOLD, PRODUCT_CATEGORIES, PRODUCT_TYPES } from "./catalogue";
import { dollarsToCents, hasSubCents } from "./money";
import { QUICK_SALE_SERVICES } from "./quick-sale";

export { PRODUCT_CATEGORIES, PRODUCT_TYPES };

/** How the page names each category (the spec's storefront headings) and type. */
export const categoryLabel: Record<ProductCategory, string> = {
  BASE_GRIP: "Core Services",
  OVERGRIP: "Overgrips",
  EDGE: "Edge Protection",
  WEIGHT: "Weights",
  OTHER: "Other Services",
};
export const typeLabel: Record<ProductType, string> = { ONE_TIME: "One time", SUBSCRIPTION: "Subscription", ADD_ON: "Add-on" };

// The spec's messages, word for word.
export const CODE_REQUIRED = "Product code is required";
export const NAME_REQUIRED = "Product name is required";
export const PRICE_POSITIVE = "Price must be positive";
// The spec leaves these unsaid; each says what is wrong.
export const CODE_TOO_LONG = "Product code must be at most 40 characters";
export const CODE_CHARACTERS = "Product code may hold only letters, digits, '-' and '_'";
export const NAME_TOO_LONG = "Product name must be at most 120 characters";
export const PRICE_TOO_HIGH = "Price must be at most $100,000.00";
/**
 * A price typed with more than two decimals is refused rather than rounded (9.999 had been saved as
 * $10.00 without a word); the spec's "converted to cents by rounding" still holds for what has two or fewer.
 */
export const PRICE_CENTS = "Price can have at most two decimals (cents)";
export const INVALID_CATEGORY = "Category must be one of BASE_GRIP, OVERGRIP, EDGE, WEIGHT, OTHER";
export const INVALID_TYPE = "Type must be one of ONE_TIME, SUBSCRIPTION, ADD_ON";
export const STOCK_WHOLE = "Stock must be a whole number of 0 or more, or empty for unlimited";
export const THRESHOLD_WHOLE = "Low-stock threshold must be a whole number of 0 or more";
export const DISPLAY_ORDER_RANGE = "Display order must be a whole number from 0 to 9999";
export const VISIBLE_BOOLEAN = "isVisible must be true or false";
export const TAXABLE_BOOLEAN = "taxable must be true or false";
export const QUANTITY_CHANGE = "quantityChange must be a whole number other than 0";
export const NOTHING_TO_UPDATE = "Nothing to update";
export const PRODUCT_NOT_FOUND = "Product not found";
export const codeInUse = (code: string) => `Product code ${code} is already in use`;
export const belowZero = (stock: number, change: number) =>
  `Stock cannot go below zero: ${stock} in stock, a change of ${change} would leave ${stock + change}`;
export const UNLIMITED_STOCK = "This product's stock is unlimited: set a stock quantity first";
export const STOCK_AS_DIFFERENCE = "This product's stock is counted: send stock changes as a difference (PATCH /api/admin/skus/{id}/inventory)";
export const QUICK_SALE_HIDDEN = "Quick-sale products stay hidden from customers";
export const QUICK_SALE_KEEPS_CODE = "A quick-sale product keeps its code: the quick sale finds it by that code";
export const QUICK_SALE_NOT_DELETED = "Quick-sale products cannot be deleted: the quick sale prices from them";

// The spec's toasts, word for word.
export const PRODUCT_TOASTS = {
  created: "Product Created",
  updated: "Product Updated",
  deleted: "Product Deleted",
  inventory: "Inventory Updated",
  visibility: "Visibility Updated",
  price: "Price Updated",
  bulk: "Bulk Update Successful",
  saveFailed: "Failed to save product",
  deleteFailed: "Failed to delete product",
  inventoryFailed: "Failed to update inventory",
  visibilityFailed: "Failed to update visibility",
  priceFailed: "Failed to update price",
  bulkFailed: "Failed to update some products",
  fetchFailed: (status: number | string) => `Failed to fetch: ${status}`,
} as const;

/** The spec's recommended product images: a thumbnail and a full image, square, resized in the browser before upload. */
export const PRODUCT_IMAGE_SIZES = { thumbnail: 150, full: 600 } as const;
export type ProductImageVariant = keyof typeof PRODUCT_IMAGE_SIZES;
export const IMAGE_URL_INVALID = "Upload the image for this product first";
/** Where a product's uploaded image is seen: `/uploads/skus/<sku id>/<name>.<ext>` (the uploads module's keys). */
export const PRODUCT_IMAGE_URL = /^\/uploads\/skus\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-]{1,80}\.[a-z0-9]{1,10}$/;

export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const DEFAULT_DISPLAY_ORDER = 999;
export const CODE_MAX_LENGTH = 40;
export const NAME_MAX_LENGTH = 120;
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The quick-sale products' codes (shared/quick-sale.ts): editable (price, stock), never shown to customers. */
export const QUICK_SALE_CODES: readonly string[] = QUICK_SALE_SERVICES.map((service) => service.code);
export const isQuickSaleCode = (code: string): boolean => QUICK_SALE_CODES.includes(code.trim().toUpperCase());

/** Price as typed, in dollars, to integer cents by rounding; NaN for text that is not a number. */
export { dollarsToCents };

/**
 * The catalogue's order, for the admin list and the page's Category column: category in the storefront's order (Core Services,
 * Overgrips, Edge Protection, Weights, Other Services), then display order, price, name and code.
 */
export function compareProducts(
  a: Pick<Product, "category" | "displayOrder" | "unitAmountCents" | "name" | "code">,
  b: Pick<Product, "category" | "displayOrder" | "unitAmountCents" | "name" | "code">,
): number {
  const rank = (category: ProductCategory) => {
    const index = PRODUCT_CATEGORIES.indexOf(category as (typeof PRODUCT_CATEGORIES)[number]);
    return index === -1 ? PRODUCT_CATEGORIES.length : index;
  };
  return (
    rank(a.category) - rank(b.category) ||
    a.displayOrder - b.displayOrder ||
    a.unitAmountCents - b.unitAmountCents ||
    a.name.localeCompare(b.name) ||
    a.code.localeCompare(b.code)
  );
}

export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);

/** Low when counted stock is at or below the threshold (0 included); null is unlimited, never low. */
export function isLowStock(product: { stockQuantity: number | null; lowStockThreshold: number }): boolean {
  return product.stockQuantity !== null && product.stockQuantity <= product.lowStockThreshold;
}
export const isOutOfStock = (product: { stockQuantity: number | null }): boolean => product.stockQuantity === 0;

/** How the page shows a product's stock. */
export function stockLabel(stockQuantity: number | null): string {
  return stockQuantity === null ? "Unlimited" : String(stockQuantity);
}

const optionalText = (max: number, label: string) =>
  z.optional(
    z.pipe(
      z.nullable(z.string({ error: `${label} must be text` }).check(z.maxLength(max * 4, `${label} must be at most ${max} characters`))),
      z.transform((value, ctx): string | null => {
        const text = (value ?? "").trim();
        if (text.length > max) {
          ctx.issues.push({ code: "custom", message: `${label} must be at most ${max} characters`, input: value });
          return z.NEVER;
        }
        return text || null;
      }),
    ),
  );

const code = z.pipe(
  z.string({ error: CODE_REQUIRED }).check(z.maxLength(CODE_MAX_LENGTH * 4, CODE_TOO_LONG)),
  z.transform((value, ctx): string => {
    const text = value.trim().toUpperCase();
    const issue = !text ? CODE_REQUIRED : text.length > CODE_MAX_LENGTH ? CODE_TOO_LONG : !CODE_PATTERN.test(text) ? CODE_CHARACTERS : undefined;
    if (issue) {
      ctx.issues.push({ code: "custom", message: issue, input: value });
      return z.NEVER;
    }
    return text;
  }),
);

const name = z.string({ error: NAME_REQUIRED }).check(
  z.maxLength(NAME_MAX_LENGTH * 4, NAME_TOO_LONG),
  z.trim(),
  z.minLength(1, NAME_REQUIRED),
  z.maxLength(NAME_MAX_LENGTH, NAME_TOO_LONG),
);

/** Integer cents, at least 0 ('Price must be positive'); a fraction of a cent is rounded (dollars to cents by rounding). */
const unitAmountCents = z.pipe(
  z
    .number({ error: (issue) => (typeof issue.input === "string" && hasSubCents(issue.input) ? PRICE_CENTS : PRICE_POSITIVE) })
    .check(z.minimum(0, PRICE_POSITIVE), z.maximum(MAX_PRICE_CENTS, PRICE_TOO_HIGH)),
  z.transform((cents) => Math.round(cents)),
);

const whole = (message: string, max: number) => z.number({ error: message }).check(z.int({ error: message }), z.minimum(0, message), z.maximum(max, message));

/** A number or null (unlimited). */
const stockQuantity = z.nullable(whole(STOCK_WHOLE, MAX_STOCK));

const imageUrl = z.optional(
  z.nullable(z.string({ error: IMAGE_URL_INVALID }).check(z.maxLength(300, IMAGE_URL_INVALID), z.regex(PRODUCT_IMAGE_URL, IMAGE_URL_INVALID))),
);

const fields = {
  code,
  name,
  description: optionalText(1000, "Description"),
  category: z.enum(PRODUCT_CATEGORIES, { error: INVALID_CATEGORY }),
  type: z.enum(PRODUCT_TYPES, { error: INVALID_TYPE }),
  brand: optionalText(60, "Brand"),
  color: optionalText(60, "Color"),
  feel: optionalText(60, "Feel"),
  area: optionalText(60, "Area"),
  quality: optionalText(60, "Quality"),
  unitAmountCents,
  stockQuantity,
  lowStockThreshold: whole(THRESHOLD_WHOLE, MAX_STOCK),
  displayOrder: whole(DISPLAY_ORDER_RANGE, 9999),
  isVisible: z.boolean({ error: VISIBLE_BOOLEAN }),
  /** Goods carry sales tax at the order's place (shared/money-settings.ts); labour does not. */
  taxable: z.boolean({ error: TAXABLE_BOOLEAN }),
};

/** Fields a product may leave out on create as on update, the same rules both ways: its description, kind and details. */
const details = {
  description: fields.description,
  category: z.optional(fields.category),
  type: z.optional(fields.type),
  brand: fields.brand,
  color: fields.color,
  feel: fields.feel,
  area: fields.area,
  quality: fields.quality,
};

/** Likewise its stock, low-stock threshold, display order, visibility and whether it is taxed. */
const shelving = {
  stockQuantity: z.optional(fields.stockQuantity),
  lowStockThreshold: z.optional(fields.lowStockThreshold),
  displayOrder: z.optional(fields.displayOrder),
  isVisible: z.optional(fields.isVisible),
  taxable: z.optional(fields.taxable),
};

/**
 * POST /api/admin/skus. Required: code, name, unitAmountCents. Defaults (the spec's): category OTHER, type ONE_TIME,
 * stockQuantity null (unlimited), lowStockThreshold 5, displayOrder 999, isVisible true (false for a quick-sale code),
 * taxable false (labour; goods are marked taxable).
 */
export const CreateProduct = z.object({
  code: fields.code,
  name: fields.name,
  ...details,
  unitAmountCents: fields.unitAmountCents,
  ...shelving,
});
export type CreateProductInput = z.output<typeof CreateProduct>;

/**
 * PATCH /api/admin/skus/{id}: any of the product's fields (the price alone is the spec's price edit). Stock: null
 * makes it unlimited; a number only starts counting an unlimited product (a counted one changes by
 * PATCH .../inventory, as a difference). A text field sent as null or "" is cleared.
 */
export const UpdateProduct = z.object({
  code: z.optional(fields.code),
  name: z.optional(fields.name),
  ...details,
  unitAmountCents: z.optional(fields.unitAmountCents),
  ...shelving,
  /** An image uploaded through POST /api/admin/skus/{id}/image (this product's), or null to remove it. */
  imageUrl,
  thumbnailUrl: imageUrl,
});
export type UpdateProductInput = z.output<typeof UpdateProduct>;

/** PATCH /api/admin/skus/{id}/inventory: the difference from the current stock, so two edits at once both count. */
export const AdjustInventory = z.object({
  quantityChange: z
    .number({ error: QUANTITY_CHANGE })
    .check(z.int({ error: QUANTITY_CHANGE }), z.minimum(-MAX_STOCK, QUANTITY_CHANGE), z.maximum(MAX_STOCK, QUANTITY_CHANGE), z.refine((n: number) => n !== 0, QUANTITY_CHANGE)),
});
export type AdjustInventoryInput = z.output<typeof AdjustInventory>;

/** PATCH /api/admin/skus/{id}/visibility. */
export const SetVisibility = z.object({ isVisible: fields.isVisible });
export type SetVisibilityInput = z.output<typeof SetVisibility>;

/** What the admin sku routes answer: the catalogue's sku (stockQuantity null = unlimited) with its images and times. */
export interface ProductView extends Product {
  imageUrl: string | null;
  thumbnailUrl: string | null;
  /** A quick-sale product: editable (price, stock), hidden from customers, not deleted. */
  isQuickSale: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The add/edit dialog's fields as typed (price in dollars, stock empty for unlimited), and the request body they
 * make. The dialog checks the body with CreateProduct, so its messages are the server's.
 */
export interface ProductFormValues {
  code: string;
  name: string;
  description: string;
  category: ProductCategory;
  type: ProductType;
  brand: string;
  color: string;
  feel: string;
  area: string;
  quality: string;
  price: string;
  stockQuantity: string;
  lowStockThreshold: string;
  displayOrder: string;
  isVisible: boolean;
  taxable: boolean;
}

export const emptyProductForm = (): ProductFormValues => ({
  code: "",
  name: "",
  description: "",
  category: "OTHER",
  type: "ONE_TIME",
  brand: "",
  color: "",
  feel: "",
  area: "",
  quality: "",
  price: "",
  stockQuantity: "",
  lowStockThreshold: String(LOW_STOCK_THRESHOLD),
  displayOrder: String(DEFAULT_DISPLAY_ORDER),
  isVisible: true,
  taxable: false,
});

export function productFormValues(product: ProductView): ProductFormValues {
  return {
    code: product.code,
    name: product.name,
    description: product.description ?? "",
    category: product.category,
    type: product.type,
    brand: product.brand ?? "",
    color: product.color ?? "",
    feel: product.feel ?? "",
    area: product.area ?? "",
    quality: product.quality ?? "",
    price: centsToDollars(product.unitAmountCents),
    stockQuantity: product.stockQuantity === null ? "" : String(product.stockQuantity),
    lowStockThreshold: String(product.lowStockThreshold),
    displayOrder: String(product.displayOrder),
    isVisible: product.isVisible,
    taxable: product.taxable,
  };
}

/** A whole number as typed, else the text itself (so the schema refuses it with its message); empty is `empty`. */
function typedNumber(text: string, empty: number | null | undefined): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return empty;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** The body POST (and PATCH) send for the dialog's values: dollars to cents by rounding, empty stock unlimited. */
export function productBody(values: ProductFormValues): Record<string, unknown> {
  const cents = dollarsToCents(values.price);
  return {
    code: values.code,
    name: values.name,
    description: values.description,
    category: values.category,
    type: values.type,
    brand: values.brand,
    color: values.color,
    feel: values.feel,
    area: values.area,
    quality: values.quality,
    // Empty or not a number: the schema's 'Price must be positive'; a fraction of a cent: its PRICE_CENTS.
    unitAmountCents: Number.isNaN(cents) || hasSubCents(values.price) ? values.price : cents,
    stockQuantity: typedNumber(values.stockQuantity, null),
    lowStockThreshold: typedNumber(values.lowStockThreshold, LOW_STOCK_THRESHOLD),
    displayOrder: typedNumber(values.displayOrder, DEFAULT_DISPLAY_ORDER),
    isVisible: values.isVisible,
    taxable: values.taxable,
  };
}
