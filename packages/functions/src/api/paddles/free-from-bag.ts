import * as Paddles from "@regrip/core/paddles";
import { api } from "../../http/handler";

/**
 * POST /api/paddles/{id}/free-from-bag: the caller's own paddle leaves its bag; answers the paddle. 409 {message}
 * when it is in no bag or an open order of it still holds the bag; another customer's paddle is a 404.
 */
export const handler = api(async (req) => Paddles.view(await Paddles.freeFromBag(req.user(), { id: req.params.id })));
