/**
 * The booking request's typed fields as zod schemas (docs/api.md POST /api/book-service), for the server's
 * BookService (orders/booking.ts). Browser-safe, zod/mini; the booking page checks the bag number with the same
 * rule without zod (`isBookingBagNumber`, ./bags).
 */
import * as z from "zod/mini";
import { BAG_CODE_LENGTH, BAG_NUMBER_INVALID, BOOKING_BAG_NUMBER_PATTERN } from "./bags";
import { BOOKING_REQUIRED } from "./booking";

/** A missing field is "required"; one of the wrong kind gets the field's own message. */
export const requiredOr = (message = BOOKING_REQUIRED) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? BOOKING_REQUIRED : message),
});

/** The bag the paddle is dropped off in: its 3-digit number. */
export const BookingBagNumber = z
  .string(requiredOr(BAG_NUMBER_INVALID))
  .check(
    z.trim(),
    z.minLength(1, BOOKING_REQUIRED),
    z.maxLength(BAG_CODE_LENGTH, BAG_NUMBER_INVALID),
    z.regex(BOOKING_BAG_NUMBER_PATTERN, BAG_NUMBER_INVALID),
  );

/** The bag number when "I don't have a bag yet" may leave it empty: absent, null or blank is none; else `BookingBagNumber`'s rule. */
export const BookingBagNumberOrNone = z.pipe(
  z.nullish(
    z
      .string({ error: BAG_NUMBER_INVALID })
      .check(z.trim(), z.maxLength(BAG_CODE_LENGTH, BAG_NUMBER_INVALID), z.refine((value) => value === "" || BOOKING_BAG_NUMBER_PATTERN.test(value), BAG_NUMBER_INVALID)),
  ),
  z.transform((value: string | null | undefined) => value || undefined),
);
