import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "./forms";
import { discountDollarsToCents, QuickSaleBooking, quickSalePrices, quickSaleTotals, type QuickSalePrices } from "./quick-sale";
import {
  addToCart,
  cartFor,
  cartLimit,
  cartTotals,
  firstVariant,
  isBagCode,
  productCards,
  quantityRefusal,
  setCartQuantity,
  storefrontGroups,
  StorefrontInvoice,
  variantOf,
} from "./storefront";
import { stockShortfall, variantName } from "./variants";

const grip = { id: "g", name: "Grip", price: 4500 };
const tape = { id: "t", name: "Tape", price: 1000 };

describe("the storefront cart", () => {
  it("adds 1 to an item already in the cart", () => {
    const once = addToCart([], grip);
    expect(addToCart(once, grip)).toEqual([{ ...grip, quantity: 2 }]);
  });
  it("removes an item at quantity 0 or less, and keeps whole numbers", () => {
    const cart = addToCart(addToCart([], grip), tape);
    expect(setCartQuantity(cart, "g", 0).map((l) => l.id)).toEqual(["t"]);
    expect(setCartQuantity(cart, "g", -3).map((l) => l.id)).toEqual(["t"]);
    expect(setCartQuantity(cart, "g", 2.7)[0].quantity).toBe(2);
    expect(setCartQuantity(cart, "g", Number.NaN).map((l) => l.id)).toEqual(["t"]);
  });
  it("starts empty for another customer, and drops unreadable lines", () => {
    const stored = { customerId: "c1", items: [{ ...grip, quantity: 1 }, { id: 5 }] };
    expect(cartFor("c1", stored).items).toEqual([{ ...grip, quantity: 1 }]);
    expect(cartFor("c2", stored).items).toEqual([]);
    expect(cartFor("c1", "garbage").items).toEqual([]);
  });
  it("previews totals with the server's discount rule", () => {
    const cart = setCartQuantity(addToCart(addToCart([], grip), tape), "t", 2);
    expect(cartTotals(cart, { code: "WELCOME10", percentage: 10, amountCents: 0 })).toEqual({ subtotalCents: 6500, discountAmountCents: 650, pointsDiscountCents: 0, taxCents: 0, totalCents: 5850 });
    expect(cartTotals(cart, { code: "BIG", percentage: 0, amountCents: 99_999 }).totalCents).toBe(0);
  });
});

describe("storefront groups", () => {
  it("orders categories and sorts by displayOrder then price, unknown categories under Other Services", () => {
    const groups = storefrontGroups([
      { category: "WEIGHT", displayOrder: 1, price: 500 },
      { category: "BASE_GRIP", displayOrder: 2, price: 100 },
      { category: "BASE_GRIP", displayOrder: 1, price: 900 },
      { category: "BASE_GRIP", displayOrder: 1, price: 800 },
      { category: "MYSTERY", displayOrder: 1, price: 1 },
    ]);
    expect(groups.map((g) => g.heading)).toEqual(["Core Services", "Weights", "Other Services"]);
    expect(groups[0].items.map((i) => i.price)).toEqual([800, 900, 100]);
  });
});

describe("one card per product (issue: 32 flat cards, one per color and feel)", () => {
  const sku = (id: string, name: string, color: string | null, feel: string | null, stockQuantity: number | null = 10, category = "BASE_GRIP", type = "ONE_TIME") => ({
    id,
    name,
    color,
    feel,
    stockQuantity,
    category,
    type,
  });
  const items = [
    sku("sg-black-tacky", "Strip and Grip", "Black", "Tacky", 0),
    sku("sg-black-dry", "Strip and Grip", "Black", "Dry", 4),
    sku("pr-teal-cushioned", "Premium Regrip", "Teal", "Cushioned"),
    sku("sg-red-tacky", "Strip and Grip", "Red", "Tacky"),
    sku("sg-red-dry", "Strip and Grip", "Red", "Dry"),
    sku("guard-black", "Premium Edge Guard", "Black", null, 10, "EDGE", "ADD_ON"),
    sku("guard-pink", "Premium Edge Guard", "Pink", null, 10, "EDGE", "ADD_ON"),
    sku("tape", "Edge Tape", null, null, null, "EDGE", "ADD_ON"),
    // The same name in another category or type is another product.
    sku("sg-addon", "Strip and Grip", null, null, null, "OTHER", "ADD_ON"),
  ];

  it("groups skus by product, in the catalogue's order, with the colors and feels they come in (A to Z)", () => {
    const cards = productCards(items);
    expect(cards.map((card) => [card.name, card.variants.map((v) => v.id)])).toEqual([
      ["Strip and Grip", ["sg-black-dry", "sg-black-tacky", "sg-red-dry", "sg-red-tacky"]],
      ["Premium Regrip", ["pr-teal-cushioned"]],
      ["Premium Edge Guard", ["guard-black", "guard-pink"]],
      ["Edge Tape", ["tape"]],
      ["Strip and Grip", ["sg-addon"]],
    ]);
    expect(cards[0]).toMatchObject({ colors: ["Black", "Red"], feels: ["Dry", "Tacky"] });
    expect(cards[2]).toMatchObject({ colors: ["Black", "Pink"], feels: [] });
    expect(cards[3]).toMatchObject({ colors: [], feels: [] });
  });

  it("finds the variant of a color and feel, and starts on the first in stock", () => {
    const [strip, , guard, tape] = productCards(items);
    expect(variantOf(strip, { color: "Red", feel: "Dry" })?.id).toBe("sg-red-dry");
    expect(variantOf(strip, { color: "Pink", feel: "Dry" })).toBeUndefined();
    expect(variantOf(guard, { color: "Pink", feel: null })?.id).toBe("guard-pink");
    expect(variantOf(tape, {})?.id).toBe("tape");
    expect(firstVariant(strip).id).toBe("sg-black-dry");
    expect(firstVariant(productCards([items[0]])[0]).id).toBe("sg-black-tacky");
  });
});

describe("the stock cap (issue: a quantity of 99 on 'Only 4 left' was accepted)", () => {
  const black = { name: "Strip and Grip", color: "Black", feel: "Tacky", stockQuantity: 4 };
  it("names the variant and what is left", () => {
    expect(variantName(black)).toBe("Strip and Grip (Black, Tacky)");
    expect(variantName({ name: "Premium Edge Guard", color: "Pink", feel: null })).toBe("Premium Edge Guard (Pink)");
    expect(variantName({ name: "Edge Tape" })).toBe("Edge Tape");
    expect(stockShortfall(black, 4)).toBe("Only 4 left of Strip and Grip (Black, Tacky)");
    expect(stockShortfall(black, 0)).toBe("Sorry, Strip and Grip (Black, Tacky) is out of stock");
  });
  it("lets the cart hold up to the stock, never more, and up to 99 of what is unlimited", () => {
    expect(quantityRefusal(black, 4)).toBeNull();
    expect(quantityRefusal(black, 5)).toBe("Only 4 left of Strip and Grip (Black, Tacky)");
    expect(quantityRefusal(black, 99)).toBe("Only 4 left of Strip and Grip (Black, Tacky)");
    expect(quantityRefusal({ ...black, stockQuantity: 0 }, 1)).toBe("Sorry, Strip and Grip (Black, Tacky) is out of stock");
    expect(quantityRefusal({ name: "Edge Tape", stockQuantity: null }, 99)).toBeNull();
    expect(quantityRefusal({ name: "Edge Tape", stockQuantity: null }, 100)).toBe("Quantity must be a whole number from 1 to 99");
    expect(cartLimit(black)).toBe(4);
    expect(cartLimit({ stockQuantity: null })).toBe(99);
    expect(cartLimit({ stockQuantity: 500 })).toBe(99);
    expect(cartLimit({ stockQuantity: -2 })).toBe(0);
  });
});

describe("the invoice request", () => {
  const ok = { customerId: "c1", bagNumber: "1a2", items: [{ id: "g", quantity: 1 }] };
  it("takes exactly 3 characters for the bag, upper-cased", () => {
    expect(z.parse(StorefrontInvoice, ok).bagNumber).toBe("1A2");
    expect(isBagCode("12")).toBe(false);
    expect(isBagCode("1234")).toBe(false);
    expect(fieldErrors(StorefrontInvoice, { ...ok, bagNumber: "12" })).toEqual({ bagNumber: "Please enter a 3-digit bag number" });
  });
  it("refuses an empty cart and drops the client's prices", () => {
    expect(fieldErrors(StorefrontInvoice, { ...ok, items: [] })).toEqual({ items: "Your cart is empty" });
    const parsed = z.parse(StorefrontInvoice, { ...ok, totalAmount: 1, items: [{ id: "g", quantity: 1, price: 1 }] });
    expect(parsed).not.toHaveProperty("totalAmount");
    expect(parsed.items[0]).toEqual({ id: "g", quantity: 1 });
  });
});

describe("the quick sale", () => {
  const seeded: QuickSalePrices = { regrip: 4500, edge_guard: 1500, overgrip: 800 };
  const total = (services: Parameters<typeof quickSaleTotals>[0], dollars: number, prices = seeded) => quickSaleTotals(services, prices, dollars).totalCents;
  it("totals the services at the catalogue's prices less the discount, never below 0", () => {
    expect(total(["regrip", "edge_guard", "overgrip"], 0)).toBe(6800);
    expect(total(["regrip"], 5.5)).toBe(3950);
    expect(total(["overgrip"], 20)).toBe(0);
    expect(quickSaleTotals(["overgrip"], seeded, 20)).toEqual({ subtotalCents: 800, discountAmountCents: 800, pointsDiscountCents: 0, taxCents: 0, totalCents: 0 });
    expect(total(["overgrip"], -5)).toBe(800);
    expect(total(["regrip", "overgrip"], 0, { regrip: 5000, overgrip: 900 })).toBe(5900);
    // A service whose item the catalogue lacks adds nothing: the server refuses it.
    expect(total(["regrip", "overgrip"], 0, { regrip: 5000 })).toBe(5000);
    expect(discountDollarsToCents(0.1 + 0.2)).toBe(30);
  });
  it("finds each service's price by its item's code, as the server does", () => {
    expect(
      quickSalePrices([
        { code: "QS-REGRIP", unitAmountCents: 5200 },
        { code: "qs-overgrip", unitAmountCents: 900 },
        { code: "PREMIUM", unitAmountCents: 6500 },
      ]),
    ).toEqual({ regrip: 5200, overgrip: 900 });
  });
  it("needs a nickname and a service, and a discount of at least 0", () => {
    const ok = { customerId: "c1", paddle: { nickname: "Red" }, services: ["regrip"], discount: null };
    expect(z.safeParse(QuickSaleBooking, ok).success).toBe(true);
    expect(fieldErrors(QuickSaleBooking, { ...ok, services: [] })).toEqual({ services: "Please select at least one service" });
    expect(z.safeParse(QuickSaleBooking, { ...ok, paddle: { nickname: " " } }).error?.issues[0].message).toBe("Nickname is required");
    expect(z.safeParse(QuickSaleBooking, { ...ok, discount: { amount: -1 } }).error?.issues[0].message).toBe("Discount must be at least 0");
    expect(z.safeParse(QuickSaleBooking, { ...ok, discount: { amount: 1.005 } }).success).toBe(false);
  });
});
