/**
 * Which of a customer's paddles are in the shop (GET /api/paddles `openOrderId`): their one-open-order claims
 * (./open-order.ts), read in one BatchGet. Its own module: the Lambdas that make or move orders do not carry it.
 */
import { db } from "../db";
import { unavailable } from "../errors";
import { keyOf } from "./open-order";

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
