import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { ProductCategory } from "./catalogue";
import { fieldErrors } from "./forms";
import {
  CODE_REQUIRED,
  compareProducts,
  CreateProduct,
  dollarsToCents,
  emptyProductForm,
  isLowStock,
  isOutOfStock,
  isQuickSaleCode,
  NAME_REQUIRED,
  PRICE_CENTS,
  PRICE_POSITIVE,
  productBody,
  TAXABLE_BOOLEAN,
  STOCK_WHOLE,
  stockLabel,
} from "./products";

describe("the product rules the page and the server share", () => {
  it("turns dollars into integer cents by rounding", () => {
    expect(dollarsToCents("8")).toBe(800);
    expect(dollarsToCents(" $1,234.5 ")).toBe(123450);
    expect(dollarsToCents("6.499")).toBe(650);
    expect(dollarsToCents("0.285")).toBe(29);
    expect(dollarsToCents("")).toBeNaN();
    expect(dollarsToCents("abc")).toBeNaN();
  });

  it("calls stock low at or below the threshold, out at 0, and never for unlimited", () => {
    expect(isLowStock({ stockQuantity: 5, lowStockThreshold: 5 })).toBe(true);
    expect(isLowStock({ stockQuantity: 6, lowStockThreshold: 5 })).toBe(false);
    expect(isLowStock({ stockQuantity: 0, lowStockThreshold: 5 })).toBe(true);
    expect(isLowStock({ stockQuantity: null, lowStockThreshold: 5 })).toBe(false);
    expect(isOutOfStock({ stockQuantity: 0 })).toBe(true);
    expect(isOutOfStock({ stockQuantity: null })).toBe(false);
    expect(stockLabel(null)).toBe("Unlimited");
  });

  it("knows the quick-sale codes whatever their case", () => {
    expect(isQuickSaleCode(" qs-regrip ")).toBe(true);
    expect(isQuickSaleCode("QS-OVERGRIP")).toBe(true);
    expect(isQuickSaleCode("ADD-OVERGRIP")).toBe(false);
  });

  it("gives the dialog the spec's messages under each field from the body it would send", () => {
    const empty = emptyProductForm();
    expect(fieldErrors(CreateProduct, productBody(empty))).toEqual({ code: CODE_REQUIRED, name: NAME_REQUIRED, unitAmountCents: PRICE_POSITIVE });
    expect(fieldErrors(CreateProduct, productBody({ ...empty, code: "X", name: "Y", price: "-1" }))).toEqual({ unitAmountCents: PRICE_POSITIVE });
    expect(fieldErrors(CreateProduct, productBody({ ...empty, code: "X", name: "Y", price: "2", stockQuantity: "1.5" }))).toEqual({ stockQuantity: STOCK_WHOLE });
    expect(fieldErrors(CreateProduct, productBody({ ...empty, code: "X", name: "Y", price: "9.999" }))).toEqual({ unitAmountCents: PRICE_CENTS });
    expect(fieldErrors(CreateProduct, productBody({ ...empty, code: "X", name: "Y", price: " $1,000.005 " }))).toEqual({ unitAmountCents: PRICE_CENTS });
  });

  it("sends an empty stock as unlimited and the price in cents", () => {
    const body = z.parse(CreateProduct, productBody({ ...emptyProductForm(), code: "add-towel", name: " Towel ", price: "4.5", brand: " " }));
    expect(body).toMatchObject({ code: "ADD-TOWEL", name: "Towel", unitAmountCents: 450, stockQuantity: null, lowStockThreshold: 5, displayOrder: 999, isVisible: true, brand: null, taxable: false });
  });

  it("sends the dialog's Taxable (goods), and refuses a taxable that is not true or false", () => {
    const body = z.parse(CreateProduct, productBody({ ...emptyProductForm(), code: "GRIP-X", name: "Grip", price: "12", taxable: true }));
    expect(body.taxable).toBe(true);
    expect(fieldErrors(CreateProduct, { code: "GRIP-X", name: "Grip", unitAmountCents: 1200, taxable: "yes" })).toEqual({ taxable: TAXABLE_BOOLEAN });
  });
});

describe("compareProducts", () => {
  const product = (code: string, category: ProductCategory, displayOrder = 999, unitAmountCents = 100, name = "Grip") => ({ code, category, displayOrder, unitAmountCents, name });
  it("orders by the spec's categories (not their codes' alphabet), then display order, price, name and code", () => {
    const sorted = [
      product("W", "WEIGHT"),
      product("O2", "OTHER", 2),
      product("O1", "OTHER", 1),
      product("E", "EDGE"),
      product("V-CHEAP", "OVERGRIP", 5, 100),
      product("V-DEAR", "OVERGRIP", 5, 900),
      product("B-Z", "BASE_GRIP", 1, 100, "Zed"),
      product("B-A", "BASE_GRIP", 1, 100, "Abe"),
    ].sort(compareProducts);
    expect(sorted.map((p) => p.code)).toEqual(["B-A", "B-Z", "V-CHEAP", "V-DEAR", "E", "W", "O1", "O2"]);
  });
});
