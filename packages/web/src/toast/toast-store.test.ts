import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore } from "./toast-store";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("toast store", () => {
  it("shows a default toast for 5000 ms", () => {
    const store = createToastStore();
    store.show({ title: "Paddle Added" });
    expect(store.current()).toMatchObject({ title: "Paddle Added", variant: "default", duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(store.current()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.current()).toBeNull();
  });

  it("keeps one toast at a time, the newest, with its own timer", () => {
    const store = createToastStore();
    store.show({ title: "First" });
    vi.advanceTimersByTime(4000);
    store.show({ title: "Access Denied", description: "No.", variant: "destructive" });
    expect(store.current()).toMatchObject({ title: "Access Denied", variant: "destructive" });
    vi.advanceTimersByTime(4000);
    expect(store.current()?.title).toBe("Access Denied");
    vi.advanceTimersByTime(1000);
    expect(store.current()).toBeNull();
  });

  it("honours a custom duration and dismissal, and notifies listeners", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ title: "Quick", duration: 100 });
    store.dismiss(id + 1);
    expect(store.current()).not.toBeNull();
    store.dismiss(id);
    expect(store.current()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ title: "Quiet" });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe("toast store shown elsewhere", () => {
  it("says whether another screen shows the toasts, until every screen lets go (twice letting go counts once)", () => {
    const store = createToastStore();
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.shownElsewhere()));
    expect(store.shownElsewhere()).toBe(false);
    const first = store.showElsewhere();
    const second = store.showElsewhere();
    first();
    first();
    expect(store.shownElsewhere()).toBe(true);
    second();
    expect(store.shownElsewhere()).toBe(false);
    expect(seen).toEqual([true, true, true, false]);
  });
});
