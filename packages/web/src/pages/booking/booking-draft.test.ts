import { describe, expect, it } from "vitest";
import { draftOf } from "./booking-draft";
import { emptySelection } from "./booking-state";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const chosen = { ...emptySelection("p1"), serviceSkuId: "sku-1", bagNumber: "104", notes: "Left-handed" };

describe("the booking draft", () => {
  it("keeps each person's draft apart, and gives a signed-out visitor's draft to them once they sign in", () => {
    const storage = memoryStorage();
    draftOf("u1", storage).save(chosen);
    expect(draftOf("u1", storage).read(emptySelection())).toEqual(chosen);
    expect(draftOf("u2", storage).read(emptySelection())).toBeUndefined();

    draftOf(undefined, storage).save({ ...chosen, notes: "signed out" });
    expect(draftOf("u2", storage).read(emptySelection())?.notes).toBe("signed out");
    // Moved: it is u2's now, and no longer the signed-out one.
    expect(draftOf(undefined, storage).read(emptySelection())).toBeUndefined();
    expect(draftOf("u2", storage).read(emptySelection())?.notes).toBe("signed out");
    // Someone with a draft of their own keeps theirs.
    draftOf(undefined, storage).save({ ...chosen, notes: "another" });
    expect(draftOf("u1", storage).read(emptySelection())?.notes).toBe("Left-handed");
  });

  it("is gone once cleared, when two weeks old, or when it cannot be read", () => {
    const storage = memoryStorage();
    draftOf("u1", storage).save(chosen);
    draftOf("u1", storage).clear();
    expect(draftOf("u1", storage).read(emptySelection())).toBeUndefined();

    draftOf("u1", storage, () => Date.now() - 15 * 24 * 3_600_000).save(chosen);
    expect(draftOf("u1", storage).read(emptySelection())).toBeUndefined();
    expect(storage.length).toBe(0);

    storage.setItem("regrip.booking-draft.u1", "{not json");
    expect(draftOf("u1", storage).read(emptySelection())).toBeUndefined();
  });

  it("fills a field the page added since as a new booking has it", () => {
    const storage = memoryStorage();
    const { redeemPoints: _, ...older } = chosen;
    storage.setItem("regrip.booking-draft.u1", JSON.stringify({ v: 1, savedAt: Date.now(), selection: older }));
    expect(draftOf("u1", storage).read(emptySelection())).toEqual(chosen);
  });
});
