import { describe, expect, it } from "vitest";
import type { Product } from "../shared/catalogue";
import { pricedPoints } from "../loyalty/redeem";
import { priceSale } from "./cart";

const sku = (id: string, fields: Partial<Product> = {}): Product => ({
  id,
  code: id.toUpperCase(),
  name: `Item ${id}`,
  category: "OTHER",
  type: "ONE_TIME",
  unitAmountCents: 1000,
  stockQuantity: 5,
  lowStockThreshold: 1,
  displayOrder: 1,
  isVisible: true,
  taxable: false,
  ...fields,
});

const skus = [sku("a"), sku("b", { unitAmountCents: 250, stockQuantity: null }), sku("hidden", { isVisible: false })];
const sale = (input: Partial<Parameters<typeof priceSale>[0]>) =>
  priceSale({ skus, lines: [], requireVisible: true, unavailable: "That product is not available", taxRateBps: 0, ...input });

describe("priceSale", () => {
  it("prices from the catalogue, adding up a sku named twice, taking stock only of counted skus", () => {
    const priced = sale({ lines: [{ skuId: "a", quantity: 1 }, { skuId: "b", quantity: 2 }, { skuId: "a", quantity: 2 }] });
    expect(priced.lineItems.map((line) => [line.skuId, line.quantity, line.priceCents])).toEqual([["a", 3, 1000], ["b", 2, 250]]);
    expect(priced).toMatchObject({ subtotalCents: 3500, discountAmountCents: 0, totalCents: 3500 });
    expect(priced.stockTakes).toEqual([{ skuId: "a", name: "Item a", quantity: 3 }]);
  });

  it("applies a percentage or an amount promotion, capped at the subtotal", () => {
    expect(sale({ lines: [{ skuId: "b", quantity: 1 }], promotion: { code: "P", percentage: 10, amountCents: 0 } })).toMatchObject({ discountAmountCents: 25, totalCents: 225, promoCode: "P" });
    expect(sale({ lines: [{ skuId: "b", quantity: 1 }], promotion: { code: "A", percentage: 0, amountCents: 500 } })).toMatchObject({ discountAmountCents: 250, totalCents: 0 });
  });

  it("takes a staff discount, never below 0", () => {
    expect(sale({ lines: [{ skuId: "a", quantity: 1 }], discountCents: 1050 })).toMatchObject({ discountAmountCents: 1000, totalCents: 0 });
    expect(sale({ lines: [{ skuId: "a", quantity: 1 }], discountCents: 250 })).toMatchObject({ totalCents: 750 });
  });

  it("refuses hidden or unknown skus when the sale sells only what is shown, and too little stock", () => {
    expect(() => sale({ lines: [{ skuId: "hidden", quantity: 1 }] })).toThrow("That product is not available");
    expect(() => sale({ lines: [{ skuId: "nope", quantity: 1 }] })).toThrow("That product is not available");
    expect(sale({ lines: [{ skuId: "hidden", quantity: 1 }], requireVisible: false }).totalCents).toBe(1000);
    expect(() => sale({ lines: [{ skuId: "a", quantity: 6 }] })).toThrow("Only 5 left of Item a");
  });

  it("names the variant when it refuses more than is in stock (issue: a quantity of 99 of 'Only 4 left')", () => {
    const black = sku("sg-black-tacky", { name: "Strip and Grip", color: "Black", feel: "Tacky", stockQuantity: 4 });
    const red = sku("sg-red-dry", { name: "Strip and Grip", color: "Red", feel: "Dry", stockQuantity: 0 });
    const priceOf = (skuId: string, quantity: number) => () => priceSale({ skus: [black, red], lines: [{ skuId, quantity }], requireVisible: true, unavailable: "x", taxRateBps: 0 });
    expect(priceOf("sg-black-tacky", 99)).toThrow("Only 4 left of Strip and Grip (Black, Tacky)");
    expect(priceOf("sg-red-dry", 1)).toThrow("Sorry, Strip and Grip (Red, Dry) is out of stock");
    expect(priceOf("sg-black-tacky", 4)().stockTakes).toEqual([{ skuId: "sg-black-tacky", name: "Strip and Grip", color: "Black", feel: "Tacky", quantity: 4 }]);
  });

  it("takes redeemed points off after the discount, and refuses more than is left to pay", () => {
    const lines = [{ skuId: "a", quantity: 3 }];
    expect(sale({ lines, promotion: { code: "P", percentage: 10, amountCents: 0 }, points: pricedPoints(200, 200) })).toMatchObject({
      subtotalCents: 3000,
      discountAmountCents: 300,
      pointsRedeemed: 200,
      pointsDiscountCents: 2000,
      totalCents: 700,
    });
    expect(() => sale({ lines, promotion: { code: "P", percentage: 10, amountCents: 0 }, points: pricedPoints(300, 300) })).toThrow(
      "Those points are worth more than this order's total",
    );
    expect(sale({ lines }).pointsRedeemed).toBe(0);
  });
});
