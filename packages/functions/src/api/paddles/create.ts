import * as Paddles from "@regrip/core/paddles";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/**
 * POST /api/paddles: 201 Paddle. Staff may send `userId` to create for a customer (audited). A repeat of its
 * Idempotency-Key answers the first request's paddle (a double click makes one paddle).
 */
export const handler = api({ body: Paddles.create.schema }, async (req) =>
  json(await Paddles.createOnce(req.user(), { paddle: req.body(), idempotencyKey: req.header("idempotency-key") }), 201),
);
