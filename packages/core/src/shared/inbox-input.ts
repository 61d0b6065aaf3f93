/**
 * The staff reply's schema, apart from shared/inbox.ts so that a page reading only the inbox's views
 * loads no zod. The console's reply box checks with it; `POST /api/admin/conversations/{id}/reply` parses with it.
 */
import * as z from "zod/mini";
import { REPLY_MAX_LENGTH, REPLY_REQUIRED, REPLY_TOO_LONG } from "./inbox";

/** `{ message }`: trimmed, 1 to 1,600 characters. */
export const ReplyInput = z.object({
  message: z.pipe(
    // Bounded before the trim (at a few times the limit: spaces around a reply are forgiven), so no request body's
    // string reaches the server's work unbounded.
    z.optional(z.nullable(z.string({ error: REPLY_REQUIRED }).check(z.maxLength(REPLY_MAX_LENGTH * 4, REPLY_TOO_LONG)))),
    z.transform((value, ctx): string => {
      const text = (value ?? "").trim();
      if (!text) ctx.issues.push({ code: "custom", message: REPLY_REQUIRED, input: value });
      else if (text.length > REPLY_MAX_LENGTH) ctx.issues.push({ code: "custom", message: REPLY_TOO_LONG, input: value });
      return text;
    }),
  ),
});
export type ReplyInput = z.output<typeof ReplyInput>;
