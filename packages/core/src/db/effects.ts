/**
 * Effects after the commit, so a write that fails sends nothing: what a write sets going outside
 * the table (a text to the customer now; points and reminders later) runs
 * only once that write's transaction has committed, as sst/console's
 * `createTransactionEffect` does for its SQL transactions.
 *
 * A transaction (db/labelled.ts `writeLabelled`) builds its writes inside a
 * collector scoped with AsyncLocalStorage; code building those writes calls
 * `afterCommit(effect)` and needs no handle to pass around. When the
 * transaction commits, what its last attempt collected runs, in order; when
 * it fails, or an attempt is written again after a conflict, what that
 * attempt collected is dropped, so a failed commit sends nothing and a retried
 * one sends once.
 *
 * An effect never undoes its write nor fails its caller: one that throws is
 * logged (naming the effect, which names its order) and the rest still run.
 * Effects run in the caller's own async context, so under its route's grants.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export * as Effects from "./effects";

export interface Effect {
  /** What and for whom, for the log when it fails: `text order <id> ready`. */
  name: string;
  run: () => unknown;
}

const collector = new AsyncLocalStorage<Effect[]>();

/**
 * Registers `effect` with the transaction being built: it runs once that
 * transaction commits, never if it fails. Only inside a transaction's build
 * (outside one there is no commit to wait for: a programming error).
 */
export function afterCommit(...effects: Effect[]): void {
  const pending = collector.getStore();
  if (!pending) throw new Error(`afterCommit outside a transaction: ${effects.map((effect) => effect.name).join(", ")}`);
  pending.push(...effects);
}

/**
 * Runs `write` with a fresh collector. When `committed(result)` says its
 * transaction committed, runs what was collected (after `write` has
 * returned, outside the collector); otherwise drops it. A `write` that
 * throws has committed nothing: its effects are dropped and the error passes.
 */
export async function collecting<T>(write: () => Promise<T>, committed: (result: T) => boolean): Promise<T> {
  const pending: Effect[] = [];
  const result = await collector.run(pending, write);
  if (committed(result)) await run(pending);
  return result;
}

/** Runs each effect in turn; one that throws is logged and the rest go on. Never throws. */
async function run(effects: readonly Effect[]): Promise<void> {
  for (const effect of effects) {
    try {
      await effect.run();
    } catch (error) {
      console.error(`After-commit effect failed (${effect.name}); the write it follows stands`, error);
    }
  }
}
