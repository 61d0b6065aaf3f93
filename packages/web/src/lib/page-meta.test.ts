import { describe, expect, it } from "vitest";
import { fullTitle } from "./page-meta";

describe("fullTitle", () => {
  it("names the shop after the page", () => expect(fullTitle("Sign In")).toBe("Sign In | Regrip"));
  it("does not name it twice", () => expect(fullTitle("Regrip | Better Grip")).toBe("Regrip | Better Grip"));
});
