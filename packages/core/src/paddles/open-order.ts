/**
 * One open order per paddle (issue 22): a `paddleOpenOrder` uniqueValue item (value the paddle's id, owner the
 * order's id) is created with every order that names a paddle (orders/create.ts), in its own transaction, so a
 * second open order of the same paddle is refused there, whoever makes it and however many at once. The move
 * writer (orders/move-writer.ts) deletes it when the order is picked up or canceled and creates it again when an
 * admin reopens the order, as the bag hold is (bags/). GET /api/paddles reads the claims to say which paddle is in
 * the shop, and `npm run recount` writes them for open orders made before they existed.
 */
import { db } from "../db";
import type { LabelledOutcome, LabelledWrite, TransactionEntities } from "../db/labelled";
import { uniqueKey } from "../entities";
import { conflict, type DomainError, unavailable } from "../errors";
import { paddleInShop, paddleName } from "../shared/paddle-open-order";
import { orderReference } from "../shared/orders";

const PADDLE_CLAIM_LABEL = "paddle-open-order";
const PADDLE_RELEASE_LABEL = "paddle-open-order-release";

/** The claim's key of `paddleId`. */
const keyOf = (paddleId: string) => uniqueKey("paddleOpenOrder", paddleId) as { kind: "paddleOpenOrder"; value: string };

/** The write that makes order `orderId` the open order of `paddleId` (fails when another open order is). */
export function claim({ uniqueValue }: TransactionEntities, paddleId: string, orderId: string): LabelledWrite[] {
  return [{ label: PADDLE_CLAIM_LABEL, write: uniqueValue.create({ ...keyOf(paddleId), ownerId: orderId }).commit() }];
}

/**
 * The write that frees `order`'s paddle when the order is picked up or canceled: the claim is deleted when it is
 * this order's or already gone. Droppable: an order made before claims existed may find another order's claim,
 * which it leaves alone.
 */
export function release({ uniqueValue }: TransactionEntities, order: { id: string; paddleId?: string }): LabelledWrite[] {
  if (!order.paddleId) return [];
  return [
    {
      label: PADDLE_RELEASE_LABEL,
      droppable: true,
      write: uniqueValue
        .delete(keyOf(order.paddleId))
        .where((a, { eq, notExists }) => `${notExists(a.ownerId)} OR ${eq(a.ownerId, order.id)}`)
        .commit(),
    },
  ];
}

/** The open order each of `paddleIds` is in: one BatchGet of their claims. */
export async function openOrdersOf(paddleIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(paddleIds)];
  const found = new Map<string, string>();
  if (unique.length === 0) return found;
  const { data, unprocessed } = await db().entities.uniqueValue.get(unique.map(keyOf)).go();
  if (unprocessed.length > 0) throw unavailable("Your paddles are busy. Please try again.");
  for (const item of data) found.set(item.value, item.ownerId);
  return found;
}

/**
 * The 409 for a transaction that `claim` failed in: names the paddle and the open order's reference (its bag
 * number, else its id's end), read now. Null when the claim is not why it failed.
 */
export async function claimRefusal(
  outcome: LabelledOutcome,
  order: { paddleId?: string; paddle?: { nickname?: string; brand?: string; model?: string } },
): Promise<DomainError | null> {
  if (outcome.committed || !order.paddleId || !outcome.failed.includes(PADDLE_CLAIM_LABEL)) return null;
  const { data: held } = await db().entities.uniqueValue.get(keyOf(order.paddleId)).go({ consistent: true });
  const { data: open } = held ? await db().entities.serviceOrder.get({ id: held.ownerId }).go({ consistent: true }) : { data: null };
  return conflict(paddleInShop(paddleName(order.paddle), open ? orderReference(open) : (held?.ownerId.slice(-6).toUpperCase() ?? "")));
}
