import type { EntityItem } from "electrodb";
import { db } from "../db";
import type { Promotion } from "../entities";
import { notFound } from "../errors";
import { PromoCode } from "../shared/ids";

export * as Promotions from "./index";

export type PromotionItem = EntityItem<Promotion>;

/** What GET /api/promotions/{code} answers. */
export interface PromotionView {
  code: string;
  percentage: number;
  amountCents: number;
}

/** Promo codes are upper-cased and trimmed wherever they are typed (customer-side §5): the rule of shared/ids. */
export { PromoCode };

/** An active promotion by code; inactive and unknown codes are both 404. */
export async function byCode(rawCode: string): Promise<PromotionItem> {
  const parsed = PromoCode.safeParse(rawCode);
  if (!parsed.success) throw notFound("Invalid promo code");
  const found = await db().entities.promotion.query.byCode({ code: parsed.data }).go({ limit: 1 });
  const promotion = found.data[0];
  if (!promotion) throw notFound("Invalid promo code");
  if (!promotion.isActive) throw notFound("This promo code is no longer active");
  return promotion;
}

export function view(promotion: PromotionItem): PromotionView {
  return { code: promotion.code, percentage: promotion.percentage, amountCents: promotion.amountCents };
}
