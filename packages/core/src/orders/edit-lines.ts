/**
 * PATCH /api/orders/{id}/lines: staff add or remove an order's lines before it is paid and before service starts
 * (a build-up asked for at drop-off). The rules and words are shared/order-edit.ts's; the pricing is
 * pricing/order-edit.ts's (the lines added priced from the catalogue, the totals, tax, promotion, points and cover
 * added up again by the one totals rule).
 *
 * Read, decide, write (db/labelled.ts `readDecideWrite`): the order is read, the edit priced against it, and written
 * by the one move writer (move-writer.ts) as one transaction: the order's new lines, totals and `stockTaken`,
 * conditioned on its `updatedAt` and payment state as read (optimistic concurrency: two staff editing at once are
 * written one after the other, each priced on the other's result), the stock taken and given back (inventory
 * module: a take below zero cancels it all, 409 naming what is left), and the audit entry `order.lines_changed`.
 * When another write changed the order between the read and the write, it is read and priced again; with the
 * `version` the console sends, an order changed since the editor read it is refused instead (409).
 *
 * After the commit the customer is told what changed and the new bill (notifications/confirmations.ts
 * `linesChangedNotice`, through texts/, as they allow). An order's open card checkout was for the old amount: it
 * is forgotten (`stripeCheckoutSessionId` removed), so the next Pay Now or payment link opens one for the new total
 * (a payment of the old amount is refused by the webhook's amount check).
 */
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import { personOf } from "../actor";
import { fn } from "../actor/fn";
import { productsByIds } from "../catalogue";
import { db } from "../db";
import { CHANGED, readDecideWrite } from "../db/labelled";
import { conflict, DomainError, notFound } from "../errors";
import { outOfStock, type StockTake } from "../pricing";
import { priceLineEdit, type LineEdit } from "../pricing/order-edit";
import * as Promotions from "../promotions";
import { linesChangedNotice } from "../notifications/confirmations";
import { Id } from "../shared/ids";
import { stageOfStatus } from "../shared/lifecycle";
import { findMove, paidStage } from "../shared/moves";
import { EDIT_BUSY, EDIT_CHANGED, editRefusal, OrderLinesEdit } from "../shared/order-edit";
import { ORDER_NOT_FOUND } from "../shared/orders";
import type { Discount } from "../shared/promo";
import { readOrder, writeOrder, type OrderChange } from "./move-writer";
import * as OrderNumbers from "./numbers";
import { view, type OrderItem, type OrderView } from "./view";

export { OrderLinesEdit } from "../shared/order-edit";

const EditLinesInput = z.object({ id: Id, edit: OrderLinesEdit });

/** The order's promotion as it is now, or null (none, or gone since: the order keeps its discount's amount then). */
async function promotionOf(order: OrderItem): Promise<Discount | null> {
  if (!order.promoCode) return null;
  try {
    return await Promotions.byCode(order.promoCode);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  }
}

/** "added 2 x Lead Tape, removed Edge Guard" (the bill's words for a quantity): what an edit changed, for the notice and the audit. */
function changesInWords(edit: Pick<LineEdit, "added" | "removed">): string {
  const named = (line: { name: string; quantity: number; description?: string }) => `${line.quantity > 1 ? `${line.quantity} x ` : ""}${line.name}`;
  return [
    edit.added.length ? `added ${edit.added.map(named).join(", ")}` : "",
    edit.removed.length ? `removed ${edit.removed.map(named).join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/**
 * The change an edit makes to `order` as read (its lines, totals, stock and payment state; a move out of Awaiting
 * Payment when nothing is left to pay, as a payment moves it), with its audit entry and the customer's notice.
 */
function decide(order: OrderItem, priced: LineEdit, who: { actor: ReturnType<typeof personOf>; name: string }, takes: readonly StockTake[]): OrderChange {
  const at = new Date().toISOString();
  const stage = stageOfStatus[order.status];
  const to = priced.payment?.paymentStatus === "comp" && stage === "awaiting_payment" ? paidStage(order) : undefined;
  const move = to ? findMove(stage, to, "system") : undefined;
  const changes = changesInWords(priced);
  const edited: OrderItem = {
    ...order,
    lineItems: priced.lineItems,
    subtotalCents: priced.subtotalCents,
    discountAmountCents: priced.discountAmountCents,
    pointsDiscountCents: priced.pointsDiscountCents || undefined,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
    ...priced.payment,
  } as OrderItem;
  const lineWords = (line: LineEdit["added"][number]) => ({ name: line.name, ...(line.description ? { description: line.description } : {}), quantity: line.quantity, priceCents: line.priceCents });
  return {
    set: {
      lineItems: priced.lineItems,
      subtotalCents: priced.subtotalCents,
      discountAmountCents: priced.discountAmountCents,
      ...(order.pointsRedeemed ? { pointsDiscountCents: priced.pointsDiscountCents } : {}),
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      stockTaken: priced.stockTaken,
      ...priced.payment,
    },
    // The open card checkout was for the old total: the next one is opened for the new.
    ...(order.stripeCheckoutSessionId ? { remove: ["stripeCheckoutSessionId" as const] } : {}),
    // Written only while nobody else changed the order, and never once it is paid.
    unchanged: ["updatedAt", "paymentStatus"],
    stock: { take: priced.take, giveBack: priced.giveBack, refusal: (skuIds) => outOfStock(takes.find((t) => skuIds.includes(t.skuId)) ?? { name: "A product" }) },
    audits: [
      {
        actor: who.actor,
        actorName: who.name,
        action: "order.lines_changed",
        targetType: "order",
        targetId: order.id,
        diff: {
          ...OrderNumbers.audited(order),
          changes,
          added: priced.added.map(lineWords),
          removed: priced.removed.map(lineWords),
          totalCents: { from: order.totalCents, to: priced.totalCents },
          taxCents: { from: order.taxCents, to: priced.taxCents },
          ...(priced.take.length ? { stockTaken: priced.take } : {}),
          ...(priced.giveBack.length ? { stockReturned: priced.giveBack } : {}),
          ...(priced.payment ? { paymentStatus: { from: order.paymentStatus, to: priced.payment.paymentStatus } } : {}),
        },
      },
    ],
    ...(move ? { move: { move, actor: who.actor, actorName: who.name, at, note: "Nothing left to pay after an edit" } } : {}),
    effects: [linesChangedNotice(edited, changes)],
  };
}

/**
 * Adds and removes lines of order `id` (staff): answers the order as staff see it (with `preview`, as it would be,
 * nothing written). 404 for no such order; 409 when
 * it is paid, comped, canceled or in service (shared/order-edit.ts `editRefusal`), changed since `version`, or a
 * product ran out; 400 for a product not on sale, an unknown line, a bad quantity or weight area.
 */
export const editLines = /* @__PURE__ */ fn({ role: "staff", input: EditLinesInput }, async (staffActor, { id, edit }): Promise<OrderView> => {
  const actor = personOf(staffActor);
  const [{ data: user }, skus] = await Promise.all([
    db().entities.user.get({ userId: actor.userId }).go(),
    productsByIds((edit.add ?? []).map((add) => add.skuId)),
  ]);
  const who = { actor, name: user?.firstName || actor.givenName || actor.username };
  const written = await readDecideWrite<OrderItem>(
    async () => {
      const order = await readOrder(id);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      if (edit.version !== undefined && edit.version !== order.updatedAt) throw conflict(EDIT_CHANGED);
      const refusal = editRefusal(order);
      if (refusal) throw conflict(refusal);
      // The stock as it is now (the take's condition decides; this read only words a refusal before writing).
      const [fresh, promotion] = await Promise.all([skus.length ? productsByIds(skus.map((sku) => sku.id)) : [], promotionOf(order)]);
      const priced = priceLineEdit({ order, add: edit.add ?? [], remove: edit.remove ?? [], skus: fresh, promotion, newLineId: () => randomUUID().replaceAll("-", "").slice(0, 12) });
      const change = decide(order, priced, who, priced.takes);
      // A preview: the order as the edit would leave it, nothing written, nobody told.
      if (edit.preview) return { ...order, ...change.set } as OrderItem;
      const written = await writeOrder({ ...change, order });
      return written.committed ? written.order : CHANGED;
    },
    () => conflict(EDIT_BUSY),
  );
  if (edit.preview) return view(written, { staff: true });
  const { data } = await db().entities.serviceOrder.get({ id }).go({ consistent: true });
  if (!data) throw notFound(ORDER_NOT_FOUND);
  return view(data, { staff: true });
});
