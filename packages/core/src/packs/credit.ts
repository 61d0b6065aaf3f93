/**
 * A pack's credit applied to a booking (orders/booking.ts), like the membership's allowance
 * (memberships/allowance.ts) and after it: a regrip the membership does not cover is covered by a bought pack
 * whose core services include the booked one, with a credit left and not expired (shared/packs.ts `coversService`);
 * of several, the one that expires first.
 *
 * `takeCredit` is the credit taken in the order's own transaction: a conditional update of the packCredit item
 * (paid, fewer used than it holds, not expired at the booking's time). Of orders racing for the last credit one
 * commits and the others' transactions are cancelled on `PACK_CREDIT_LABEL`: each is refused with a 409
 * (`PACK_CREDIT_JUST_USED`), never charged behind the customer's back. A cancel gives it back once
 * (./credit-return.ts).
 */
import type { LabelledWrite, TransactionEntities } from "../db/labelled";
import { coverLine } from "../memberships/allowance";
import type { PointsToRedeem } from "../pricing";
import type { TotalsDiscount } from "../shared/totals";
import { conflict } from "../errors";
import { byExpiry, coversService, PACK_CREDIT_JUST_USED } from "../shared/packs";
import { PACK_COVERED_LINE_NOTE } from "../shared/covered";
import { coreServiceOf } from "../shared/catalogue";
import { paidCreditsOf, type PackCreditItem } from "./read";

export { PACK_COVERED_LINE_NOTE };

const PACK_CREDIT_LABEL = "pack-credit";

/** The bought pack that covers a regrip of the service sku named `skuName` at `now`, or undefined. */
export async function packCoverageOf(userId: string, skuName: string, now: Date): Promise<PackCreditItem | undefined> {
  const covering = (await paidCreditsOf(userId, { consistent: true })).filter((credit) => coversService(credit, skuName, now));
  // The one that expires first (one that never expires last), so no credit is lost to its expiry.
  return covering.sort((a, b) => byExpiry(a, b))[0];
}

/** The order fields of a pack-covered order: which pack, what it covered; a comp by the pack when nothing is left to pay. */
export function packCoveredOrder(credit: PackCreditItem, coveredCents: number, totalCents: number) {
  return {
    packCreditId: credit.id,
    coveredCents,
    ...(totalCents === 0 ? { paymentMethod: "PACK" as const, paymentStatus: "comp" as const } : {}),
  };
}

/** The credit taken, in the order's transaction: one more used, on condition it is paid, has one left and has not expired at `at`. */
export function takeCredit(entities: TransactionEntities, credit: PackCreditItem, at: string): LabelledWrite[] {
  const write = entities.packCredit
    .patch({ userId: credit.userId, id: credit.id })
    .add({ used: 1 })
    .where((a, { eq, lt, gt, notExists }) => `${eq(a.status, "paid")} AND ${lt(a.used, credit.regrips)} AND (${notExists(a.expiresAt)} OR ${gt(a.expiresAt, at)})`)
    .commit();
  return [{ label: PACK_CREDIT_LABEL, write }];
}

/** The 409 when the credit's write lost. */
export const packCreditRefusal = (failed: readonly string[]) => (failed.includes(PACK_CREDIT_LABEL) ? conflict(PACK_CREDIT_JUST_USED) : undefined);

interface PricedLine {
  priceCents: number;
  quantity: number;
  description?: string;
}

/**
 * A counter sale's pack credit (storefront/, when no membership covers it): one unit of line `index` (a core
 * service's sku named `skuName`) covered by the customer's pack that covers it, the totals added up again; the
 * order's fields, the credit's write and its refusal to add to the sale's own. Undefined when no pack covers it.
 */
export async function packCover<L extends PricedLine, P extends { lineItems: L[]; subtotalCents: number; discountAmountCents: number; totalCents: number }>(
  userId: string,
  priced: P,
  index: number,
  skuName: string,
  discount: Omit<TotalsDiscount, "pointsCents">,
  points: PointsToRedeem | undefined,
  now: Date,
) {
  // Not a core service (a quick sale's own regrip sku): no pack covers it, and nothing is read.
  const credit = coreServiceOf(skuName) ? await packCoverageOf(userId, skuName, now) : undefined;
  if (!credit) return undefined;
  const covered = coverLine(priced, index, discount, points, PACK_COVERED_LINE_NOTE);
  return {
    priced: covered,
    fields: packCoveredOrder(credit, covered.coveredCents, covered.totalCents),
    writes: (entities: TransactionEntities) => takeCredit(entities, credit, now.toISOString()),
    refusal: packCreditRefusal,
  };
}

/** A counter sale's cover as storefront/ builds it: the membership's, or none. */
interface SaleCover<P> {
  priced: P;
  fields: Record<string, unknown>;
  writes: (entities: TransactionEntities) => LabelledWrite[];
  refusal: (failed: readonly string[]) => ReturnType<typeof packCreditRefusal>;
}

/** `cover` when a membership covers the sale (or it has no core line); else the customer's pack's cover of line `index`, when one covers it. */
export async function orPack<P extends { lineItems: PricedLine[]; subtotalCents: number; discountAmountCents: number; totalCents: number }, C extends SaleCover<P>>(
  cover: C,
  userId: string,
  full: P,
  index: number,
  skuName: string | undefined,
  discount: Omit<TotalsDiscount, "pointsCents">,
  points: PointsToRedeem | undefined,
  now: Date,
): Promise<C | (SaleCover<P> & { fields: ReturnType<typeof packCoveredOrder> })> {
  if ("subscriptionId" in cover.fields || index < 0 || !skuName) return cover;
  return (await packCover(userId, full, index, skuName, discount, points, now)) ?? cover;
}
