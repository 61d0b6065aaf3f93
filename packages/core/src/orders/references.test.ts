import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { OptionalBagNumber } from "../shared/bag-input";
import { orderNumberOf, orderNumberText, orderReference, orderTitle } from "../shared/orders";
import { referencesOf, searchedReference } from "./references";

const id = "3f1c2a9e-0b7d-4c55-9a1e-7b2e0d64ccf8";

describe("an order's number", () => {
  it("reads R- and the number, and names the order whatever its bag", () => {
    expect(orderNumberText(1001)).toBe("R-1001");
    expect(orderReference({ id, number: 1042 })).toBe("R-1042");
    expect(orderReference({ id, number: "R-1042" })).toBe("R-1042");
    expect(orderReference({ id, number: 1042, bagNumber: "104" } as { id: string; number: number })).toBe("R-1042");
  });

  it("is the id's end only for an order made before numbers and not yet recounted", () => {
    expect(orderReference({ id })).toBe("64CCF8");
    expect(orderReference({ id, number: null })).toBe("64CCF8");
  });

  it("titles a page with the bag beside it when there is one", () => {
    expect(orderTitle({ id, number: 1042, bagNumber: "104" })).toBe("Order R-1042 · Bag 104");
    expect(orderTitle({ id, number: "R-1042", bagNumber: null })).toBe("Order R-1042");
  });

  it.each([
    ["R-1042", 1042],
    ["r-1042", 1042],
    [" #R-1042 ", 1042],
    ["#r1042", 1042],
    ["1042", 1042],
    ["12345", 12345],
    ["R-1234567", 1234567],
  ])("is read from %j as %j", (text, number) => {
    expect(orderNumberOf(text)).toBe(number);
  });

  it.each(["R-1000", "1000", "104", "64ccf8", "123456", "R-", "R-10a2", "S-1042", "R--1042"])("is not read from %j", (text) => {
    expect(orderNumberOf(text)).toBeNull();
  });
});

describe("an order's short references", () => {
  it("are its number, its id's last 6 characters upper-cased, and its bag code when it has one", () => {
    expect(referencesOf({ id })).toEqual(["64CCF8"]);
    expect(referencesOf({ id, number: 1042 })).toEqual(["R-1042", "64CCF8"]);
    expect(referencesOf({ id, number: 1042, bagCode: "107" })).toEqual(["R-1042", "64CCF8", "107"]);
    expect(referencesOf({ id, bagCode: " a7b " })).toEqual(["64CCF8", "A7B"]);
  });

  it("include what orderReference shows, so every reference shown can be searched", () => {
    expect(referencesOf({ id })).toContain(orderReference({ id }));
    expect(referencesOf({ id, number: 1042, bagCode: "107" })).toContain(orderReference({ id, number: 1042 }));
  });

  it.each([
    ["R-1042", "R-1042"],
    ["r-1042", "R-1042"],
    ["#R-1042", "R-1042"],
    ["1042", "R-1042"],
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
