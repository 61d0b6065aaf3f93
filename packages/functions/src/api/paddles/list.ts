import * as Paddles from "@regrip/core/paddles";
import { api } from "../../http/handler";

/** GET /api/paddles: the caller's paddles they still own, newest first. */
export const handler = api(async (req) => Paddles.list(req.user()));
