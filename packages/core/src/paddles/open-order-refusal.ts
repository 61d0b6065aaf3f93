/**
 * The words of one open order per paddle's refusal (./open-order.ts), loaded only when a claim failed: the paddle's
 * name and the open order's reference (its bag number, else its id's end), read now.
 */
import { db } from "../db";
import { conflict, type DomainError } from "../errors";
import { orderReference } from "../shared/orders";
import { paddleInShop, paddleName } from "../shared/paddle-open-order";

export async function paddleInShopRefusal(
  claimKey: { kind: "paddleOpenOrder"; value: string },
  paddle: { nickname?: string; brand?: string; model?: string } | undefined,
): Promise<DomainError> {
  const { data: held } = await db().entities.uniqueValue.get(claimKey).go({ consistent: true });
  const { data: open } = held ? await db().entities.serviceOrder.get({ id: held.ownerId }).go({ consistent: true }) : { data: null };
  return conflict(paddleInShop(paddleName(paddle), open ? orderReference(open) : (held?.ownerId.slice(-6).toUpperCase() ?? "")));
}
