import * as Paddles from "@regrip/core/paddles";
import { api } from "../../http/handler";
import { json } from "../../http/reply";

/** POST /api/paddles: 201 Paddle. Staff may send `userId` to create for a customer (audited). */
export const handler = api({ body: Paddles.create.schema }, async (req) => json(await Paddles.create(req.user(), req.body()), 201));
