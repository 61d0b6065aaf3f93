/**
 * The storefront's rules (docs/api-staff.md): the catalogue's category order
 * and headings, the cart the console keeps in browser storage, the bag number, and the invoice request the server
 * parses. Browser-safe, zod/mini: the console previews totals with these and the server prices with the same
 * discount rule (`./promo`).
 */
import { stockShortfall, type VariantNaming } from "./variants";
import * as z from "zod/mini";
import { CounterShop } from "./counter-shop";
import { BAG_CODE_PATTERN } from "./bags";
import { OptionalBagNumber } from "./bag-input";
import { PhoneConfirmedInput, SalePaddle, SalePaddleId, SalePaymentInput } from "./counter-sale";
import type { CatalogueProduct, ProductCategory } from "./catalogue";
import { CUSTOMER_NOT_FOUND } from "./customers";
import { boundedId, SentPromoCode } from "./ids";
import { RedeemPoints } from "./loyalty-input";
import { MY_GRIP_NOTES_MAX, MY_GRIP_NOTES_TOO_LONG, type OrderView } from "./orders";
import type { Discount } from "./promo";
import type { QuickSalePrices, QuickSaleService } from "./quick-sale";
import { orderTotals, type OrderTotals } from "./totals";

/** The storefront's category order and headings (the spec's); anything else is Other Services. */
export const STOREFRONT_CATEGORIES: readonly { category: ProductCategory; heading: string }[] = [
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
export type StorefrontProduct = CatalogueProduct & { displayOrder: number };

export interface StorefrontGroup {
  category: ProductCategory;
  heading: string;
  items: StorefrontProduct[];
}

/** What GET /api/storefront/products answers. */
export interface StorefrontProducts {
  groups: StorefrontGroup[];
  /** The quick sale's services at the catalogue's prices (their `QS-*` items are hidden, so in no group). */
  quickSale: QuickSalePrices;
  /** The quick sale's services that are goods (sales tax applies to them). */
  quickSaleTaxable: QuickSaleService[];
}

/** Groups products in that order, each sorted by displayOrder then price; empty groups left out. */
export function storefrontGroups<T extends { category: string; displayOrder?: number | null; price: number }>(
  items: readonly T[],
): { category: ProductCategory; heading: string; items: T[] }[] {
  const known = new Set<string>(STOREFRONT_CATEGORIES.map((c) => c.category));
  return STOREFRONT_CATEGORIES.map(({ category, heading }) => ({
    category,
    heading,
    items: items
      .filter((item) => (known.has(item.category) ? item.category === category : category === "OTHER"))
      .sort((a, b) => (a.displayOrder ?? 999) - (b.displayOrder ?? 999) || a.price - b.price),
  })).filter((group) => group.items.length > 0);
}

/** The most of one product an invoice line may hold, whatever the stock. */
export const MAX_LINE_QUANTITY = 99;
const QUANTITY_RANGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;

/**
 * Why the cart may not hold `quantity` of `product`, or null when it may: never more than its stock (null stock is
 * unlimited) nor more than one line may hold.
 */
export function quantityRefusal(product: VariantNaming & { stockQuantity: number | null }, quantity: number): string | null {
  if (product.stockQuantity !== null && quantity > product.stockQuantity) return stockShortfall(product, product.stockQuantity);
  return quantity > MAX_LINE_QUANTITY ? QUANTITY_RANGE : null;
}

/** The most of `product` the cart may hold: its stock, at most a line's limit. */
export const cartLimit = (product: { stockQuantity: number | null }) =>
  product.stockQuantity === null ? MAX_LINE_QUANTITY : Math.max(0, Math.min(product.stockQuantity, MAX_LINE_QUANTITY));

/**
 * One card of the storefront: the skus of one product (the same name, category and type: the catalogue writes a
 * product's colors and feels as skus of one name), with the colors and feels they come in.
 */
export interface ProductCard<T> {
  key: string;
  name: string;
  variants: T[];
  /** The colors its variants come in, in the catalogue's order (empty when none names one). */
  colors: string[];
  feels: string[];
}

type CardItem = VariantNaming & { category: string; type: string };

/** The skus of a group as one card per product, in the order of each product's first sku; its variants by color, then feel. */
export function productCards<T extends CardItem>(items: readonly T[]): ProductCard<T>[] {
  const cards = new Map<string, ProductCard<T>>();
  for (const item of items) {
    const key = `${item.category}|${item.type}|${item.name.trim().toLowerCase()}`;
    const card = cards.get(key) ?? { key, name: item.name, variants: [], colors: [], feels: [] };
    card.variants.push(item);
    if (item.color?.trim() && !card.colors.includes(item.color)) card.colors.push(item.color);
    if (item.feel?.trim() && !card.feels.includes(item.feel)) card.feels.push(item.feel);
    cards.set(key, card);
  }
  // The catalogue keeps no order among a product's variants (same display order and price): A to Z, so the pickers
  // and the variant a card starts on are the same on every visit.
  const byName = (a: string, b: string) => a.localeCompare(b);
  for (const card of cards.values()) {
    card.colors.sort(byName);
    card.feels.sort(byName);
    card.variants.sort((a, b) => byName(a.color ?? "", b.color ?? "") || byName(a.feel ?? "", b.feel ?? ""));
  }
  return [...cards.values()];
}

/** The variant of `card` with this color and feel (either left out when the card has none to choose). */
export function variantOf<T extends CardItem>(card: ProductCard<T>, choice: { color?: string | null; feel?: string | null }): T | undefined {
  return card.variants.find(
    (variant) => (card.colors.length === 0 || variant.color === choice.color) && (card.feels.length === 0 || variant.feel === choice.feel),
  );
}

/** The variant a card shows first: the first in stock, else the first. */
export function firstVariant<T extends CardItem & { stockQuantity: number | null }>(card: ProductCard<T>): T {
  return card.variants.find((variant) => variant.stockQuantity === null || variant.stockQuantity > 0) ?? card.variants[0];
}

/** A bag number is exactly 3 characters: the code printed on the bag, 0-9 and A-Z (shared/bags). */
export const BAG_NUMBER_REQUIRED = "Bag Number Required";

export function normaliseBagCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isBagCode(input: string): boolean {
  return BAG_CODE_PATTERN.test(normaliseBagCode(input));
}

export const PHONE_NUMBER_REQUIRED = "Phone Number Required";
export { PHONE_FOR_PAYMENT_LINK } from "./counter-sale";

/** How the payment link's text went: sent, or why not (the page then offers the link to copy). */
export interface SmsStatus {
  success: boolean;
  message: string;
}

/** POST /api/storefront/invoice: the order, its payment link (null when nothing is owed) and how the text went. */
export interface InvoiceAnswer {
  orderId: string;
  /** The order's number (./orders `orderReference`, "R-1042"). */
  reference: string;
  /** True when the bag field was left blank and the server chose the bag (the order's `bagNumber`). */
  bagAssigned: boolean;
  checkoutUrl: string | null;
  smsStatus: SmsStatus;
  order: OrderView;
}

/** POST /api/orders/{id}/payment-link: the link texted again, as an invoice answers it. */
export type PaymentLinkAnswer = Omit<InvoiceAnswer, "orderId" | "reference" | "bagAssigned">;

/** The quick-sale form of POST /api/book-service: the order, its bag, its payment link and how the text went. */
export interface QuickSaleAnswer {
  id: string;
  orderId: string;
  /** The order's number (./orders `orderReference`, "R-1042"). */
  reference: string;
  /** The bag the order holds. */
  bagNumber: string | null;
  /** True when the bag field was left blank and the server chose the bag. */
  bagAssigned: boolean;
  checkoutUrl: string | null;
  smsStatus: SmsStatus;
  requiresPayment: boolean;
}
export const CART_EMPTY = "Your cart is empty";
/** A cart line that names no product the storefront sells (hidden, deleted, or not an id). */
export const PRODUCT_UNAVAILABLE = "That product is not available";
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

/** Adding an item already in the cart raises its quantity by 1. */
export function addToCart(items: readonly CartLine[], item: Omit<CartLine, "quantity">): CartLine[] {
  return items.some((line) => line.id === item.id)
    ? items.map((line) => (line.id === item.id ? { ...line, quantity: line.quantity + 1 } : line))
    : [...items, { ...item, quantity: 1 }];
}

/** A quantity of 0 or less removes the item; others are whole numbers. */
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


/**
 * POST /api/storefront/invoice. The spec's other fields (customerName, phone, totalAmount, discountAmountCents,
 * an item's name and price) may be sent and are dropped: the server prices the cart from the catalogue.
 */
export const StorefrontInvoice = z.object({
  customerId: boundedId(CUSTOMER_NOT_FOUND),
  /** The bag the paddle goes in; blank or absent, the server assigns the lowest free active bag (as the quick sale does). */
  bagNumber: OptionalBagNumber,
  /** A paddle of the customer's on file, or (`paddle`) a new one made with the order; neither: a sale of goods only. */
  paddleId: SalePaddleId,
  paddle: z.optional(SalePaddle),
  /** How the customer pays (shared/counter-sale.ts): "counter" or "link" (the default). */
  payment: SalePaymentInput,
  phoneConfirmed: PhoneConfirmedInput,
  myGripNotes: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(NOTES_MAX_LENGTH, MY_GRIP_NOTES_TOO_LONG)))),
  items: z.array(
    z.object({
      id: boundedId(PRODUCT_UNAVAILABLE),
      quantity: z.number({ error: QUANTITY_RANGE }).check(
        z.int(QUANTITY_RANGE),
        z.minimum(1, QUANTITY_RANGE),
        z.maximum(MAX_LINE_QUANTITY, QUANTITY_RANGE),
      ),
    }),
  ).check(z.minLength(1, CART_EMPTY), z.maxLength(50, "At most 50 lines in one order")),
  promoCode: SentPromoCode,
  /** The customer's points to redeem (a step of 100), taken off after the promotion. */
  redeemPoints: RedeemPoints,
  /** The shop whose counter sells (its sales tax rate); the default shop when absent. */
  shop: CounterShop,
});
export type StorefrontInvoice = z.output<typeof StorefrontInvoice>;
