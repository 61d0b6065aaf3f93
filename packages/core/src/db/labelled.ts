/**
 * Transactions whose writes carry labels: a cancelled transaction
 * answers which labelled write failed and why, so callers never decode
 * DynamoDB's cancellation reasons by position. It also holds the one retry
 * policy: a transaction that lost only to another one touching the same items
 * at the same moment (nothing was written) is tried again, with backoff, a
 * few times; and a write marked `droppable` whose condition fails (a counter
 * that would go below zero) is left out and the rest tried again. Callers
 * add no retry of their own for conflicts: a write that still loses after
 * these is answered as not committed.
 *
 * A read-decide-write (an admin's edit conditioned on the item as read, a
 * webhook's event, a conversation's text, a bag the server chose) whose write
 * lost because what it read changed is made again from a fresh read by
 * `readDecideWrite`, under the same policy: the same count, the same pauses.
 *
 * Each attempt builds its writes inside an effects collector (db/effects.ts):
 * what the build registers with `afterCommit` runs once the transaction has
 * committed, and what a failed or retried attempt registered is dropped.
 */
import { collecting } from "./effects";
import type { RegripService } from "./index";
import { db } from "./index";

type WriteFunction = Parameters<RegripService["transaction"]["write"]>[0];
/** The entities a transaction's writes are built from (`sku`, `serviceOrder`, ...). */
export type TransactionEntities = Parameters<WriteFunction>[0];
/** One write of a transaction: what `.commit()` answers. */
type TransactionWrite = ReturnType<WriteFunction>[number];

export interface LabelledWrite {
  label: string;
  write: TransactionWrite;
  /**
   * When only droppable writes lost their conditions, the transaction is
   * written again without them instead of failing (a counter's decrement
   * that would take it below zero: the order's write matters, the count
   * stays at zero).
   */
  droppable?: boolean;
}

export type LabelledOutcome =
  | { committed: true; /** Droppable writes left out. */ dropped: string[] }
  | {
      committed: false;
      /** Each write's label and DynamoDB's code for it ("None" for a write that was fine). */
      codes: Record<string, string>;
      /** Labels whose condition failed. */
      failed: string[];
      /** True when another transaction touched the same items at the same moment: nothing was written, try again. */
      conflict: boolean;
    };

/**
 * The retry policy: how many times a write that lost to a concurrent one is made again, and the longest pause between
 * two tries. Thirty customers booking the last seats of an onsite day at once all write the day's seat count: on a
 * loaded machine six tries (about 1.3 s in all) let every one of them lose, so ten, the pause capped at a second.
 */
const RETRIES = 10;
const PAUSE_MAX_MS = 1_000;

/** The pause before retry `n` (from 0): doubling from about 20 ms, capped, jittered so rivals spread out. */
const pause = (n: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(PAUSE_MAX_MS, 20 * 2 ** n) * (0.5 + Math.random())));

async function writeOnce(build: (entities: TransactionEntities) => LabelledWrite[], dropped: Set<string>) {
  let labels: string[] = [];
  let droppable = new Set<string>();
  const result = await db()
    .transaction.write((entities) => {
      const writes = build(entities).filter((w) => !dropped.has(w.label));
      labels = writes.map((w) => w.label);
      droppable = new Set(writes.filter((w) => w.droppable).map((w) => w.label));
      if (new Set(labels).size !== labels.length) throw new Error(`Duplicate transaction labels: ${labels.join(", ")}`);
      return writes.map((w) => w.write);
    })
    .go();
  if (!result.canceled) return { canceled: false as const };
  const reasons = result.data as { code?: string }[];
  const codes: Record<string, string> = {};
  labels.forEach((label, i) => (codes[label] = reasons[i]?.code ?? "None"));
  return {
    canceled: true as const,
    codes,
    failed: labels.filter((label) => codes[label] === "ConditionalCheckFailed"),
    conflict: Object.values(codes).includes("TransactionConflict"),
    droppable,
  };
}

/** Runs the writes `build` answers as one transaction. Labels must be unique within it. */
export async function writeLabelled(build: (entities: TransactionEntities) => LabelledWrite[]): Promise<LabelledOutcome> {
  const dropped = new Set<string>();
  for (let conflicts = 0; ; ) {
    const result = await collecting(() => writeOnce(build, dropped), (attempt) => !attempt.canceled);
    if (!result.canceled) return { committed: true, dropped: [...dropped] };
    const { codes, failed, conflict, droppable } = result;
    if (failed.length > 0 && failed.every((label) => droppable.has(label))) {
      failed.forEach((label) => dropped.add(label));
      continue;
    }
    if (failed.length === 0 && conflict && conflicts < RETRIES) {
      await pause(conflicts++);
      continue;
    }
    return { committed: false, codes, failed, conflict };
  }
}

/** What a try of `readDecideWrite` answers when what it read changed before its write: read again, decide again. */
export const CHANGED: unique symbol = Symbol("changed");

/**
 * True when a write conditioned on what was read lost because it changed: the condition of one of `labels` (the
 * items as read) failed, or another transaction still won after the conflict retries.
 */
export const changedSinceRead = (outcome: Extract<LabelledOutcome, { committed: false }>, ...labels: string[]): boolean =>
  outcome.conflict || labels.some((label) => outcome.failed.includes(label));

/**
 * A read-decide-write under the one retry policy: `attempt` reads, decides and writes once, answering its result or
 * CHANGED (what it read changed before its write); then it is made again, after the policy's pause, at most RETRIES
 * more times. When the tries run out, the error `gaveUp` makes is thrown, or `gaveUp.answer` answered (a rate limit
 * refuses rather than risk overshooting). `attempt` decides from what it reads, so it is safe to repeat.
 */
export async function readDecideWrite<T>(
  attempt: (retry: number) => Promise<T | typeof CHANGED>,
  gaveUp: (() => Error) | { answer: T },
  /** More tries for a write every caller races on (the order number's counter). */
  retries = RETRIES,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    const result = await attempt(retry);
    if (result !== CHANGED) return result as T;
    if (retry >= retries) {
      if (typeof gaveUp === "function") throw gaveUp();
      return gaveUp.answer;
    }
    await pause(retry);
  }
}
