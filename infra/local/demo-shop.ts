/**
 * The demo shop `npm start` seeds on first run. Ids are fixed so seeding is
 * idempotent: running it again adds only what is missing.
 */
import type { CatalogueSku } from "../../packages/core/src/shared/catalogue";

/** A catalogue sku as seeded; the rest (threshold, visibility) takes the entity's defaults. */
export type DemoSku = Omit<CatalogueSku, "lowStockThreshold" | "isVisible"> & { description: string; isVisible?: boolean };

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function variants(
  base: Omit<DemoSku, "id" | "code" | "color" | "feel" | "stockQuantity">,
  codePrefix: string,
  colors: string[],
  feels: string[],
  stock: (color: string, feel: string) => number,
): DemoSku[] {
  return colors.flatMap((color) =>
    feels.map((feel) => ({
      ...base,
      id: `sku-${slug(base.name)}-${slug(color)}-${slug(feel)}`,
      code: `${codePrefix}-${slug(color).toUpperCase()}-${slug(feel).toUpperCase()}`,
      color,
      feel,
      stockQuantity: stock(color, feel),
    })),
  );
}

export const demoSkus: DemoSku[] = [
  ...variants(
    {
      name: "Strip and Grip",
      category: "BASE_GRIP",
      type: "ONE_TIME",
      brand: "Regrip",
      quality: "standard",
      description: "We strip the old grip down to the handle, clean it and wrap a fresh replacement grip.",
      unitAmountCents: 4500,
      displayOrder: 1,
    },
    "SG",
    ["Black", "White", "Teal", "Red"],
    ["Tacky", "Dry"],
    (color, feel) => (color === "Red" && feel === "Dry" ? 0 : color === "White" ? 4 : 25),
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
      displayOrder: 2,
    },
    "BO",
    ["Black", "White", "Pink", "Blue"],
    ["Tacky", "Dry"],
    (color) => (color === "Pink" ? 3 : 40),
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
      displayOrder: 3,
    },
    "PR",
    ["Black", "Teal", "Orange"],
    ["Tacky", "Cushioned"],
    (color, feel) => (color === "Orange" && feel === "Cushioned" ? 2 : 15),
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
    stockQuantity: 60,
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
    stockQuantity: null,
    displayOrder: 1,
  },
  // Edge protection: premium guards by color, and tape
  ...["Black", "Clear", "Teal", "Pink"].map(
    (color, i): DemoSku => ({
      id: `sku-premium-edge-guard-${slug(color)}`,
      code: `ADD-GUARD-${slug(color).toUpperCase()}`,
      name: "Premium Edge Guard",
      category: "EDGE",
      type: "ADD_ON",
      color,
      description: "Low-profile edge guard that protects the paddle rim.",
      unitAmountCents: 1500,
      stockQuantity: color === "Pink" ? 0 : 12 - i,
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
    stockQuantity: 30,
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
    stockQuantity: null,
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
    stockQuantity: null,
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
    stockQuantity: 8,
    displayOrder: 3,
  },
];

/**
 * The quick sale's three services (staff-and-admin-side §9: $45, $15, $8),
 * found by their codes (shared/quick-sale.ts) so an admin can change them.
 * Real catalogue items with counted stock, so a quick sale takes stock and
 * counts in revenue like any sale; hidden (`isVisible: false`) from the
 * customer's catalogue and the storefront, where "Standard Regrip" beside
 * the core services and a second $8 "Overgrip" beside "Extra Overgrip" would
 * confuse.
 */
export const quickSaleSkus: DemoSku[] = [
  {
    id: "sku-qs-regrip",
    code: "QS-REGRIP",
    name: "Standard Regrip",
    category: "BASE_GRIP",
    type: "ONE_TIME",
    description: "Quick sale: a standard regrip at the counter.",
    unitAmountCents: 4500,
    stockQuantity: 200,
    displayOrder: 90,
    isVisible: false,
  },
  {
    id: "sku-qs-edge-guard",
    code: "QS-EDGE-GUARD",
    name: "Edge Guard",
    category: "EDGE",
    type: "ADD_ON",
    description: "Quick sale: an edge guard at the counter.",
    unitAmountCents: 1500,
    stockQuantity: 200,
    displayOrder: 90,
    isVisible: false,
  },
  {
    id: "sku-qs-overgrip",
    code: "QS-OVERGRIP",
    name: "Overgrip",
    category: "OVERGRIP",
    type: "ADD_ON",
    description: "Quick sale: an overgrip at the counter.",
    unitAmountCents: 800,
    stockQuantity: 200,
    displayOrder: 90,
    isVisible: false,
  },
];

export const demoPromotions = [
  { id: "promo-welcome10", code: "WELCOME10", percentage: 10, amountCents: 0, isActive: true },
  { id: "promo-grip5", code: "GRIP5", percentage: 0, amountCents: 500, isActive: true },
];

/**
 * Bags 101 to 130. Their QR slugs are drawn at random when seeded, as for any bag (bags module): a slug is
 * what a printed label opens, so it must not be guessable even in the demo.
 */
export const demoBags = Array.from({ length: 30 }, (_, i) => {
  const code3 = String(101 + i);
  return { id: `bag-${code3}`, code3 };
});
