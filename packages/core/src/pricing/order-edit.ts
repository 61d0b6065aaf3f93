/**
 * An order's lines edited, priced, pure (orders/edit-lines.ts reads, decides with this and writes): the lines kept
 * keep the prices the customer was quoted; each line added is priced from the catalogue as a booking's or a counter
 * sale's (its price, its color and feel or its weight's areas, whether it is taxed); then the totals are added up
 * again by the one totals rule (`totalsWithPoints`, shared/totals.ts) with the order's own discount, points and tax
 * rate, so the bill (shared/bill.ts) reads them as it reads any order's.
 *
 * - The discount: the order's promotion as it is now (a percentage follows the new subtotal); a promotion gone since
 *   (or a staff member's discount) keeps its amount, never more than the new subtotal.
 * - Points redeemed stay redeemed: an edit that leaves less to pay than they are worth is refused (400).
 * - A membership's or a pack's covered line stays covered and cannot be removed (409: a cancel gives the regrip
 *   back); a line added is never covered (the cover is the booking's one regrip).
 * - Stock: a counted product added is taken, a removed line's stock the order took is given back, netted per
 *   product (one write each in the transaction); `stockTaken` becomes what the order now holds.
 * - Payment: nothing left to pay makes the order a comp (paid by its cover, else COMP); a comp that now owes is
 *   unpaid again (STRIPE: paid at the counter or by link).
 */
import type { OrderItem } from "../orders/view";
import { conflict, invalid } from "../errors";
import { coreServiceOf, isWeight, weightAreaLabel, type Product } from "../shared/catalogue";
import { isCoverNote } from "../shared/covered";
import {
  EDIT_COVERED_LINE,
  EDIT_NO_LINES_LEFT,
  EDIT_PRODUCT_UNAVAILABLE,
  EDIT_SECOND_SERVICE,
  EDIT_UNKNOWN_LINE,
  lineIdOf,
  type EditLineAdd,
} from "../shared/order-edit";
import type { Discount } from "../shared/promo";
import type { StockLine } from "../inventory";
import { outOfStock, takeOf, totalsWithPoints, weightAreasOf, type StockTake } from "./index";

/** The refusal of a product that ran out, for the edit's writer (orders/edit-lines.ts loads this module lazily). */
export { outOfStock };

/** The words when the points on the order would be worth more than what an edit leaves to pay. */
export const EDIT_POINTS_OVER =
  "The points redeemed on this order are worth more than what would be left to pay. Keep more on the order, or cancel it to give the points back.";

type StoredLine = OrderItem["lineItems"][number];

export type EditedOrder = Pick<
  OrderItem,
  | "lineItems"
  | "paddleId"
  | "promoCode"
  | "discountAmountCents"
  | "pointsRedeemed"
  | "pointsDiscountCents"
  | "taxRateBps"
  | "stockTaken"
  | "subscriptionId"
  | "packCreditId"
  | "paymentStatus"
  | "paymentMethod"
>;

export interface LineEditInput {
  order: EditedOrder;
  add: readonly EditLineAdd[];
  remove: readonly string[];
  /** The products the adds name, as the catalogue has them now. */
  skus: readonly Product[];
  /** The order's promotion as it is now; null when it has none or it is gone (its amount is kept then). */
  promotion: Discount | null;
  /** A new line's id. */
  newLineId: () => string;
}

export interface LineEdit {
  lineItems: StoredLine[];
  subtotalCents: number;
  discountAmountCents: number;
  pointsDiscountCents: number;
  taxCents: number;
  totalCents: number;
  /** What the order holds once edited. */
  stockTaken: StockLine[];
  /** Netted per product: what the transaction takes and gives back. */
  take: StockLine[];
  giveBack: StockLine[];
  /** The takes named, for the out-of-stock refusal. */
  takes: StockTake[];
  added: StoredLine[];
  removed: StoredLine[];
  /** The payment state and method when the edit changes them. */
  payment?: { paymentStatus: "unpaid" | "comp"; paymentMethod: "STRIPE" | "SUBSCRIPTION" | "PACK" | "COMP" };
}

const detailsOf = (sku: Product) => [sku.color, sku.feel].filter((part) => part && part.trim()).join(" · ") || undefined;
/** A core service's line or product (Strip and Grip, Basic Overgrip, Premium Regrip), not an add-on. */
const isServiceLine = (line: { name: string }) => !!coreServiceOf(line.name);
const isServiceSku = (sku: Product) => sku.type !== "ADD_ON" && !!coreServiceOf(sku.name);

/** Prices `input`'s edit of its order (throws the refusals: 400 for a bad choice, 409 for a rule of the order or stock). */
export function priceLineEdit(input: LineEditInput): LineEdit {
  const { order } = input;
  const lines: StoredLine[] = order.lineItems.map((line, index) => ({ ...line, id: lineIdOf(line, index) }));
  const removing = new Set(input.remove);
  for (const id of removing) if (!lines.some((line) => line.id === id)) throw invalid(EDIT_UNKNOWN_LINE);
  const covered = !!(order.subscriptionId || order.packCreditId);
  const removed = lines.filter((line) => removing.has(line.id!));
  if (covered && removed.some((line) => isCoverNote(line.description))) throw conflict(EDIT_COVERED_LINE);
  const kept = lines.filter((line) => !removing.has(line.id!));

  const byId = new Map(input.skus.map((sku) => [sku.id, sku]));
  const added: StoredLine[] = [];
  const wanted = new Map<string, number>();
  let services = kept.filter(isServiceLine).length;
  for (const add of input.add) {
    const sku = byId.get(add.skuId);
    if (!sku || !sku.isVisible || sku.type === "SUBSCRIPTION") throw invalid(EDIT_PRODUCT_UNAVAILABLE);
    // A booking is one paddle's visit: one service on it (a counter sale may sell several).
    if (isServiceSku(sku) && order.paddleId && ++services > 1) throw conflict(EDIT_SECOND_SERVICE);
    const areas = isWeight(sku) && add.options?.weightAreas?.length ? weightAreasOf(add.options.weightAreas) : undefined;
    const quantity = areas ? areas.length : (add.quantity ?? 1);
    wanted.set(sku.id, (wanted.get(sku.id) ?? 0) + quantity);
    added.push({
      id: input.newLineId(),
      skuId: sku.id,
      name: sku.name,
      description: areas ? areas.map((area) => weightAreaLabel[area]).join(", ") : detailsOf(sku),
      priceCents: sku.unitAmountCents,
      quantity,
      taxable: sku.taxable,
    });
  }
  const lineItems = [...kept, ...added];
  if (lineItems.length === 0) throw invalid(EDIT_NO_LINES_LEFT);

  // Stock: what the order took of each product, less what the removed lines give back, plus what the adds take.
  const held = new Map<string, number>();
  for (const line of order.stockTaken ?? []) held.set(line.skuId, (held.get(line.skuId) ?? 0) + line.quantity);
  const back = new Map<string, number>();
  for (const line of removed) {
    if (!line.skuId) continue;
    const left = (held.get(line.skuId) ?? 0) - (back.get(line.skuId) ?? 0);
    const giving = Math.min(line.quantity, left);
    if (giving > 0) back.set(line.skuId, (back.get(line.skuId) ?? 0) + giving);
  }
  const takes: StockTake[] = [];
  for (const [skuId, quantity] of wanted) {
    const sku = byId.get(skuId)!;
    if (sku.stockQuantity === null) continue;
    // What this edit gives back of the same product counts toward what it takes.
    const available = sku.stockQuantity + (back.get(skuId) ?? 0);
    if (available < quantity) throw outOfStock(sku, available);
    takes.push(takeOf(sku, quantity));
  }
  const take: StockLine[] = [];
  const giveBack: StockLine[] = [];
  const skuIds = new Set([...back.keys(), ...takes.map((t) => t.skuId)]);
  for (const skuId of skuIds) {
    const net = (takes.find((t) => t.skuId === skuId)?.quantity ?? 0) - (back.get(skuId) ?? 0);
    if (net > 0) take.push({ skuId, quantity: net });
    if (net < 0) giveBack.push({ skuId, quantity: -net });
    held.set(skuId, (held.get(skuId) ?? 0) + net);
  }
  const stockTaken = [...held].filter(([, quantity]) => quantity > 0).map(([skuId, quantity]) => ({ skuId, quantity }));

  // The totals by the one rule: the promotion as it is now, else the discount's amount kept; the points kept.
  const promotion = order.promoCode && input.promotion ? input.promotion : null;
  const pointsCents = order.pointsDiscountCents ?? 0;
  const points = order.pointsRedeemed
    ? { points: order.pointsRedeemed, cents: pointsCents, refusal: (dueCents: number) => (pointsCents > dueCents ? EDIT_POINTS_OVER : null) }
    : undefined;
  const totals = totalsWithPoints(
    lineItems,
    { ...(promotion ? { promotion } : { staffCents: order.discountAmountCents ?? 0 }), taxRateBps: order.taxRateBps ?? 0 },
    points,
  );
  const free = totals.totalCents === 0;
  const payment: LineEdit["payment"] =
    free && order.paymentStatus !== "comp"
      ? { paymentStatus: "comp", paymentMethod: order.subscriptionId ? "SUBSCRIPTION" : order.packCreditId ? "PACK" : "COMP" }
      : !free && order.paymentStatus === "comp"
        ? { paymentStatus: "unpaid", paymentMethod: "STRIPE" }
        : undefined;
  return {
    lineItems,
    subtotalCents: totals.subtotalCents,
    discountAmountCents: totals.discountAmountCents,
    pointsDiscountCents: totals.pointsDiscountCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    stockTaken,
    take,
    giveBack,
    takes,
    added,
    removed,
    ...(payment ? { payment } : {}),
  };
}
