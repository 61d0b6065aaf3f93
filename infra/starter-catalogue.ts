/**
 * The catalogue a shop starts with, and the one write that puts a product in where it is missing. Put in by
 * `npm run stage:setup` on a deployed stage (counted products at 0 in stock: only the shop knows its counts) and
 * by the demo shop's seed on one machine (infra/local/demo-shop.ts gives them its demo stock). Ids are fixed, so
 * putting the catalogue in again adds only what is missing and never touches what an admin changed.
 */
import { writeLabelled } from "../packages/core/src/db/labelled";
import { uniqueKey } from "../packages/core/src/entities";
import type { Product } from "../packages/core/src/shared/catalogue";
import { QUICK_SALE_SERVICES } from "../packages/core/src/shared/quick-sale";
import { BOOKABLE_LOCATIONS, shopLocation, type BookableLocation } from "../packages/core/src/shared/locations";
import type { ShopContact } from "../packages/core/src/shared/shop-contact";
import { Shops } from "../packages/core/src/settings/shops";

/** A product as it is first put in; the rest (low-stock threshold) takes the entity's defaults. */
/** Goods are taxable (an overgrip, a weight, an edge guard, tape, a butt cap); labour is not (a regrip, a build-up, a refresh). */
export type StarterProduct = Omit<Product, "stockQuantity" | "lowStockThreshold" | "isVisible"> & {
  description: string;
  /** Counted stock that every order takes from, or false for a service with nothing to count (unlimited). */
  counted: boolean;
  isVisible?: boolean;
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function variants(
  base: Omit<StarterProduct, "id" | "code" | "color" | "feel" | "counted">,
  codePrefix: string,
  colors: string[],
  feels: string[],
): StarterProduct[] {
  return colors.flatMap((color) =>
    feels.map((feel) => ({
      ...base,
      id: `sku-${slug(base.name)}-${slug(color)}-${slug(feel)}`,
      code: `${codePrefix}-${slug(color).toUpperCase()}-${slug(feel).toUpperCase()}`,
      color,
      feel,
      counted: true,
    })),
  );
}

/** What customers book and the storefront sells: the core services in colors and feels, then the add-ons. */
export const starterCatalogue: StarterProduct[] = [
  ...variants(
    {
      name: "Strip and Grip",
      category: "BASE_GRIP",
      type: "ONE_TIME",
      brand: "Regrip",
      quality: "standard",
      description: "We strip the old grip down to the handle, clean it and wrap a fresh replacement grip.",
      unitAmountCents: 4500,
      taxable: false,
      displayOrder: 1,
    },
    "SG",
    ["Black", "White", "Teal", "Red"],
    ["Tacky", "Dry"],
  ),
  ...variants(
    {
      name: "Basic Overgrip",
      category: "OVERGRIP",
      type: "ONE_TIME",
      brand: "Tourna",
      quality: "basic",
      description: "A new overgrip wrapped over your current grip: quick, fresh feel.",
      unitAmountCents: 1200,
      taxable: false,
      displayOrder: 2,
    },
    "BO",
    ["Black", "White", "Pink", "Blue"],
    ["Tacky", "Dry"],
  ),
  ...variants(
    {
      name: "Premium Regrip",
      category: "BASE_GRIP",
      type: "ONE_TIME",
      brand: "Vulcan",
      quality: "premium",
      description: "Premium replacement grip with a cushioned base layer and a finished overwrap.",
      unitAmountCents: 5500,
      taxable: false,
      displayOrder: 3,
    },
    "PR",
    ["Black", "Teal", "Orange"],
    ["Tacky", "Cushioned"],
  ),
  // Add-ons: additional grips
  {
    id: "sku-extra-overgrip",
    code: "ADD-OVERGRIP",
    name: "Extra Overgrip",
    category: "OVERGRIP",
    type: "ADD_ON",
    brand: "Tourna",
    description: "A second overgrip layer for a thicker handle.",
    unitAmountCents: 800,
    taxable: true,
    counted: true,
    displayOrder: 1,
  },
  // Weights: priced per area
  {
    id: "sku-performance-weight",
    code: "ADD-WEIGHT",
    name: "Performance Weight Tape",
    category: "WEIGHT",
    type: "ADD_ON",
    description: "Tungsten tape placed where you choose; priced per area.",
    unitAmountCents: 600,
    taxable: true,
    counted: false,
    displayOrder: 1,
  },
  // Edge protection: premium guards by color, and tape
  ...["Black", "Clear", "Teal", "Pink"].map(
    (color): StarterProduct => ({
      id: `sku-premium-edge-guard-${slug(color)}`,
      code: `ADD-GUARD-${slug(color).toUpperCase()}`,
      name: "Premium Edge Guard",
      category: "EDGE",
      type: "ADD_ON",
      color,
      description: "Low-profile edge guard that protects the paddle rim.",
      unitAmountCents: 1500,
      taxable: true,
      counted: true,
      displayOrder: 1,
    }),
  ),
  {
    id: "sku-edge-tape",
    code: "ADD-EDGE-TAPE",
    name: "Edge Tape",
    category: "EDGE",
    type: "ADD_ON",
    description: "Clear protective tape around the paddle edge.",
    unitAmountCents: 500,
    taxable: true,
    counted: true,
    displayOrder: 2,
  },
  // Other services
  {
    id: "sku-handle-build-up",
    code: "ADD-BUILD-UP",
    name: "Handle Build-Up",
    category: "OTHER",
    type: "ADD_ON",
    description: "Adds a layer under the grip for a larger handle.",
    unitAmountCents: 1000,
    taxable: false,
    counted: false,
    displayOrder: 1,
  },
  {
    id: "sku-paddle-refresh",
    code: "ADD-REFRESH",
    name: "Paddle Clean & Refresh",
    category: "OTHER",
    type: "ADD_ON",
    description: "Face cleaning and grit refresh.",
    unitAmountCents: 800,
    taxable: false,
    counted: false,
    displayOrder: 2,
  },
  {
    id: "sku-butt-cap",
    code: "ADD-BUTT-CAP",
    name: "Butt Cap Replacement",
    category: "OTHER",
    type: "ADD_ON",
    description: "A new butt cap for a worn or cracked one.",
    unitAmountCents: 600,
    taxable: true,
    counted: true,
    displayOrder: 3,
  },
];

const quickSaleDetails = {
  "QS-REGRIP": { id: "sku-qs-regrip", category: "BASE_GRIP", type: "ONE_TIME", taxable: false, description: "Quick sale: a standard regrip at the counter." },
  "QS-EDGE-GUARD": { id: "sku-qs-edge-guard", category: "EDGE", type: "ADD_ON", taxable: true, description: "Quick sale: an edge guard at the counter." },
  "QS-OVERGRIP": { id: "sku-qs-overgrip", category: "OVERGRIP", type: "ADD_ON", taxable: true, description: "Quick sale: an overgrip at the counter." },
} as const satisfies Record<(typeof QUICK_SALE_SERVICES)[number]["code"], Pick<StarterProduct, "id" | "category" | "type" | "taxable" | "description">>;

/**
 * The quick sale's three services (the spec's $45, $15 and $8), named and priced as the wizard shows them
 * (shared/quick-sale.ts) and found by their codes, so an admin can change them. Real products with counted
 * stock, so a quick sale takes stock and counts in revenue like any sale; hidden (`isVisible: false`) from the
 * customer's catalogue and the storefront, where "Standard Regrip" beside the core services and a second $8
 * "Overgrip" beside "Extra Overgrip" would confuse. The quick sale answers "not in the catalogue" without them.
 */
export const quickSaleProducts: StarterProduct[] = QUICK_SALE_SERVICES.map((service) => ({
  ...quickSaleDetails[service.code],
  code: service.code,
  name: service.label,
  unitAmountCents: service.cents,
  counted: true,
  displayOrder: 90,
  isVisible: false,
}));

/**
 * What became of one product: put in; already there (its id: whatever an admin changed is kept); or its code is
 * held by another product (an admin's own, which stands in for it).
 */
export type ProductPut = "created" | "present" | "codeTaken";

/**
 * Puts `product` in with `stock` units (ignored for an uncounted one) when it is missing: the sku and the
 * uniqueValue that reserves its code, created together on the condition that neither exists. Never overwrites.
 */
export async function addProductIfMissing(product: StarterProduct, stock: number): Promise<ProductPut> {
  const { counted, ...fields } = product;
  const outcome = await writeLabelled((entities) => [
    { label: "sku", write: entities.sku.create({ ...fields, stockQuantity: counted ? stock : 0, unlimitedStock: !counted }).commit() },
    { label: "code", write: entities.uniqueValue.create({ ...uniqueKey("skuCode", product.code), ownerId: product.id }).commit() },
  ]);
  if (outcome.committed) return "created";
  if (outcome.failed.includes("sku")) return "present";
  if (outcome.failed.includes("code")) return "codeTaken";
  throw new Error(`Putting in ${product.code} was cancelled: ${JSON.stringify(outcome.codes)}`);
}

/**
 * Each shop's starter contact (shared/shop-contact.ts): the demo shop's address and hours (shared/locations.ts),
 * a 555-01xx phone (reserved for fiction), an email and a map link. Put in by the seed and `npm run stage:setup`
 * when the shop has none; an admin changes them on the console's Shop details page (`/admin/settings/shops`).
 */
export const starterShopContacts: Record<BookableLocation, ShopContact> = {
  LITTLETON: {
    address: ["2500 W Main St", "Littleton, CO 80120"],
    phone: "+13035550100",
    email: "littleton@regrip.shop",
    hours: [...shopLocation("LITTLETON")!.hours.map(([days, times]): [string, string] => [days, times])],
    mapsUrl: "https://www.google.com/maps/search/?api=1&query=2500+W+Main+St+Littleton+CO+80120",
  },
  HIGHLANDS_RANCH: {
    address: ["9300 S Colorado Blvd", "Highlands Ranch, CO 80126"],
    phone: "+13035550187",
    email: "highlandsranch@regrip.shop",
    hours: [...shopLocation("HIGHLANDS_RANCH")!.hours.map(([days, times]): [string, string] => [days, times])],
    mapsUrl: "https://www.google.com/maps/search/?api=1&query=9300+S+Colorado+Blvd+Highlands+Ranch+CO+80126",
  },
};

/** Puts each shop's starter contact in where the shop has none; the shops it put in. */
export async function addShopContactsIfMissing(): Promise<BookableLocation[]> {
  const added: BookableLocation[] = [];
  for (const location of BOOKABLE_LOCATIONS) if (await Shops.addShopContactIfMissing(location, starterShopContacts[location])) added.push(location);
  return added;
}
