import { describe, expect, it } from "vitest";
import { codeMatches, hashCode, newCode } from "./code";

describe("verification codes", () => {
  it("are six digits, leading zeros kept", () => {
    const codes = Array.from({ length: 500 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(490);
  });

  it("are stored as a hash that does not contain the code", () => {
    const hash = hashCode("user-1", "+13035550142", "042917");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("042917");
  });

  it("match only the same code for the same user and number", () => {
    const hash = hashCode("user-1", "+13035550142", "042917");
    expect(codeMatches(hash, "user-1", "+13035550142", "042917")).toBe(true);
    expect(codeMatches(hash, "user-1", "+13035550142", "042918")).toBe(false);
    expect(codeMatches(hash, "user-2", "+13035550142", "042917")).toBe(false);
    expect(codeMatches(hash, "user-1", "+13035550143", "042917")).toBe(false);
    expect(codeMatches("not-a-hash", "user-1", "+13035550142", "042917")).toBe(false);
  });
});
