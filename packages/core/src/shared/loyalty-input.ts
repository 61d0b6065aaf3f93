/**
 * The points to redeem a request carries, as a zod/mini schema (issue 21): `redeemPoints` of a booking
 * (orders/booking.ts BookService) and of a storefront invoice (./storefront.ts StorefrontInvoice). Apart from
 * ./loyalty.ts, which the customer pages read without zod, and from ./loyalty-adjust.ts, so the booking's and the
 * invoice's Lambdas carry no more than they parse.
 */
import * as z from "zod/mini";
import { POINTS_PER_REWARD, REDEEM_STEP_MESSAGE } from "./loyalty-step";

/** More points than any balance could hold: a bound, so a huge number is refused before it is priced or written. */
export const MAX_POINTS = 1_000_000;

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
