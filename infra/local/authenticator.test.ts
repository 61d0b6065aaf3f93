import { describe, expect, it } from "vitest";
import { parsePoolFile, totpCode } from "./authenticator";

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

describe("parsePoolFile", () => {
  const newer = JSON.stringify({ Users: { sam: { Username: "sam" } } }, null, 2);
  const older = JSON.stringify({ Users: { sam: { Username: "sam" }, alex: { Username: "alex", ConfirmationCode: "123456" } } }, null, 2);

  it("reads the newer document a longer, older write's tail was left behind (overlapping writes of cognito-local)", () => {
    expect(parsePoolFile(newer + older.slice(newer.length))).toEqual({ Users: { sam: { Username: "sam" } } });
  });

  it("reads a whole file, and still refuses one cut short (a read in the middle of a write, tried again by its caller)", () => {
    expect(parsePoolFile(older).Users).toHaveProperty("alex");
    expect(() => parsePoolFile(older.slice(0, 40))).toThrow(SyntaxError);
  });
});
