import { describe, expect, it } from "vitest";
import { formatCents, groupThousands } from "./money";

describe("formatCents", () => {
  it("shows dollars with two decimals", () => {
    expect(formatCents(6030)).toBe("$60.30");
    expect(formatCents(5500)).toBe("$55.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(0)).toBe("$0.00");
  });
  it("groups thousands and signs negatives", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(-670)).toBe("-$6.70");
    expect(formatCents(100_000_000)).toBe("$1,000,000.00");
  });
});

describe("groupThousands", () => {
  it("writes a whole number as en-US does", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1234]) expect(groupThousands(n)).toBe(n.toLocaleString("en-US"));
  });
});
