import { describe, expect, it } from "vitest";
import { demoProducts } from "../../infra/local/demo-shop";
import { call } from "./support";

describe("GET /api/services", () => {
  it("answers the seeded catalogue in the spec's shape, signed out", async () => {
    const answer = await call("GET", "/api/services");
    expect(answer.status).toBe(200);
    const { coreServices, addOnServices } = answer.body;
    expect(coreServices.map((s: { name: string }) => s.name)).toEqual(["Strip and Grip", "Basic Overgrip", "Premium Regrip"]);
    expect(Object.keys(addOnServices)).toEqual(["GRIP", "WEIGHT", "EDGE", "OTHER"]);

    const premium = coreServices[2];
    expect(premium.colors.sort()).toEqual(["Black", "Orange", "Teal"]);
    expect(premium.feels.sort()).toEqual(["Cushioned", "Tacky"]);
    expect(premium.basePrice).toBe(5500);
    for (const sku of premium.skus) {
      expect(Object.keys(sku)).toEqual(
        expect.arrayContaining(["id", "name", "code", "category", "type", "price", "stockQuantity", "isInStock", "description", "color", "brand", "feel", "area", "quality"]),
      );
    }
    const lowOrange = premium.skus.find((s: { color: string; feel: string }) => s.color === "Orange" && s.feel === "Cushioned");
    expect(lowOrange).toMatchObject({ stockQuantity: 2, isInStock: true, isLowStock: true });

    const strip = coreServices[0];
    expect(strip.skus.find((s: { color: string; feel: string }) => s.color === "Red" && s.feel === "Dry")).toMatchObject({
      stockQuantity: 0,
      isInStock: false,
    });

    const weight = addOnServices.WEIGHT[0];
    expect(weight).toMatchObject({ name: "Performance Weight Tape", stockQuantity: null, isInStock: true, price: 600 });
    const guards = addOnServices.EDGE.filter((i: { name: string }) => i.name.toLowerCase().includes("premium"));
    expect(guards.map((g: { color: string }) => g.color).sort()).toEqual(["Black", "Clear", "Pink", "Teal"]);
    expect(guards.find((g: { color: string }) => g.color === "Pink").isInStock).toBe(false);

    const count = coreServices.reduce((n: number, s: { skus: unknown[] }) => n + s.skus.length, 0) +
      Object.values(addOnServices as Record<string, unknown[]>).reduce((n, items) => n + items.length, 0);
    expect(count).toBe(demoProducts.length);
  });
});

describe("GET /api/promotions/{code}", () => {
  it("answers a percentage promotion", async () => {
    const answer = await call("GET", "/api/promotions/WELCOME10");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: "WELCOME10", percentage: 10, amountCents: 0 });
  });

  it("uppercases and trims the code", async () => {
    const answer = await call("GET", `/api/promotions/${encodeURIComponent(" grip5 ")}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: "GRIP5", percentage: 0, amountCents: 500 });
  });

  it.each(["NOPE", "x".repeat(40), "%20"])("is 404 {message} for %s", async (code) => {
    const answer = await call("GET", `/api/promotions/${code}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: "Invalid promo code" });
  });
});
