import { afterEach, describe, expect, it, vi } from "vitest";
import { afterCommit, collecting, type Effect } from "./effects";

afterEach(() => vi.restoreAllMocks());

/** A write that registers `effects` while it is built, then answers whether it committed. */
const write = (effects: Effect[], committed: boolean, order?: string[]) => async () => {
  afterCommit(...effects);
  await Promise.resolve();
  order?.push("written");
  return { committed };
};

const ran = (log: string[], name: string): Effect => ({ name, run: () => void log.push(name) });

describe("effects after the commit", () => {
  it("runs what a transaction registered once it has committed, in order, after the write returned", async () => {
    const log: string[] = [];
    await collecting(write([ran(log, "text"), ran(log, "points")], true, log), (result) => result.committed);
    expect(log).toEqual(["written", "text", "points"]);
  });

  it("drops them when the transaction did not commit", async () => {
    const log: string[] = [];
    const result = await collecting(write([ran(log, "text")], false), (answer) => answer.committed);
    expect(result).toEqual({ committed: false });
    expect(log).toEqual([]);
  });

  it("drops them when the write throws, and the error passes", async () => {
    const log: string[] = [];
    const failing = async () => {
      afterCommit(ran(log, "text"));
      throw new Error("table unreachable");
    };
    await expect(collecting(failing, () => true)).rejects.toThrow("table unreachable");
    expect(log).toEqual([]);
  });

  it("keeps each attempt's effects apart: a retried write runs only the committed attempt's", async () => {
    const log: string[] = [];
    await collecting(write([ran(log, "first attempt")], false), (result) => result.committed);
    await collecting(write([ran(log, "second attempt")], true), (result) => result.committed);
    expect(log).toEqual(["second attempt"]);
  });

  it("logs an effect that throws, naming it, runs the rest and never throws to the caller", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const log: string[] = [];
    const broken: Effect = {
      name: "text order o-1 ready",
      run: async () => {
        throw new Error("Twilio is down");
      },
    };
    const result = await collecting(write([broken, ran(log, "after")], true), (answer) => answer.committed);
    expect(result).toEqual({ committed: true });
    expect(log).toEqual(["after"]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("text order o-1 ready"), expect.objectContaining({ message: "Twilio is down" }));
  });

  it("refuses an effect registered outside any transaction", () => {
    expect(() => afterCommit({ name: "stray", run: () => {} })).toThrow(/outside a transaction: stray/);
  });
});
