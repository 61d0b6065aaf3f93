/**
 * POST /api/paddles/{id}/free-from-bag: the paddle card's 'Free from Bag'. The paddle leaves its bag (its `bagId`
 * cleared) when no open order holds the bag for this paddle; an open order of this paddle in the bag is a 409 (the
 * bag is freed when that order is picked up or canceled: orders/move-writer.ts).
 *
 * What the bag's hold says decides the rest:
 * - no hold: the paddle's `bagId` is cleared, on the condition that no hold appeared meanwhile (a booking taking
 *   the bag again);
 * - held by an open order of this paddle: refused;
 * - held by an order of this customer that is closed (picked up or canceled before bags were freed with their
 *   orders): the stale hold is deleted with the paddle's write, on the condition that the order is still closed;
 * - held by any other order (the bag has since gone to another paddle or customer): the paddle is not in it; its
 *   `bagId` is cleared and the hold left alone.
 * One transaction with a `paddle.freed_from_bag` audit entry.
 */
import { ById, fn } from "../actor/fn";
import { entry as auditEntry } from "../audit";
import { db } from "../db";
import { writeLabelled, type LabelledWrite } from "../db/labelled";
import { uniqueKey } from "../entities";
import { conflict, notFound } from "../errors";
import { orderReference } from "../shared/orders";
import { stageOfStatus } from "../shared/lifecycle";
import { PADDLE_NOT_FOUND } from "../shared/paddles";
import type { EntityItem } from "electrodb";
import type { Paddle } from "../entities";

export const NOT_IN_A_BAG = "This paddle is not in a bag.";
const bagHeldByOpenOrder = (code: string, reference: string) =>
  `Bag ${code} still holds this paddle's open order ${reference}. It is freed when the order is picked up or canceled.`;
const FREE_CHANGED_MEANWHILE = "This paddle or its bag changed meanwhile. Refresh and try again.";

const closed = (status: keyof typeof stageOfStatus) => ["picked_up", "canceled"].includes(stageOfStatus[status]);

/** Frees the caller's paddle from its bag; answers the paddle as stored now (no bag). */
export const freeFromBag = /* @__PURE__ */ fn({ role: "customer", input: ById }, async (actor, { id: paddleId }): Promise<EntityItem<Paddle>> => {
  const userId = actor.userId;
  const { data: paddle } = await db().entities.paddle.get({ userId, id: paddleId }).go({ consistent: true });
  if (!paddle || paddle.ownershipStatus !== "owned") throw notFound(PADDLE_NOT_FOUND);
  const bagId = paddle.bagId;
  if (!bagId) throw conflict(NOT_IN_A_BAG);
  const { data: bag } = await db().entities.bag.get({ id: bagId }).go();
  const code = bag?.code3;
  const { data: hold } = code ? await db().entities.uniqueValue.get(uniqueKey("bagHold", code)).go({ consistent: true }) : { data: null };
  const { data: holder } = hold ? await db().entities.serviceOrder.get({ id: hold.ownerId }).go({ consistent: true }) : { data: null };

  if (holder && !closed(holder.status) && holder.paddleId === paddle.id) throw conflict(bagHeldByOpenOrder(code!, orderReference(holder)));
  // A hold of an order that no longer exists, or a closed order of this customer's: stale, deleted with the paddle's write.
  const staleHold = !!hold && (!holder || (holder.userId === userId && closed(holder.status)));

  const at = new Date().toISOString();
  const outcome = await writeLabelled((entities) => {
    const writes: LabelledWrite[] = [
      {
        label: "paddle",
        write: entities.paddle
          .patch({ userId, id: paddle.id })
          .remove(["bagId"])
          .where((a, { eq }) => `${eq(a.bagId, bagId)} AND ${eq(a.ownershipStatus, "owned")}`)
          .commit(),
      },
    ];
    if (code && !hold) {
      // No order took the bag since it was read.
      writes.push({
        label: "hold",
        write: entities.uniqueValue
          .check(uniqueKey("bagHold", code))
          .where((a, { notExists }) => notExists(a.ownerId))
          .commit(),
      });
    }
    if (code && hold && staleHold) {
      writes.push({
        label: "hold",
        write: entities.uniqueValue
          .delete(uniqueKey("bagHold", code))
          .where((a, { eq }) => eq(a.ownerId, hold.ownerId))
          .commit(),
      });
      if (holder) {
        writes.push({
          label: "holder",
          write: entities.serviceOrder
            .check({ id: holder.id })
            .where((a, { eq }) => eq(a.status, holder.status))
            .commit(),
        });
      }
    }
    writes.push({
      label: "audit",
      write: entities.auditLog
        .create({
          ...auditEntry({
            actor,
            action: "paddle.freed_from_bag",
            targetType: "paddle",
            targetId: paddle.id,
            diff: { bagId, ...(code ? { bagCode: code } : {}), ...(staleHold ? { staleHoldReleased: hold!.ownerId } : {}) },
          }),
          createdAt: at,
        })
        .commit(),
    });
    return writes;
  });
  if (!outcome.committed) throw conflict(FREE_CHANGED_MEANWHILE);
  const { data: freed } = await db().entities.paddle.get({ userId, id: paddle.id }).go({ consistent: true });
  if (!freed) throw notFound(PADDLE_NOT_FOUND);
  return freed;
});
