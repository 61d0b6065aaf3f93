/**
 * The storefront's rules (staff-and-admin-side §2, §4, §5, §9; docs/api-staff.md): the catalogue's category order
 * and headings, the cart the console keeps in browser storage, the bag number, and the invoice request the server
 * parses. Browser-safe, zod/mini: the console previews totals with these and the server prices with the same
 * discount rule (`./promo`).
 */
import * as z from "zod/mini";
import { BAG_CODE_PATTERN, BAG_NUMBER_INVALID } from "./bags";
import type { CatalogueItem, SkuCategory } from "./catalogue";
import { ID_PATTERN, MAX_ID_LENGTH, SentPromoCode } from "./ids";
import { MY_GRIP_NOTES_MAX, MY_GRIP_NOTES_TOO_LONG } from "./orders";
import type { Discount } from "./promo";
import type { QuickSalePrices } from "./quick-sale";
import { orderTotals, type OrderTotals } from "./totals";

/** §9: the storefront's category order and headings; anything else is Other Services. */
export const STOREFRONT_CATEGORIES: readonly { category: SkuCategory; heading: string }[] = [
  { category: "BASE_GRIP", heading: "Core Services" },
  { category: "OVERGRIP", heading: "Overgrips" },
  { category: "EDGE", heading: "Edge Protection" },
  { category: "WEIGHT", heading: "Weights" },
  { category: "OTHER", heading: "Other Services" },
];

/**
 * One product of GET /api/storefront/products: the catalogue's item view (price in cents, stock null = unlimited)
 * and its place in its category.
 */
export type StorefrontProduct = CatalogueItem & { displayOrder: number };

export interface StorefrontGroup {
  category: SkuCategory;
  heading: string;
  items: StorefrontProduct[];
}

/** What GET /api/storefront/products answers. */
export interface StorefrontProducts {
  groups: StorefrontGroup[];
  /** The quick sale's services at the catalogue's prices (their `QS-*` items are hidden, so in no group). */
  quickSale: QuickSalePrices;
}

/** Groups products in §9's order, each sorted by displayOrder then price; empty groups left out. */
export function storefrontGroups<T extends { category: string; displayOrder?: number | null; price: number }>(
  items: readonly T[],
): { category: SkuCategory; heading: string; items: T[] }[] {
  const known = new Set<string>(STOREFRONT_CATEGORIES.map((c) => c.category));
  return STOREFRONT_CATEGORIES.map(({ category, heading }) => ({
    category,
    heading,
    items: items
      .filter((item) => (known.has(item.category) ? item.category === category : category === "OTHER"))
      .sort((a, b) => (a.displayOrder ?? 999) - (b.displayOrder ?? 999) || a.price - b.price),
  })).filter((group) => group.items.length > 0);
}

/** A bag number is exactly 3 characters (§5, §9): the code printed on the bag, 0-9 and A-Z (shared/bags). */
export const BAG_NUMBER_REQUIRED = "Bag Number Required";

export function normaliseBagCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isBagCode(input: string): boolean {
  return BAG_CODE_PATTERN.test(normaliseBagCode(input));
}

export const PHONE_NUMBER_REQUIRED = "Phone Number Required";
export const PHONE_FOR_PAYMENT_LINK = "Customer must have a phone number to receive payment link";
export const CART_EMPTY = "Your cart is empty";
/** The technician notes go to the order's myGripNotes: the same limit and message as the queue's notes edit. */
export const NOTES_MAX_LENGTH = MY_GRIP_NOTES_MAX;

/** The browser storage key of the storefront cart. */
export const STOREFRONT_CART_KEY = "regrip.storefront.cart";

export interface CartLine {
  id: string;
  name: string;
  description?: string | null;
  /** Unit price in cents, as the catalogue showed it (the server prices again). */
  price: number;
  quantity: number;
}

export interface StoredCart {
  customerId: string;
  items: CartLine[];
}

/** The stored cart for this customer: a cart kept for another customer (or none, or unreadable) starts empty. */
export function cartFor(customerId: string, stored: unknown): StoredCart {
  const cart = stored as Partial<StoredCart> | null;
  if (!cart || cart.customerId !== customerId || !Array.isArray(cart.items)) return { customerId, items: [] };
  const items = cart.items.filter(
    (line): line is CartLine =>
      !!line && typeof line.id === "string" && typeof line.name === "string" && Number.isInteger(line.price) && Number.isInteger(line.quantity) && line.quantity > 0,
  );
  return { customerId, items };
}

/** Adding an item already in the cart raises its quantity by 1 (§4). */
export function addToCart(items: readonly CartLine[], item: Omit<CartLine, "quantity">): CartLine[] {
  return items.some((line) => line.id === item.id)
    ? items.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + 1 } : line))
    : [...items, { ...item, quantity: 1 }];
}

/** A quantity of 0 or less removes the item (§4); others are whole numbers. */
export function setCartQuantity(items: readonly CartLine[], id: string, quantity: number): CartLine[] {
  const whole = Math.floor(Number.isFinite(quantity) ? quantity : 0);
  return whole <= 0 ? items.filter((line) => line.id !== id) : items.map((line) => (line.id === id ? { ...line, quantity: whole } : line));
}

export type CartTotals = OrderTotals;

/** The preview before submit: the same discount rule the server prices with. */
export function cartTotals(items: readonly CartLine[], promo: Discount | null | undefined): CartTotals {
  return orderTotals(
    items.map((line) => ({ priceCents: line.price, quantity: line.quantity })),
    { promotion: promo },
  );
}

export function cartCount(items: readonly CartLine[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

const id = (message: string) => z.string({ error: message }).check(z.maxLength(MAX_ID_LENGTH, message), z.regex(ID_PATTERN, message));

/**
 * POST /api/storefront/invoice. The spec's other fields (customerName, phone, totalAmount, discountAmountCents,
 * an item's name and price) may be sent and are dropped: the server prices the cart from the catalogue.
 */
export const StorefrontInvoice = z.object({
  customerId: id("Customer not found"),
  bagNumber: z.pipe(
    // Bounded before the transform, so a huge string is refused without being copied (hostile test's bound rule).
    z.string({ error: BAG_NUMBER_INVALID }).check(z.maxLength(40, BAG_NUMBER_INVALID)),
    z.transform(normaliseBagCode),
  ).check(z.refine((code: string) => isBagCode(code), BAG_NUMBER_INVALID)),
  myGripNotes: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(NOTES_MAX_LENGTH, MY_GRIP_NOTES_TOO_LONG)))),
  items: z.array(
    z.object({
      id: id("That product is not available"),
      quantity: z.number({ error: "Quantity must be a whole number from 1 to 99" }).check(
        z.int("Quantity must be a whole number from 1 to 99"),
        z.minimum(1, "Quantity must be a whole number from 1 to 99"),
        z.maximum(99, "Quantity must be a whole number from 1 to 99"),
      ),
    }),
  ).check(z.minLength(1, CART_EMPTY), z.maxLength(50, "At most 50 lines in one order")),
  promoCode: SentPromoCode,
});
export type StorefrontInvoice = z.output<typeof StorefrontInvoice>;
