import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { atMostDecimals, Id, isId, MAX_ID_LENGTH, PromoCode } from "./ids";

describe("the id rule", () => {
  it.each([randomUUID(), "sku-basic-overgrip-pink-dry", "promo-welcome10", "bag-901", "a".repeat(MAX_ID_LENGTH)])("accepts %s", (id) => {
    expect(Id.parse(id)).toBe(id);
    expect(isId(id)).toBe(true);
  });

  it.each(["", "a".repeat(MAX_ID_LENGTH + 1), "x".repeat(3000), "order#1", "a b", "a/b", "%ZZ", "a\u0000b", "é", "🙂", " id"])(
    "refuses %j with a message",
    (id) => {
      const parsed = Id.safeParse(id);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Invalid id");
      expect(isId(id)).toBe(false);
    },
  );
});

describe("PromoCode", () => {
  it("trims and upper-cases", () => expect(PromoCode.parse(" grip5 ")).toBe("GRIP5"));
  it.each(["", "   ", "x".repeat(21), "x".repeat(5000), "WEL COME", "GRIP5\u0000", "ÜBER"])("refuses %j", (code) => {
    expect(PromoCode.safeParse(code).success).toBe(false);
  });
});

describe("atMostDecimals", () => {
  it.each([0, 1, 3.5, 4.25, 1000, -2.5])("accepts %d", (n) => expect(atMostDecimals(2)(n)).toBe(true));
  it.each([5e-324, 7.4e-323, 1e-131, 0.001, 3.14159, Infinity, NaN])("refuses %d (DynamoDB refuses some of these with a 500)", (n) =>
    expect(atMostDecimals(2)(n)).toBe(false),
  );
});
