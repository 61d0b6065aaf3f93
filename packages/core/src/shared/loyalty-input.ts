/**
 * The points to redeem a request carries, as a zod/mini schema: `redeemPoints` of a booking
 * (orders/booking.ts BookService) and of a storefront invoice (./storefront.ts StorefrontInvoice).
 *
 * Only its kind is checked here: the rules (a step of 100, at most the balance, worth no more than is left to pay;
 * shared/loyalty.ts `redeemRefusal`, 400 with their words) are checked where the order is priced, by the code that
 * loads only with a redemption (loyalty/redeem.ts), so the booking's and the invoice's Lambdas, within a KB or two
 * of the 300 KB budget, carry none of it for an order that redeems nothing (npm run bench:lambda).
 */
import * as z from "zod/mini";

export const REDEEM_POINTS_NOT_A_NUMBER = "Points to redeem must be a number";

/** Absent, null or 0 for none (left out of the parsed form, so a form that redeems nothing is sent as before). */
export const RedeemPoints = z.pipe(
  z.nullish(z.number({ error: REDEEM_POINTS_NOT_A_NUMBER })),
  z.transform((value: number | null | undefined) => value || undefined),
);
