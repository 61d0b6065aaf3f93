/**
 * The booking page's choices and what they add up to, as pure functions. The
 * totals are for the customer's eyes only: the server prices the order.
 */
import type { Catalogue, CatalogueProduct, CoreService } from "../../data/catalogue";
import { defaultDropoffLocation, type BookableLocation } from "../../data/orders";
import { edgeKind, isWeight, LOW_STOCK_THRESHOLD, WEIGHT_AREAS, weightAreaLabel, type WeightArea } from "@regrip/core/shared/catalogue";
import type { Discount as Promotion } from "@regrip/core/shared/promo";
import { orderTotals, type OrderTotals } from "@regrip/core/shared/totals";
import { BAG_CODE_LENGTH, BAG_NUMBER_INVALID, isBookingBagNumber } from "@regrip/core/shared/bags";
import type { GripPrefsInput } from "@regrip/core/shared/grip-prefs";
import { coversPaddle, PLAN_TERMS, type MembershipView } from "@regrip/core/shared/membership";
import { PACK_COVERED_LINE_NOTE } from "@regrip/core/shared/covered";
import { balanceWords, byExpiry, coversService, type PackCreditView } from "@regrip/core/shared/packs";
import { maxRedeemable, POINTS_PER_REWARD, redeemCents } from "@regrip/core/shared/loyalty";
import { isWhereComplete, whereRequest, type WhereWhen } from "./where-when";

/** The weight's areas in the page's order, with their labels (the rule and the words live in @regrip/core). */
export const weightAreas = WEIGHT_AREAS.map((value) => ({ value, label: weightAreaLabel[value] }));
export type { WeightArea };

export interface BookingSelection {
  paddleId?: string;
  /** The core service variant's sku id. */
  serviceSkuId?: string;
  grips: string[];
  weight?: { skuId: string; areas: WeightArea[] };
  edgeTape?: string;
  edgeGuard?: string;
  others: string[];
  promo?: Promotion;
  /** The drop-off shop (a shop drop-off, or a delivery club's). */
  location: BookableLocation;
  /** The where-and-when step: a shop and a time, an onsite day, or a delivery club (./where-when). */
  where: WhereWhen;
  bagNumber: string;
  /** "I don't have a bag yet": the server assigns a free bag, which the shop hands over at drop-off. */
  needsBag: boolean;
  notes: string;
  /** Points the customer chose to use (a multiple of 100; held to what the order and the balance allow, `usablePoints`). */
  redeemPoints: number;
}

export function emptySelection(paddleId?: string): BookingSelection {
  return {
    paddleId,
    grips: [],
    others: [],
    location: defaultDropoffLocation,
    where: { kind: "shop" },
    bagNumber: "",
    needsBag: false,
    notes: "",
    redeemPoints: 0,
  };
}

/** After a booking: everything starts over; the paddle stays only when it is the customer's only one. */
export function selectionAfterBooking(selection: BookingSelection, paddleCount: number): BookingSelection {
  return emptySelection(paddleCount === 1 ? selection.paddleId : undefined);
}

/**
 * The customer's grip preferences (Shop Tools, `defaultPrefs`) applied to a selection: their drop-off location,
 * and their core service's variant when nothing is chosen yet and that variant is offered and in stock (a service
 * with colors or tacks needs the preferred ones, or a single one to take).
 */
export function withPrefs(selection: BookingSelection, prefs: GripPrefsInput | null | undefined, catalogue: Catalogue | undefined): BookingSelection {
  if (!prefs) return selection;
  let next = selection;
  if (prefs.location) next = { ...next, location: prefs.location };
  const service = prefs.service ? catalogue?.coreServices.find((s) => s.name === prefs.service) : undefined;
  if (!next.serviceSkuId && service?.isInStock) {
    const only = (values: string[]) => (values.length === 1 ? values[0] : undefined);
    const { sku } = coreVariant(service, prefs.color ?? only(service.colors), prefs.feel ?? only(service.feels));
    if (sku) next = { ...next, serviceSkuId: sku.id };
  }
  return next;
}

/** What an earlier order names, for Book again: its paddle and its lines (GET /api/orders/{id}). */
export interface AgainOrder {
  paddleId: string | null;
  lineItems: readonly { skuId: string | null; name: string; description: string | null }[];
}

export interface AgainChoice {
  selection: BookingSelection;
  /** The order's paddle is in the shop on an open order (one open order per paddle): it is not chosen. */
  paddleInShop: boolean;
  /** The order's lines the catalogue no longer offers (gone, or out of stock), by name: not chosen. */
  dropped: string[];
}

/** The weight's areas as its order line describes them (pricing writes their labels, joined by ", "). */
function areasOf(description: string | null): WeightArea[] {
  const labels = (description ?? "").split(", ");
  return WEIGHT_AREAS.filter((area) => labels.includes(weightAreaLabel[area]));
}

/**
 * Book again (shared/book-again.ts): `order`'s paddle, core service and add-ons chosen again in `selection`, each
 * only while the catalogue still offers it in stock, and nothing else of the order (not its place, notes, promo or
 * price: the server prices the new booking from the catalogue). The paddle only when it is one of `bookablePaddleIds`.
 */
export function againSelection(selection: BookingSelection, order: AgainOrder, catalogue: Catalogue, bookablePaddleIds: readonly string[]): AgainChoice {
  const paddleFree = !!order.paddleId && bookablePaddleIds.includes(order.paddleId);
  const next: BookingSelection = {
    ...selection,
    paddleId: paddleFree ? order.paddleId! : selection.paddleId,
    serviceSkuId: undefined,
    grips: [],
    weight: undefined,
    edgeTape: undefined,
    edgeGuard: undefined,
    others: [],
  };
  const dropped: string[] = [];
  for (const line of order.lineItems) {
    const named = line.description ? `${line.name} (${line.description})` : line.name;
    const core = line.skuId ? catalogue.coreServices.flatMap((service) => service.skus).find((sku) => sku.id === line.skuId) : undefined;
    if (core) {
      if (core.isInStock && !next.serviceSkuId) next.serviceSkuId = core.id;
      else dropped.push(named);
      continue;
    }
    const group = (Object.keys(catalogue.addOnServices) as (keyof Catalogue["addOnServices"])[]).find((key) =>
      catalogue.addOnServices[key].some((item) => item.id === line.skuId),
    );
    const item = group ? catalogue.addOnServices[group].find((candidate) => candidate.id === line.skuId) : undefined;
    const areas = item && isAreaWeight(item) ? areasOf(line.description) : [];
    if (!group || !item || !item.isInStock || (isAreaWeight(item) && areas.length === 0)) {
      dropped.push(named);
      continue;
    }
    if (group === "GRIP") next.grips = [...next.grips, item.id];
    else if (group === "EDGE") Object.assign(next, isEdgeGuard(item) ? { edgeGuard: item.id } : { edgeTape: item.id });
    else if (isAreaWeight(item)) next.weight = { skuId: item.id, areas };
    else next.others = [...next.others, item.id];
  }
  return { selection: next, paddleInShop: !!order.paddleId && !paddleFree, dropped };
}

/** 'Only N left' at 5 or fewer (and above 0); nothing for unlimited or plentiful stock. */
export function lowStockNote(stock: number | null | undefined): string | undefined {
  return stock !== null && stock !== undefined && stock > 0 && stock <= LOW_STOCK_THRESHOLD ? `Only ${stock} left` : undefined;
}

/** Edge guards are the edge products named 'premium'; the rest is tape. */
export function isEdgeGuard(item: Pick<CatalogueProduct, "name" | "category">): boolean {
  return edgeKind(item) === "guard";
}

/** The weight add-on priced per area is the one named 'performance'. */
export function isAreaWeight(item: Pick<CatalogueProduct, "name" | "category">): boolean {
  return isWeight(item);
}

/** Guards grouped by product name, one entry per color. */
export function edgeGuardGroups(edge: CatalogueProduct[]): { name: string; items: CatalogueProduct[] }[] {
  const groups = new Map<string, CatalogueProduct[]>();
  for (const item of edge.filter(isEdgeGuard)) groups.set(item.name, [...(groups.get(item.name) ?? []), item]);
  return [...groups].map(([name, items]) => ({ name, items }));
}

export function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/** A tape or guard replaces the one of its kind; picking the chosen tape again takes it off. */
export function chooseEdge(selection: BookingSelection, item: CatalogueProduct): BookingSelection {
  if (isEdgeGuard(item)) return { ...selection, edgeGuard: item.id };
  return { ...selection, edgeTape: selection.edgeTape === item.id ? undefined : item.id };
}

export type VariantProblem =
  | "Please choose a grip color"
  | "Please choose a grip tack"
  | "That combination isn't offered"
  | "That combination is out of stock";

/** The core service's sku for a color and tack: required when the service has them, and in stock. */
export function coreVariant(service: CoreService, color?: string, feel?: string): { sku?: CatalogueProduct; problem?: VariantProblem } {
  if (service.colors.length > 0 && !color) return { problem: "Please choose a grip color" };
  if (service.feels.length > 0 && !feel) return { problem: "Please choose a grip tack" };
  const sku = service.skus.find(
    (s) => (service.colors.length === 0 || s.color === color) && (service.feels.length === 0 || s.feel === feel),
  );
  if (!sku) return { problem: "That combination isn't offered" };
  if (!sku.isInStock) return { problem: "That combination is out of stock" };
  return { sku };
}

export function findItem(catalogue: Catalogue | undefined, id: string | undefined): CatalogueProduct | undefined {
  if (!catalogue || !id) return undefined;
  for (const service of catalogue.coreServices) {
    const sku = service.skus.find((s) => s.id === id);
    if (sku) return sku;
  }
  for (const items of Object.values(catalogue.addOnServices)) {
    const item = items.find((i) => i.id === id);
    if (item) return item;
  }
  return undefined;
}

export interface SummaryLine {
  id: string;
  label: string;
  detail?: string;
  cents: number;
  /** The core service covered by the customer's membership: `cents` is 0, `fullCents` what it would cost. */
  covered?: boolean;
  /** What covers it, when a pack's credit does ("Covered by your pack · 2 of 3 regrips left"); else the membership's note. */
  coverNote?: string;
  fullCents?: number;
  /** Goods carry sales tax; labour does not (the product's `taxable`). */
  taxable?: boolean;
}

const detailOf = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ") || undefined;

export function areaLabels(areas: readonly WeightArea[]): string {
  return weightAreas
    .filter((area) => areas.includes(area.value))
    .map((area) => area.label)
    .join(", ");
}

/** The summary's lines, in the order the page shows the sections. */
export function summaryLines(selection: BookingSelection, catalogue: Catalogue | undefined): SummaryLine[] {
  const lines: SummaryLine[] = [];
  const add = (id: string | undefined, detail?: (item: CatalogueProduct) => string | undefined, quantity = 1) => {
    const item = findItem(catalogue, id);
    if (item) lines.push({ id: item.id, label: item.name, detail: detail?.(item), cents: item.price * quantity, taxable: item.taxable });
  };
  add(selection.serviceSkuId, (item) => detailOf(item.color, item.feel));
  for (const id of selection.grips) add(id, (item) => detailOf(item.color));
  if (selection.weight) {
    const { areas } = selection.weight;
    add(selection.weight.skuId, () => `${areas.length} ${areas.length === 1 ? "area" : "areas"}: ${areaLabels(areas)}`, areas.length);
  }
  add(selection.edgeTape);
  add(selection.edgeGuard, (item) => detailOf(item.color));
  for (const id of selection.others) add(id);
  return lines;
}

/**
 * Whether the customer's plan (GET /api/subscriptions) covers a regrip of this paddle now: `coversPaddle`, with the
 * view's regrips left standing for the period's usage (the view carries the count left, not the count used).
 */
export function isCovered(view: MembershipView | undefined, paddleId: string | undefined): boolean {
  if (!view?.plan || !paddleId) return false;
  const perPeriod = PLAN_TERMS[view.plan].regripsPerPeriod;
  return coversPaddle(
    { ...view, plan: view.plan, regripsUsed: perPeriod - Math.max(0, view.regripsLeft), usagePeriodEnd: view.currentPeriodEnd },
    paddleId,
  );
}

/** The lines with the core service (the selection's core sku) covered by the membership: $0, its price kept to show. */
export function coverCore(lines: SummaryLine[], serviceSkuId: string | undefined, covered: boolean, coverNote?: string): SummaryLine[] {
  if (!covered || !serviceSkuId) return lines;
  return lines.map((line) => (line.id === serviceSkuId ? { ...line, cents: 0, covered: true, fullCents: line.cents, ...(coverNote ? { coverNote } : {}) } : line));
}

/**
 * The bought pack that covers a regrip of core service `serviceName` now, as the server picks it (packs/credit.ts:
 * one with a credit left, the one that expires first), from GET /api/packs/mine; undefined for none.
 */
export function coveringPack(packs: readonly PackCreditView[] | undefined, serviceName: string | undefined): PackCreditView | undefined {
  if (!packs || !serviceName) return undefined;
  const now = new Date();
  return packs
    .filter((pack) => coversService({ status: "paid", regrips: pack.regrips, used: pack.regrips - pack.left, expiresAt: pack.expiresAt, services: pack.services }, serviceName, now))
    .sort((a, b) => byExpiry(a, b))[0];
}

/** The covered line's note for a pack: its words and what will be left after this booking. */
export const packCoverNote = (pack: PackCreditView) => `${PACK_COVERED_LINE_NOTE} · ${balanceWords({ left: pack.left - 1, regrips: pack.regrips })} after this booking`;

export type Totals = OrderTotals;

/**
 * The summary's totals, added up as the server prices the order (shared/totals): promotion, then points, then the
 * sales tax of the place the order is taxed at (`taxRateBps`, the catalogue's rate of the shop or of onsite days)
 * on the goods.
 */
export function totals(lines: SummaryLine[], promo: Promotion | undefined, points = 0, taxRateBps = 0): Totals {
  return orderTotals(
    lines.map((line) => ({ priceCents: line.cents, quantity: 1, taxable: !!line.taxable })),
    { promotion: promo, pointsCents: redeemCents(points), taxRateBps },
  );
}

/** The place a booking is taxed at: ONSITE for a club day, else its shop (a delivery run drops off at the shop). */
export const taxPlaceOf = (kind: string, location: "LITTLETON" | "HIGHLANDS_RANCH"): "LITTLETON" | "HIGHLANDS_RANCH" | "ONSITE" => (kind === "onsite" ? "ONSITE" : location);

/** The points that can be used now: the chosen ones, held to the balance and to what is left to pay. */
export function usablePoints(chosen: number, balance: number, dueCents: number): number {
  return Math.min(Math.max(0, chosen), maxRedeemable(balance, dueCents));
}

/** The choices of the summary's Use points: 0, 100, 200... up to the most this order can take. */
export function pointsChoices(balance: number, dueCents: number): number[] {
  const most = maxRedeemable(balance, dueCents);
  return Array.from({ length: most / POINTS_PER_REWARD + 1 }, (_, step) => step * POINTS_PER_REWARD);
}

/** The bag number field's refusal of what is typed, shown under it (nothing typed is cut short): a letter, or over 3 digits. */
export function bagNumberProblem(value: string): string | undefined {
  return /\D/.test(value) || value.length > BAG_CODE_LENGTH ? BAG_NUMBER_INVALID : undefined;
}

/** A bag number, or "I don't have a bag yet". */
const hasBag = (selection: Pick<BookingSelection, "bagNumber" | "needsBag">): boolean =>
  selection.needsBag || isBookingBagNumber(selection.bagNumber);

/** A paddle, a core service, a bag (or none yet) and where and when: what the Book button waits for. */
export function isComplete(selection: BookingSelection): boolean {
  return !!selection.paddleId && !!selection.serviceSkuId && hasBag(selection) && !!selection.location && isWhereComplete(selection.where);
}

/** POST /api/book-service's body (docs/api.md): sku ids only, never a price. */
export interface BookingRequest {
  paddleId: string;
  bagNumber: string;
  /** The server assigns a free bag (bagNumber is then empty). */
  needsBag?: true;
  /** The drop-off shop; left out for an onsite day (the server ignores it there). */
  dropoffLocation?: BookableLocation;
  isOnsite: boolean;
  /** The drop-off instant (ISO) at the shop. */
  dropoffDateTime?: string;
  /** The onsite day's event. */
  scheduleEventId?: string;
  /** A delivery club's locationKey (the pickup there). */
  pickupLocation?: string;
  service: string;
  addOns: string[];
  weightAreas?: WeightArea[];
  customerNotes?: string;
  promoCode?: string;
  redeemPoints?: number;
}

export function bookingRequest(selection: BookingSelection): BookingRequest {
  if (!selection.paddleId || !selection.serviceSkuId) throw new Error("A booking needs a paddle and a core service");
  const addOns = [
    ...selection.grips,
    ...(selection.weight ? [selection.weight.skuId] : []),
    ...(selection.edgeTape ? [selection.edgeTape] : []),
    ...(selection.edgeGuard ? [selection.edgeGuard] : []),
    ...selection.others,
  ];
  const notes = selection.notes.trim();
  const where = whereRequest(selection.where);
  return {
    paddleId: selection.paddleId,
    bagNumber: selection.needsBag ? "" : selection.bagNumber.trim(),
    ...(selection.needsBag ? { needsBag: true as const } : {}),
    ...(where.isOnsite ? {} : { dropoffLocation: selection.location }),
    ...where,
    service: selection.serviceSkuId,
    addOns,
    ...(selection.weight ? { weightAreas: selection.weight.areas } : {}),
    ...(notes ? { customerNotes: notes } : {}),
    ...(selection.promo ? { promoCode: selection.promo.code } : {}),
    ...(selection.redeemPoints > 0 ? { redeemPoints: selection.redeemPoints } : {}),
  };
}

/** Which part of the page a booking's refusal belongs under. */
export type BookingErrorField = "paddle" | "bag" | "where" | "form";
export interface BookingFailure {
  field: BookingErrorField;
  message: string;
}

/** The field a refusal of POST /api/book-service is about, by its words (the server's messages, shared/). */
export function bookingErrorField(message: string): BookingErrorField {
  if (/is already in the shop on order|Paddle not found/i.test(message)) return "paddle";
  if (/\bbag\b/i.test(message)) return "bag";
  if (/drop-off|club day|delivery run|event|is open .* on |is closed on/i.test(message)) return "where";
  return "form";
}
