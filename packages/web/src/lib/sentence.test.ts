import { describe, expect, it } from "vitest";
import { sentence } from "./sentence";

describe("sentence", () => {
  it("ends a message with one period, keeping a mark it already has", () => {
    expect(sentence("Carrier refused the message")).toBe("Carrier refused the message.");
    // The text module's STOP message already ends with a period (issue: "...until they reply START.. Copy...").
    expect(sentence("The recipient replied STOP; no texts are sent until they reply START.")).toBe(
      "The recipient replied STOP; no texts are sent until they reply START.",
    );
    expect(sentence("Is the number right?  ")).toBe("Is the number right?");
    expect(sentence('It said "no."')).toBe('It said "no."');
    expect(sentence("Wait (see the log)")).toBe("Wait (see the log).");
  });
});
