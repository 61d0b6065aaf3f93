import { describe, expect, it } from "vitest";
import { isOAuthReturn } from "./load-amplify";

describe("isOAuthReturn", () => {
  const hosted = { oauthDomain: "regrip.auth.us-east-1.amazoncognito.com" };

  it("is true when the hosted UI came back with a code (or an error) and its state", () => {
    expect(isOAuthReturn(hosted, "?code=abc&state=xyz")).toBe(true);
    expect(isOAuthReturn(hosted, "?error=access_denied&state=xyz")).toBe(true);
  });

  it("is false on an ordinary visit, or where there is no hosted UI", () => {
    expect(isOAuthReturn(hosted, "")).toBe(false);
    expect(isOAuthReturn(hosted, "?code=abc")).toBe(false);
    expect(isOAuthReturn(hosted, "?promo=SPRING")).toBe(false);
    expect(isOAuthReturn({}, "?code=abc&state=xyz")).toBe(false);
  });
});
