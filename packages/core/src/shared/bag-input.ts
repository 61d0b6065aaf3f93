/** What POST /api/admin/bags/create takes (docs/api-staff.md "Bags"). Browser-safe, zod/mini; the bag number's words are in ./bags. */
import * as z from "zod/mini";
import { BAG_CODE_PATTERN, BAG_NUMBER_INVALID } from "./bags";

// The Bags page's create form: its limits and words (console only, so not in ./bags, which the booking page loads).
export const MIN_BAGS_PER_CREATE = 1;
export const MAX_BAGS_PER_CREATE = 100;
export const BAG_COUNT_MESSAGE = `Count must be between ${MIN_BAGS_PER_CREATE} and ${MAX_BAGS_PER_CREATE}`;
export const BAGS_CREATED = "Bags Created";
export const BAGS_CREATE_FAILED = "Failed to create bags";

/** `POST /api/admin/bags/create` `{ count }`: a whole number from 1 to 100. */
export const CreateBags = z.object({
  count: z
    .number({ error: BAG_COUNT_MESSAGE })
    .check(
      z.refine(
        (n: number) => Number.isInteger(n) && n >= MIN_BAGS_PER_CREATE && n <= MAX_BAGS_PER_CREATE,
        BAG_COUNT_MESSAGE,
      ),
    ),
});
export type CreateBagsInput = z.output<typeof CreateBags>;

/**
 * A bag number that may be left blank (the quick sale: blank asks the server for a free bag): trimmed and
 * upper-cased, then empty or a bag's code (3 letters or digits, ./bags `BAG_CODE_PATTERN`, the storefront's rule).
 */
export const OptionalBagNumber = z.optional(
  z.nullable(
    z
      .pipe(
        // Bounded before the transform, so a huge string is refused without being copied (hostile test's bound rule).
        z.string({ error: BAG_NUMBER_INVALID }).check(z.maxLength(40, BAG_NUMBER_INVALID)),
        z.transform((typed: string) => typed.trim().toUpperCase()),
      )
      .check(z.refine((code: string) => code === "" || BAG_CODE_PATTERN.test(code), BAG_NUMBER_INVALID)),
  ),
);
