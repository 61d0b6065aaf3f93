import { describe, expect, it } from "vitest";
import { createdBagsText } from "./created-toast";

describe("the Bags Created toast", () => {
  it("names one bag, lists a few, and counts the rest past ten", () => {
    expect(createdBagsText(["245"])).toBe("Bag 245");
    expect(createdBagsText(["245", "512", "854"])).toBe("3 bags: 245, 512, 854");
    const twelve = Array.from({ length: 12 }, (_, i) => String(300 + i * 7));
    expect(createdBagsText(twelve)).toBe(`12 bags: ${twelve.slice(0, 10).join(", ")} and 2 more`);
  });
});
