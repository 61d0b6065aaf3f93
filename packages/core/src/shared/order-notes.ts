/**
 * The notes body's schema, apart from shared/orders.ts: that module is read by the customer pages (orderReference),
 * and a zod schema there brought zod (13 KB gzip) into the booking page's first load.
 */
import * as z from "zod/mini";
import { MY_GRIP_NOTES_MAX, MY_GRIP_NOTES_TOO_LONG } from "./orders";

/** The notes body: a string (empty clears the notes) of at most 2000 characters. */
export const OrderNotes = z.object({
  myGripNotes: z.pipe(
    z.nullable(z.string({ error: "Notes must be text" }).check(z.maxLength(MY_GRIP_NOTES_MAX, MY_GRIP_NOTES_TOO_LONG))),
    z.transform((value, ctx): string => {
      const text = value ?? "";
      if (text.length > MY_GRIP_NOTES_MAX) {
        ctx.issues.push({ code: "custom", message: MY_GRIP_NOTES_TOO_LONG, input: value });
        return z.NEVER;
      }
      return text;
    }),
  ),
});
export type OrderNotes = z.output<typeof OrderNotes>;
