/**
 * The demo shop `npm start` seeds on first run: the starter catalogue (infra/starter-catalogue.ts, what
 * `npm run stage:setup` puts in a new stage) with demo stock, two promotions and bags. Ids are fixed so
 * seeding is idempotent: running it again adds only what is missing.
 */
import { isQuickSaleCode } from "../../packages/core/src/shared/products";
import { starterCatalogue, type StarterProduct } from "../starter-catalogue";

/**
 * The demo shop's stock of each product of the starter catalogue (infra/starter-catalogue.ts): some colors low,
 * a few sold out, so the booking page, the counter and the dashboard's low-stock list have something to show.
 */
export function demoStock(product: StarterProduct): number {
  const { name, color, feel } = product;
  if (!product.counted) return 0;
  if (isQuickSaleCode(product.code)) return 200;
  switch (name) {
    case "Strip and Grip":
      return color === "Red" && feel === "Dry" ? 0 : color === "White" ? 4 : 25;
    case "Basic Overgrip":
      return color === "Pink" ? 3 : 40;
    case "Premium Regrip":
      return color === "Orange" && feel === "Cushioned" ? 2 : 15;
    case "Extra Overgrip":
      return 60;
    case "Premium Edge Guard":
      return { Black: 12, Clear: 11, Teal: 10, Pink: 0 }[color ?? ""] ?? 0;
    case "Edge Tape":
      return 30;
    case "Butt Cap Replacement":
      return 8;
    default:
      return 0;
  }
}

/** The customer catalogue as the demo shop holds it: `stockQuantity` null for an uncounted service. */
export const demoSkus = starterCatalogue.map((product) => ({ ...product, stockQuantity: product.counted ? demoStock(product) : null }));

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
