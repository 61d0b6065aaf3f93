import { describe, expect, it } from "vitest";
import { normaliseUsPhone } from "./phone";

describe("normaliseUsPhone", () => {
  it.each([
    ["3035550142", "+13035550142"],
    ["(303) 555-0142", "+13035550142"],
    ["+1 (303) 555-0142", "+13035550142"],
    ["1-303-555-0142", "+13035550142"],
    ["13035550142", "+13035550142"],
    [" 303.555.0142 ", "+13035550142"],
  ])("turns %j into %s", (input, stored) => {
    expect(normaliseUsPhone(input)).toBe(stored);
  });

  it.each([
    ["", "empty"],
    ["303555014", "9 digits"],
    ["303555014299", "12 digits"],
    ["+44 20 7946 0958", "a UK number"],
    ["1303555014", "10 digits whose leading 1 leaves 9"],
    ["phone", "no digits"],
  ])("refuses %j (%s)", (input) => {
    expect(normaliseUsPhone(input)).toBeNull();
  });
});
