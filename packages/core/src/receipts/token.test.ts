import { describe, expect, it } from "vitest";
import { checkoutUrls } from "../payments/checkout";
import { receiptUrl } from "../shared/receipts";
import { newReceiptToken, receiptTokenMatches } from "./token";

describe("a receipt token", () => {
  it("is 128 random bits in 22 url-safe characters, a new one each time", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newReceiptToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(16);
    }
  });

  it("matches only itself: not a prefix, a longer one, another case, nothing or an order without one", () => {
    const token = newReceiptToken();
    expect(receiptTokenMatches(token, token)).toBe(true);
    expect(receiptTokenMatches(token, token.slice(0, -1))).toBe(false);
    expect(receiptTokenMatches(token, `${token}x`)).toBe(false);
    expect(receiptTokenMatches(token, token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase())).toBe(false);
    expect(receiptTokenMatches(token, newReceiptToken())).toBe(false);
    expect(receiptTokenMatches(token, "")).toBe(false);
    expect(receiptTokenMatches(token, undefined)).toBe(false);
    expect(receiptTokenMatches(undefined, token)).toBe(false);
    expect(receiptTokenMatches("", "")).toBe(false);
  });
});

describe("the receipt's link", () => {
  it("is /receipt/<id>?t=<token> on the site, whatever trailing slash the site has", () => {
    expect(receiptUrl("https://shop.example/", "o-1", "abc_-9")).toBe("https://shop.example/receipt/o-1?t=abc_-9");
    expect(receiptUrl("http://localhost:3000", "o-1", "a+b")).toBe("http://localhost:3000/receipt/o-1?t=a%2Bb");
  });

  it("is where a counter sale's checkout returns; a booked order returns to its own page", () => {
    expect(checkoutUrls("https://shop.example", { id: "o-1", receiptToken: "tok" })).toEqual({
      successUrl: "https://shop.example/receipt/o-1?t=tok&paid=1",
      cancelUrl: "https://shop.example/receipt/o-1?t=tok&payment=canceled",
    });
    expect(checkoutUrls("https://shop.example/", { id: "o-2" })).toEqual({
      successUrl: "https://shop.example/orders/o-2?paid=1",
      cancelUrl: "https://shop.example/orders/o-2?payment=canceled",
    });
  });
});
