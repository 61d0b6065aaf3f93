import { afterEach, describe, expect, it, vi } from "vitest";
import { localExpiryIntervalMs, localRemindersIntervalMs } from "../jobs";
import { startLocalJobs } from "./jobs";

afterEach(() => vi.useRealTimers());

describe("the local shop's job timer", () => {
  it("runs the job every minute, logs what it canceled, and stops", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const runs: Date[] = [];
    const jobs = startLocalJobs({ log: (line) => lines.push(line), run: async (now) => (runs.push(now), { canceled: runs.length === 2 ? ["a", "b"] : [] }) });
    expect(localExpiryIntervalMs).toBe(60_000);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(2);
    expect(lines).toEqual(["Unpaid hold ended: canceled 2 order(s) and returned their stock."]);
    jobs.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toHaveLength(2);
  });

  it("logs a failed run instead of throwing, and tries again on the next tick", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let calls = 0;
    const jobs = startLocalJobs({
      log: (line) => lines.push(line),
      intervalMs: 1000,
      run: async () => {
        calls++;
        throw new Error("DynamoDB did not answer");
      },
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(2);
    expect(lines).toEqual([
      "The unpaid-hold job failed (it runs again in a minute): DynamoDB did not answer",
      "The unpaid-hold job failed (it runs again in a minute): DynamoDB did not answer",
    ]);
    jobs.stop();
  });

  it("never overlaps a run still going, and never keeps the process alive", async () => {
    vi.useFakeTimers();
    const spy = vi.spyOn(globalThis, "setInterval");
    let release!: () => void;
    let calls = 0;
    const jobs = startLocalJobs({ log: () => undefined, intervalMs: 1000, run: () => (calls++, new Promise((resolve) => (release = () => resolve({ canceled: [] })))) });
    const timer = spy.mock.results[0].value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    jobs.stop();
    spy.mockRestore();
  });
});

describe("the local shop's reminders timer", () => {
  it("runs the reminders every hour beside the expiry, logs what they sent, and stops with it", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const runs: Date[] = [];
    const jobs = startLocalJobs({
      log: (line) => lines.push(line),
      run: async () => ({ canceled: [] }),
      reminders: async (now) => {
        runs.push(now);
        return { reminders: { pickupReminder: runs.length === 1 ? [{}, {}] : [], regripReminder: [] }, lowStock: runs.length === 1 ? { texted: 1 } : null };
      },
    });
    expect(localRemindersIntervalMs).toBe(60 * 60_000);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toHaveLength(1);
    expect(lines).toEqual(["Reminders: 2 pickupReminder, the low-stock summary to 1 admin(s)."]);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toHaveLength(2);
    expect(lines).toHaveLength(1);
    jobs.stop();
    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
    expect(runs).toHaveLength(2);
  });
});
