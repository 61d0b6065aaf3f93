/**
 * One open order per paddle: a `paddleOpenOrder` uniqueValue item (value the paddle's id, owner the
 * order's id) is created with every order that names a paddle (orders/create.ts), in its own transaction, so a
 * second open order of the same paddle is refused there, whoever makes it and however many at once. The move
 * writer (orders/move-writer.ts) deletes it when the order is picked up or canceled and creates it again when an
 * admin reopens the order, as the bag hold is (bags/). GET /api/paddles reads the claims to say which paddle is in
 * the shop (./open-orders.ts), and `npm run recount` writes them for open orders made before they existed
 * (./open-order-backfill.ts).
 */
import type { LabelledOutcome, LabelledWrite, TransactionEntities } from "../db/labelled";
import { uniqueKey } from "../entities";
import type { DomainError } from "../errors";

const PADDLE_CLAIM_LABEL = "paddle-open-order";
const PADDLE_RELEASE_LABEL = "paddle-open-order-release";

/** The claim's key of `paddleId`. */
export const keyOf = (paddleId: string) => uniqueKey("paddleOpenOrder", paddleId) as { kind: "paddleOpenOrder"; value: string };

/**
 * The write that makes order `orderId` the open order of `paddleId`: fails when another order is; one already this
 * order's stays (an order reopened whose claim was never freed).
 */
export function claim({ uniqueValue }: TransactionEntities, paddleId: string, orderId: string): LabelledWrite[] {
  return [
    {
      label: PADDLE_CLAIM_LABEL,
      write: uniqueValue
        .put({ ...keyOf(paddleId), ownerId: orderId })
        .where((a, { eq, notExists }) => `${notExists(a.ownerId)} OR ${eq(a.ownerId, orderId)}`)
        .commit(),
    },
  ];
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

/**
 * The 409 for a transaction that `claim` failed in (null when the claim is not why it failed): names the paddle and
 * the open order's reference. Its words and reads load only then (./open-order-refusal.ts), off the cold start of
 * every Lambda that makes or moves an order (`npm run bench:lambda`).
 */
export async function claimRefusal(
  outcome: LabelledOutcome,
  order: { paddleId?: string; paddle?: { nickname?: string; brand?: string; model?: string } },
): Promise<DomainError | null> {
  if (outcome.committed || !order.paddleId || !outcome.failed.includes(PADDLE_CLAIM_LABEL)) return null;
  return (await import("./open-order-refusal")).paddleInShopRefusal(keyOf(order.paddleId), order.paddle);
}
