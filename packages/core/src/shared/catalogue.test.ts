import { describe, expect, it } from "vitest";
import { shapeCatalogue, type Product } from "./catalogue";

let n = 0;
function sku(partial: Partial<Product> & Pick<Product, "name">): Product {
  n += 1;
  return {
    id: `sku${n}`,
    code: `CODE${n}`,
    category: "BASE_GRIP",
    type: "ONE_TIME",
    unitAmountCents: 4500,
    stockQuantity: 10,
    lowStockThreshold: 5,
    displayOrder: 999,
    isVisible: true,
    taxable: false,
    ...partial,
  };
}

describe("shapeCatalogue", () => {
  it("keeps only the three core services, grouped by name with colors, feels and stock", () => {
    const catalogue = shapeCatalogue([
      sku({ name: "Premium Regrip", color: "Black", feel: "Tacky", unitAmountCents: 5500, stockQuantity: 2 }),
      sku({ name: "Premium Regrip", color: "Teal", feel: "Cushioned", unitAmountCents: 5700, stockQuantity: 0 }),
      sku({ name: "Strip and Grip", color: "White", feel: "Dry", stockQuantity: 0 }),
      sku({ name: "Custom Wrap Job", color: "Red" }),
    ]);
    expect(catalogue.coreServices.map((s) => s.name)).toEqual(["Strip and Grip", "Premium Regrip"]);
    const premium = catalogue.coreServices[1];
    expect(premium.colors).toEqual(["Black", "Teal"]);
    expect(premium.feels).toEqual(["Tacky", "Cushioned"]);
    expect(premium.basePrice).toBe(5500);
    expect(premium.totalStock).toBe(2);
    expect(premium.isInStock).toBe(true);
    expect(premium.skus[0]).toMatchObject({ isInStock: true, isLowStock: true, price: 5500 });
    expect(premium.skus[1]).toMatchObject({ isInStock: false, isLowStock: false });
    expect(catalogue.coreServices[0].isInStock).toBe(false);
  });

  it("groups visible add-ons GRIP, WEIGHT, EDGE, OTHER and treats null stock as unlimited", () => {
    const catalogue = shapeCatalogue([
      sku({ name: "Extra Overgrip", category: "OVERGRIP", type: "ADD_ON" }),
      sku({ name: "Performance Weight", category: "WEIGHT", type: "ADD_ON", stockQuantity: null }),
      sku({ name: "Edge Tape", category: "EDGE", type: "ADD_ON", displayOrder: 2 }),
      sku({ name: "Premium Edge Guard", category: "EDGE", type: "ADD_ON", color: "Black", displayOrder: 1 }),
      sku({ name: "Handle Build-Up", category: "OTHER", type: "ADD_ON" }),
      sku({ name: "Hidden Thing", category: "OTHER", type: "ADD_ON", isVisible: false }),
    ]);
    expect(catalogue.addOnServices.GRIP.map((i) => i.name)).toEqual(["Extra Overgrip"]);
    expect(catalogue.addOnServices.WEIGHT[0]).toMatchObject({ stockQuantity: null, isInStock: true });
    expect(catalogue.addOnServices.EDGE.map((i) => i.name)).toEqual(["Premium Edge Guard", "Edge Tape"]);
    expect(catalogue.addOnServices.OTHER.map((i) => i.name)).toEqual(["Handle Build-Up"]);
  });

  it("matches core service names case-insensitively inside longer names", () => {
    const catalogue = shapeCatalogue([sku({ name: "BASIC OVERGRIP - Tourna", category: "OVERGRIP", color: "Blue" })]);
    expect(catalogue.coreServices).toHaveLength(1);
    expect(catalogue.coreServices[0].name).toBe("Basic Overgrip");
  });
});
