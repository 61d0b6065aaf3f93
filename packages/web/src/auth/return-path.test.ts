import { describe, expect, it } from "vitest";
import { keepReturnPath, returnPathKey, takeReturnPath } from "./return-path";

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe("the return path across the hosted UI", () => {
  it("is kept, then taken back once", () => {
    const store = memory();
    keepReturnPath("/orders/abc?paid=1", store);
    expect(takeReturnPath(store)).toBe("/orders/abc?paid=1");
    expect(takeReturnPath(store)).toBeUndefined();
  });
  it("never keeps or gives back another site", () => {
    const store = memory();
    keepReturnPath("//evil.example/x", store);
    expect(store.map.size).toBe(0);
    store.setItem(returnPathKey, "https://evil.example/");
    expect(takeReturnPath(store)).toBeUndefined();
  });
});
