/** What POST /api/admin/bags/create takes (docs/api-staff.md "Bags"). Browser-safe, zod/mini; the words are in ./bags. */
import * as z from "zod/mini";
import { BAG_CODE_PATTERN, BAG_COUNT_MESSAGE, BAG_NUMBER_INVALID, MAX_BAGS_PER_CREATE, MIN_BAGS_PER_CREATE } from "./bags";

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
