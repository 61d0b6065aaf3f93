/**
 * The loyalty fields a request carries, as zod/mini schemas (issue 21): `redeemPoints` of a booking (orders/booking.ts
 * BookService) and of a storefront invoice (./storefront.ts StorefrontInvoice), and an admin's adjustment of a balance
 * (loyalty/ `adjust`, the console's form). Apart from ./loyalty.ts, which the customer pages read without zod.
 */
import * as z from "zod/mini";
import { POINTS_PER_REWARD, REDEEM_STEP_MESSAGE } from "./loyalty";

/** More points than any balance could hold: a bound, so a huge number is refused before it is priced. */
const MAX_POINTS = 1_000_000;

/**
 * Points to redeem on an order: absent, null or 0 for none (left out of the parsed form, so a form that redeems
 * nothing is sent as before), else a whole multiple of 100 (400 with the step's words). Whether the balance holds
 * them and the order is worth them is decided where the order is priced.
 */
export const RedeemPoints = z.pipe(
  z.nullish(
    z
      .number({ error: REDEEM_STEP_MESSAGE })
      .check(z.refine((n) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_POINTS && n % POINTS_PER_REWARD === 0, REDEEM_STEP_MESSAGE)),
  ),
  z.transform((value: number | null | undefined) => value || undefined),
);

export const ADJUST_POINTS_MESSAGE = "Points must be a whole number other than 0";
export const ADJUST_REASON_REQUIRED = "Give a reason for the adjustment";
export const ADJUST_REASON_MAX = 500;
export const ADJUST_REASON_TOO_LONG = `The reason must be ${ADJUST_REASON_MAX} characters or less`;

/** POST /api/admin/loyalty/{userId}/adjust: points to add (or, negative, take away) and why. */
export const PointsAdjustment = z.object({
  points: z
    .number({ error: ADJUST_POINTS_MESSAGE })
    .check(z.refine((n) => Number.isSafeInteger(n) && n !== 0 && Math.abs(n) <= MAX_POINTS, ADJUST_POINTS_MESSAGE)),
  reason: z
    .string({ error: ADJUST_REASON_REQUIRED })
    .check(z.maxLength(ADJUST_REASON_MAX * 4, ADJUST_REASON_TOO_LONG), z.trim(), z.minLength(1, ADJUST_REASON_REQUIRED), z.maxLength(ADJUST_REASON_MAX, ADJUST_REASON_TOO_LONG)),
});
