import { describe, expect, it } from "vitest";
import { formatCents } from "./money";

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
  });
});
