/**
 * Transactions whose writes carry labels (DESIGN §3): a cancelled transaction
 * answers which labelled write failed and why, so callers never decode
 * DynamoDB's cancellation reasons by position.
 */
import type { RegripService } from "../entities";
import { db } from "./index";

type WriteFunction = Parameters<RegripService["transaction"]["write"]>[0];
/** The entities a transaction's writes are built from (`sku`, `serviceOrder`, ...). */
export type TransactionEntities = Parameters<WriteFunction>[0];
/** One write of a transaction: what `.commit()` answers. */
export type TransactionWrite = ReturnType<WriteFunction>[number];

export interface LabelledWrite {
  label: string;
  write: TransactionWrite;
}

export type LabelledOutcome =
  | { committed: true }
  | {
      committed: false;
      /** Each write's label and DynamoDB's code for it ("None" for a write that was fine). */
      codes: Record<string, string>;
      /** Labels whose condition failed. */
      failed: string[];
      /** True when another transaction touched the same items at the same moment: nothing was written, try again. */
      conflict: boolean;
    };

/** Runs the writes `build` answers as one transaction. Labels must be unique within it. */
export async function writeLabelled(build: (entities: TransactionEntities) => LabelledWrite[]): Promise<LabelledOutcome> {
  let labels: string[] = [];
  const result = await db()
    .transaction.write((entities) => {
      const writes = build(entities);
      labels = writes.map((w) => w.label);
      if (new Set(labels).size !== labels.length) throw new Error(`Duplicate transaction labels: ${labels.join(", ")}`);
      return writes.map((w) => w.write);
    })
    .go();
  if (!result.canceled) return { committed: true };
  const reasons = result.data as { code?: string }[];
  const codes: Record<string, string> = {};
  labels.forEach((label, i) => (codes[label] = reasons[i]?.code ?? "None"));
  const values = Object.values(codes);
  return {
    committed: false,
    codes,
    failed: labels.filter((label) => codes[label] === "ConditionalCheckFailed"),
    conflict: values.includes("TransactionConflict"),
  };
}
