/** What POST /api/admin/bags/create takes (docs/api-staff.md "Bags"). Browser-safe, zod/mini; the words are in ./bags. */
import * as z from "zod/mini";
import { BAG_COUNT_MESSAGE, MAX_BAGS_PER_CREATE, MIN_BAGS_PER_CREATE } from "./bags";

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
