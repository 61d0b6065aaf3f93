import { describe, expect, it } from "vitest";
import { totpCode } from "./authenticator";

describe("totpCode", () => {
  // RFC 6238's SHA-1 test vectors: the secret "12345678901234567890" (base32 below), the last 6 of its 8 digits.
  const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("gives the RFC's code at %i s", (seconds, code) => {
    expect(totpCode(secret, seconds * 1000)).toBe(code);
  });

  it("gives the same code through a 30-second step, another in the next", () => {
    expect(totpCode(secret, 60_000)).toBe(totpCode(secret, 89_999));
    expect(totpCode(secret, 90_000)).not.toBe(totpCode(secret, 89_999));
  });
});
