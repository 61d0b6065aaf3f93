import * as Paddles from "@regrip/core/paddles";
import { api } from "../../http/handler";

/** PATCH /api/paddles/{id}: any subset of the fields, or the ownership status; the caller's own paddle only (staff too). */
export const handler = api({ body: Paddles.update.schema.shape.patch }, async (req) =>
  Paddles.update(req.user(), { id: req.params.id, patch: req.body() }),
);
