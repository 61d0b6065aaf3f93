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
 * How many times a transaction that lost only to a concurrent one is written again, and the longest pause between
 * two tries. Thirty customers booking the last seats of an onsite day at once all write the day's seat count: on a
 * loaded machine six tries (about 1.3 s in all) let every one of them lose, so ten, the pause capped at a second.
 */
const CONFLICT_RETRIES = 10;
const CONFLICT_PAUSE_MAX_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    if (failed.length === 0 && conflict && conflicts < CONFLICT_RETRIES) {
      await sleep(Math.min(CONFLICT_PAUSE_MAX_MS, 20 * 2 ** conflicts++) * (0.5 + Math.random()));
      continue;
    }
    return { committed: false, codes, failed, conflict };
  }
}
