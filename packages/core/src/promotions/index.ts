/**
 * Promotions: the code a customer or the counter types (`byCode`, read by pricing on every booking and storefront
 * invoice) and the admin's list, create, edit, toggle and delete (docs/api-admin.md, data-model A17 to A20).
 *
 * A code is unique through its `promoCode` uniqueValue item (value the code, owner the promotion id), written
 * in the same transaction as the promotion; renaming a code moves the reservation in the transaction that
 * renames it, and deleting a promotion deletes it. `byCode` resolves a code through that item and the
 * promotion, both strongly consistent reads on the table's own keys, and nothing caches either: a code
 * deactivated, renamed or deleted stops applying on the very next request.
 */
import * as z from "zod/mini";
import { fn } from "../actor/fn";
import { db } from "../db";
import type { PromotionItem } from "./admin";
import { uniqueKey } from "../entities";
import { notFound } from "../errors";
import { boundedParam, PromoCode } from "../shared/ids";
import { PROMO_CODE_INVALID } from "../shared/promo";

export * as Promotions from "./index";


/** What GET /api/promotions/{code} answers. */
export interface PromotionView {
  code: string;
  percentage: number;
  amountCents: number;
}

/** Promo codes are upper-cased and trimmed wherever they are typed: the rule of shared/ids. */
export { PromoCode };

/** The promotion holding `code` now, or null: its reservation, then the promotion, both read consistently. */
async function holderOf(code: string): Promise<PromotionItem | null> {
  const { data: reservation } = await db().entities.uniqueValue.get(uniqueKey("promoCode", code)).go({ consistent: true });
  if (!reservation) return null;
  const { data: promotion } = await db().entities.promotion.get({ id: reservation.ownerId }).go({ consistent: true });
  return promotion && promotion.code === code ? promotion : null;
}

/** An active promotion by code; inactive and unknown codes are both 404. */
export async function byCode(rawCode: string): Promise<PromotionItem> {
  const parsed = PromoCode.safeParse(rawCode);
  if (!parsed.success) throw notFound(PROMO_CODE_INVALID);
  const promotion = await holderOf(parsed.data);
  if (!promotion) throw notFound(PROMO_CODE_INVALID);
  if (!promotion.isActive) throw notFound("This promo code is no longer active");
  return promotion;
}

export function view(promotion: PromotionItem): PromotionView {
  return { code: promotion.code, percentage: promotion.percentage, amountCents: promotion.amountCents };
}

const GetInput = z.object({ code: boundedParam(PROMO_CODE_INVALID) });
/** GET /api/promotions/{code}: an active code's discount, for anyone (the booking page checks a code as typed). */
export const get = /* @__PURE__ */ fn({ role: "public", input: GetInput }, async (_actor, { code }) =>
  view(await byCode(code)),
);

/* The admin's list, create, edit and delete: their own module, so a route that only reads codes leaves them out. */
export * from "./admin";
