/**
 * An edit of an order's lines decided (orders/edit-lines.ts reads, refuses and writes): the products and the order's
 * promotion read, the edit priced (pricing/order-edit.ts), and the change the move writer writes (lines, totals,
 * stock, payment state, a move out of Awaiting Payment when nothing is left to pay, the audit entry, the customer's
 * notice). Loaded once an edit gets past its refusals, so the route's cold start stays small.
 */
import { randomUUID } from "node:crypto";
import type { UserActor } from "../actor";
import { productsByIds } from "../catalogue";
import { DomainError } from "../errors";
import { linesChangedNotice } from "../notifications/confirmations";
import type { StockTake } from "../pricing";
import { outOfStock, priceLineEdit, type LineEdit } from "../pricing/order-edit";
import { stageOfStatus } from "../shared/lifecycle";
import { findMove, paidStage } from "../shared/moves";
import type { OrderLinesEdit } from "../shared/order-edit";
import type { Discount } from "../shared/promo";
import type { OrderChange } from "./move-writer";
import * as OrderNumbers from "./numbers";
import type { OrderItem } from "./view";

/** The order's promotion as it is now, or null (none, or gone since: the order keeps its discount's amount then). */
async function promotionOf(order: OrderItem): Promise<Discount | null> {
  if (!order.promoCode) return null;
  try {
    // Loaded only for an order with a promotion (the route's cold path: test/infra/bundling.test.ts).
    return await (await import("../promotions")).byCode(order.promoCode);
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
function decide(order: OrderItem, priced: LineEdit, who: { actor: UserActor; name: string }, takes: readonly StockTake[]): OrderChange {
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
 * The change `edit` makes to `order` as read, priced now (the products as they are now: the take's condition
 * decides; this read only words a refusal before writing), or the refusal it throws.
 */
export async function decideEdit(order: OrderItem, edit: OrderLinesEdit, who: { actor: UserActor; name: string }): Promise<OrderChange> {
  const [skus, promotion] = await Promise.all([productsByIds((edit.add ?? []).map((add) => add.skuId)), promotionOf(order)]);
  const priced = priceLineEdit({ order, add: edit.add ?? [], remove: edit.remove ?? [], skus, promotion, newLineId: () => randomUUID().replaceAll("-", "").slice(0, 12) });
  return decide(order, priced, who, priced.takes);
}
