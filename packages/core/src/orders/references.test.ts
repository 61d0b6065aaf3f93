import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { OptionalBagNumber } from "../shared/bag-input";
import { orderReference } from "../shared/orders";
import { referencesOf, searchedReference } from "./references";

const id = "3f1c2a9e-0b7d-4c55-9a1e-7b2e0d64ccf8";

describe("an order's short references", () => {
  it("are its id's last 6 characters upper-cased, and its bag code when it has one", () => {
    expect(referencesOf({ id })).toEqual(["64CCF8"]);
    expect(referencesOf({ id, bagCode: "107" })).toEqual(["64CCF8", "107"]);
    expect(referencesOf({ id, bagCode: " a7b " })).toEqual(["64CCF8", "A7B"]);
  });

  it("include what orderReference shows, so every reference shown can be searched", () => {
    expect(referencesOf({ id })).toContain(orderReference({ id }));
    expect(referencesOf({ id, bagCode: "107" })).toContain(orderReference({ id, bagNumber: "107" }));
  });

  it.each([
    ["64ccf8", "64CCF8"],
    [" #64CCF8 ", "64CCF8"],
    ["107", "107"],
    ["#a7b", "A7B"],
    ["Robert", "ROBERT"],
  ])("a search for %j looks up the reference %j", (q, reference) => {
    expect(searchedReference(q)).toBe(reference);
  });

  it.each(["casey@regrip.test", "3035550142", "64ccf", "64ccf8a", "Casey Dink", "1-7"])("a search for %j names no reference", (q) => {
    expect(searchedReference(q)).toBeNull();
  });
});

describe("the quick sale's bag number (shared/bag-input.ts)", () => {
  it.each([
    [undefined, undefined],
    [null, null],
    ["", ""],
    ["  ", ""],
    [" 107 ", "107"],
    ["a7b", "A7B"],
  ])("takes %j as %j (blank: the server assigns a bag)", (typed, parsed) => {
    expect(z.parse(OptionalBagNumber, typed)).toBe(parsed);
  });

  it.each(["12", "1234", "1 2", "!@#", "x".repeat(41)])("refuses %j with the storefront's message", (typed) => {
    const result = z.safeParse(OptionalBagNumber, typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter a 3-digit bag number");
  });
});
