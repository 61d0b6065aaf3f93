import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHANGED, changedSinceRead, readDecideWrite } from "./labelled";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** An attempt that answers CHANGED `changes` times, then `answer`; it counts its tries. */
function attempts<T>(changes: number, answer: T) {
  const tries: number[] = [];
  const attempt = async (retry: number) => {
    tries.push(retry);
    return tries.length > changes ? answer : CHANGED;
  };
  return { attempt, tries };
}

describe("the one retry policy of a read-decide-write", () => {
  it("answers the first try that is not CHANGED, reading again after a pause each time", async () => {
    const { attempt, tries } = attempts(3, "written");
    const written = readDecideWrite(attempt, () => new Error("gave up"));
    await vi.runAllTimersAsync();
    expect(await written).toBe("written");
    expect(tries).toEqual([0, 1, 2, 3]);
  });

  it("gives up after ten retries: throws the caller's refusal, or answers its answer", async () => {
    const thrown = attempts(100, "never");
    const refused = readDecideWrite(thrown.attempt, () => new Error("This promotion changed while saving."));
    const caught = refused.catch((error: Error) => error.message);
    await vi.runAllTimersAsync();
    expect(await caught).toBe("This promotion changed while saving.");
    expect(thrown.tries).toHaveLength(11);

    const answered = attempts(100, true);
    const refusal = readDecideWrite(answered.attempt, { answer: false });
    await vi.runAllTimersAsync();
    expect(await refusal).toBe(false);
    expect(answered.tries).toHaveLength(11);
  });

  it("lets what the attempt throws through at once, untried again", async () => {
    let tries = 0;
    const failing = readDecideWrite(async () => {
      tries++;
      throw new Error("refused");
    }, () => new Error("gave up"));
    await expect(failing).rejects.toThrow("refused");
    expect(tries).toBe(1);
  });

  it("counts a write as changed when a condition on what was read failed, or another transaction won", () => {
    const lost = (failed: string[], conflict: boolean) => ({ committed: false as const, codes: {}, failed, conflict });
    expect(changedSinceRead(lost(["promotion"], false), "promotion")).toBe(true);
    expect(changedSinceRead(lost([], true), "promotion")).toBe(true);
    expect(changedSinceRead(lost(["code"], false), "promotion")).toBe(false);
  });
});
