/**
 * An admin's adjustment of a points balance (POST /api/admin/loyalty/{userId}/adjust, loyalty/ `adjust`,
 * the console's form), as a zod/mini schema with its words.
 */
import * as z from "zod/mini";

/** More points than any balance could hold. */
const MAX_POINTS = 1_000_000;

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
