/**
 * Stock has one home, so no way of making an order can oversell: every write to a sku's stock by an order is
 * built here, as labelled writes for the order's own transaction.
 *
 * - `take`: a conditional decrement per counted sku (`unlimitedStock = false
 *   AND stockQuantity >= n`), so the last unit cannot be sold twice. The order
 *   records what it took (`stockTaken`).
 * - `adjust`: an admin's stock edit, a conditional add of the difference (never below zero).
 * - `returned`: what an edit of the order's lines removed, added back in the edit's transaction.
 * - `giveBack`: the order's `stockTaken` added back, in the same transaction
 *   as the order's cancel, which sets `stockReturnedAt` on the condition that
 *   it was not set yet: a retry or a second cancel gives nothing back.
 */
import type { OrderItem } from "../orders/view";
import type { LabelledOutcome, LabelledWrite, TransactionEntities } from "../db/labelled";
import { conflict, type DomainError } from "../errors";
import { belowZero, UNLIMITED_STOCK } from "../shared/products";

export * as Inventory from "./index";

/** Stock one order takes of one sku. */
export interface StockLine {
  skuId: string;
  quantity: number;
}

const STOCK_LABEL = "stock:";
const RETURN_LABEL = "stock-returned:";

/** The label of the write that takes or returns `skuId`'s stock. */
export const stockLabel = (skuId: string) => `${STOCK_LABEL}${skuId}`;
const returnLabel = (skuId: string) => `${RETURN_LABEL}${skuId}`;

/** One line per sku (quantities of a sku named twice added up), dropping nothing-lines. */
export function merged(lines: readonly StockLine[]): StockLine[] {
  const bySku = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0) throw new Error(`Invalid stock quantity ${line.quantity} for ${line.skuId}`);
    if (line.quantity > 0) bySku.set(line.skuId, (bySku.get(line.skuId) ?? 0) + line.quantity);
  }
  return [...bySku].map(([skuId, quantity]) => ({ skuId, quantity }));
}

/** Writes that take `lines` of stock, each refused (label `stock:<skuId>`) when it would go below zero. */
export function take({ sku }: TransactionEntities, lines: readonly StockLine[]): LabelledWrite[] {
  return merged(lines).map((line) => ({
    label: stockLabel(line.skuId),
    write: sku
      .patch({ id: line.skuId })
      .subtract({ stockQuantity: line.quantity })
      .where((a, { eq, gte }) => `${eq(a.unlimitedStock, false)} AND ${gte(a.stockQuantity, line.quantity)}`)
      .commit(),
  }));
}

/** The sku ids whose take failed in `outcome` (sold out, or no longer counted). */
export function soldOut(outcome: LabelledOutcome): string[] {
  if (outcome.committed) return [];
  return outcome.failed.filter((label) => label.startsWith(STOCK_LABEL)).map((label) => label.slice(STOCK_LABEL.length));
}

/** The sku ids whose give-back failed in `outcome`: skus deleted since the order took them. */
export function missingProducts(outcome: LabelledOutcome): string[] {
  if (outcome.committed) return [];
  return outcome.failed.filter((label) => label.startsWith(RETURN_LABEL)).map((label) => label.slice(RETURN_LABEL.length));
}

/** What an order still has to give back: nothing once it has. */
export function owedBack(order: Pick<OrderItem, "stockTaken" | "stockReturnedAt">): StockLine[] {
  if (order.stockReturnedAt) return [];
  return merged(order.stockTaken ?? []);
}

/**
 * Writes that give back what `order` took, except skus in `skip` (deleted
 * from the catalogue: nothing to give back to). Each sku's write is labelled
 * `stock-returned:<skuId>` and fails only when the sku no longer exists.
 * The caller's write of the order sets `stockReturnedAt` with the condition
 * `returnCondition` gives, so the two happen together, once.
 */
export function giveBack({ sku }: TransactionEntities, order: Pick<OrderItem, "stockTaken" | "stockReturnedAt">, skip: readonly string[] = []): LabelledWrite[] {
  return owedBack(order)
    .filter((line) => !skip.includes(line.skuId))
    .map((line) => ({
      label: returnLabel(line.skuId),
      // patch: only an existing sku (no half item for a sku deleted meanwhile); whatever its stock now, it goes up.
      write: sku.patch({ id: line.skuId }).add({ stockQuantity: line.quantity }).commit(),
    }));
}

/**
 * Writes that give back `lines` of stock an order held (an edit of its lines removed them: orders/edit-lines.ts),
 * labelled `stock-returned:<skuId>` as a cancel's are; the caller's write of the order sets its new `stockTaken`
 * in the same transaction, conditioned on the order as read, so each unit goes back once.
 */
export function returned({ sku }: TransactionEntities, lines: readonly StockLine[]): LabelledWrite[] {
  return merged(lines).map((line) => ({
    label: returnLabel(line.skuId),
    write: sku.patch({ id: line.skuId }).add({ stockQuantity: line.quantity }).commit(),
  }));
}

const ADJUST_LABEL = "stock-adjust";

/**
 * The write of an admin's stock edit (sent as the difference from the current stock, so an edit made meanwhile still counts):
 * one conditional add on the sku, so two edits at once both count and none reads then writes. Refused (label
 * `stock-adjust`) when the sku is gone, its stock is unlimited, or a decrease would take it below zero.
 */
export function adjust({ sku }: TransactionEntities, skuId: string, change: number): LabelledWrite {
  if (!Number.isSafeInteger(change) || change === 0) throw new Error(`Invalid stock change ${change} for ${skuId}`);
  const patch = change > 0 ? sku.patch({ id: skuId }).add({ stockQuantity: change }) : sku.patch({ id: skuId }).subtract({ stockQuantity: -change });
  return {
    label: ADJUST_LABEL,
    write: patch
      .where((a, { eq, gte }) => (change > 0 ? eq(a.unlimitedStock, false) : `${eq(a.unlimitedStock, false)} AND ${gte(a.stockQuantity, -change)}`))
      .commit(),
  };
}

/**
 * Why `adjust`'s write failed, given the sku as it is now: 409 for unlimited stock or a decrease below zero
 * (with the stock there is); null when it did not fail (or failed for another write's reason).
 */
export function adjustRefusal(
  outcome: LabelledOutcome,
  now: { unlimitedStock: boolean; stockQuantity: number },
  change: number,
): DomainError | null {
  if (outcome.committed || !outcome.failed.includes(ADJUST_LABEL)) return null;
  if (now.unlimitedStock) return conflict(UNLIMITED_STOCK);
  return conflict(belowZero(now.stockQuantity, change));
}
