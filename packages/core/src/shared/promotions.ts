/**
 * Promotions as admins make them (docs/api-admin.md): the schemas the
 * routes parse with and the Promotions page checks with, every message word for word, and the view the API
 * answers. Browser-safe, zod/mini. How a promotion prices a cart is ./promo.
 */
import * as z from "zod/mini";
import { typedPromoCode } from "./ids";
import { dollarsToCents as moneyToCents } from "./money";

/** What GET/POST/PATCH /api/admin/promotions answer for a promotion. */
export interface PromotionAdminView {
  id: string;
  code: string;
  /** 0 to 100. */
  percentage: number;
  amountCents: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface PromotionPage {
  items: PromotionAdminView[];
  /** Hand back as `?cursor=` for the next page; null on the last page. */
  cursor: string | null;
}

// The spec's messages, word for word.
export const PROMOTION_CODE_REQUIRED = "Code is required";
export const PROMOTION_CODE_TOO_LONG = "Code too long";
export const PROMOTION_DISCOUNT_REQUIRED = "Either percentage or amount must be greater than 0";
/** A code takes a percentage or an amount off, never both: pricing would apply the percentage alone (shared/promo.ts). */
export const PROMOTION_ONE_DISCOUNT = "Choose one: a percentage or an amount off, not both";
// The spec gives these rules no words of their own.
export const PROMOTION_CODE_CHARACTERS = "Code can only contain letters, digits, - and _";
export const PROMOTION_PERCENTAGE_RANGE = "Percentage must be a whole number from 0 to 100";
export const PROMOTION_AMOUNT_MIN = "Amount must be at least 0";
/** $10,000: far above any cart, and a number DynamoDB stores exactly. */
export const PROMOTION_AMOUNT_MAX_CENTS = 1_000_000;
export const PROMOTION_AMOUNT_TOO_BIG = "Amount must be at most $10,000.00";
export const PROMOTION_AMOUNT_CENTS = "Amount must be a whole number of cents";
export const PROMOTION_ACTIVE_FLAG = "isActive must be true or false";
export const PROMOTION_NOTHING_TO_CHANGE = "Send code, percentage, amountCents or isActive";
export const PROMOTION_CODE_TAKEN = "A promotion with this code already exists";
export const PROMOTION_NOT_FOUND = "Promotion not found";
export const PROMOTION_CHANGED_WHILE_SAVING = "This promotion changed while saving. Please try again.";

// The page's toasts, the spec's words.
export const PROMOTION_CREATED = "Promotion Created";
export const PROMOTION_UPDATED = "Promotion Updated";
export const PROMOTION_DELETED = "Promotion Deleted";
export const PROMOTION_CREATE_FAILED = "Failed to create promotion";
export const PROMOTION_UPDATE_FAILED = "Failed to update promotion";
export const PROMOTION_DELETE_FAILED = "Failed to delete promotion";

/** The admin's code field: the promo code rule (./ids `typedPromoCode`) in the promotion form's words. */
export const PromotionCode = typedPromoCode({
  notText: PROMOTION_CODE_REQUIRED,
  empty: PROMOTION_CODE_REQUIRED,
  tooLong: PROMOTION_CODE_TOO_LONG,
  characters: PROMOTION_CODE_CHARACTERS,
});

export const PromotionPercentage = z.number({ error: PROMOTION_PERCENTAGE_RANGE }).check(
  z.refine((n: number) => Number.isInteger(n) && n >= 0 && n <= 100, PROMOTION_PERCENTAGE_RANGE),
);

export const PromotionAmountCents = z.number({ error: PROMOTION_AMOUNT_MIN }).check(
  z.refine((n: number) => n >= 0, { message: PROMOTION_AMOUNT_MIN, abort: true }),
  z.refine((n: number) => n <= PROMOTION_AMOUNT_MAX_CENTS, { message: PROMOTION_AMOUNT_TOO_BIG, abort: true }),
  z.refine((n: number) => Number.isInteger(n), PROMOTION_AMOUNT_CENTS),
);

/** At least one of the two above 0: a promotion that takes nothing off is a mistake. */
export function hasDiscount(promotion: { percentage: number; amountCents: number }): boolean {
  return promotion.percentage > 0 || promotion.amountCents > 0;
}

/** Both a percentage and an amount: refused (`PROMOTION_ONE_DISCOUNT`), on a new promotion and after a change. */
export function hasBothDiscounts(promotion: { percentage: number; amountCents: number }): boolean {
  return promotion.percentage > 0 && promotion.amountCents > 0;
}

/**
 * `POST /api/admin/promotions` `{ code, percentage?, amountCents?, isActive? }`, and the page's create and edit
 * dialog. A missing percentage or amount is 0; a new promotion is active unless `isActive: false`.
 */
export const PromotionInput = z
  .object({
    code: PromotionCode,
    percentage: z._default(PromotionPercentage, 0),
    amountCents: z._default(PromotionAmountCents, 0),
    isActive: z._default(z.boolean({ error: PROMOTION_ACTIVE_FLAG }), true),
  })
  .check(
    z.refine((p) => hasDiscount(p), { message: PROMOTION_DISCOUNT_REQUIRED, path: ["percentage"], when: (payload) => payload.issues.length === 0 }),
    z.refine((p) => !hasBothDiscounts(p), { message: PROMOTION_ONE_DISCOUNT, path: ["amountCents"], when: (payload) => payload.issues.length === 0 }),
  );
export type PromotionInput = z.output<typeof PromotionInput>;

/**
 * `PATCH /api/admin/promotions/{id}`: any of the fields. The one-above-0 rule is checked by the server on the
 * promotion as it would be after the change.
 */
export const PromotionPatch = z
  .object({
    code: z.optional(PromotionCode),
    percentage: z.optional(PromotionPercentage),
    amountCents: z.optional(PromotionAmountCents),
    isActive: z.optional(z.boolean({ error: PROMOTION_ACTIVE_FLAG })),
  })
  .check(
    z.refine((p) => Object.values(p).some((value) => value !== undefined), {
      message: PROMOTION_NOTHING_TO_CHANGE,
      when: (payload) => payload.issues.length === 0,
    }),
  );
export type PromotionPatch = z.output<typeof PromotionPatch>;

/** The dialog's fields as typed: the amount in dollars. */
export interface PromotionFormValues {
  code: string;
  percentage: string;
  amount: string;
}

/** The amount as typed to cents by the shop's one rule (./money, rounded: `1.005` is 101); empty is 0; not a number NaN. */
export function dollarsToCents(text: string): number {
  return text.trim() === "" ? 0 : moneyToCents(text);
}

/** The dialog's values as the request body (amount in cents); empty numbers are 0. */
export function promotionFromForm(values: PromotionFormValues): { code: string; percentage: number; amountCents: number } {
  const percentage = values.percentage.trim() === "" ? 0 : Number(values.percentage.trim());
  return { code: values.code, percentage, amountCents: dollarsToCents(values.amount) };
}

/** The dialog's errors by field (`amount` for amountCents), from the server's own schema. */
export function promotionFormErrors(values: PromotionFormValues): Partial<Record<keyof PromotionFormValues, string>> {
  const parsed = z.safeParse(PromotionInput, promotionFromForm(values));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof PromotionFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === "amountCents" ? "amount" : issue.path[0] === "percentage" ? "percentage" : "code";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A promotion's dialog values, for editing it. */
export function promotionFormValues(promotion: Pick<PromotionAdminView, "code" | "percentage" | "amountCents"> | undefined): PromotionFormValues {
  if (!promotion) return { code: "", percentage: "", amount: "" };
  return {
    code: promotion.code,
    percentage: promotion.percentage ? String(promotion.percentage) : "",
    amount: promotion.amountCents ? (promotion.amountCents / 100).toFixed(2) : "",
  };
}
