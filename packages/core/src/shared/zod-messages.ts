/**
 * zod's English messages for `zod/mini`. Classic `zod` loads them by itself;
 * `zod/mini` leaves them out (every issue would read "Invalid input"), so a
 * schema without a message of its own says what it said before, word for
 * word ("Invalid input: expected object, received number", "Too big: expected
 * string to have <=128 characters"). Imported for its effect by the API's
 * handler wrapper (packages/functions/src/http/handler.ts, so every Lambda)
 * and by shared/ids.ts (so tests that parse a schema directly see the same).
 * About 4 KB minified in a bundle.
 */
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

z.config(en());
