import * as Tips from "@regrip/core/tips";
import { api } from "../../http/handler";
import { json } from "../../http/reply";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/orders/{id}/tip {amountCents}: 201 {url} of a card checkout for a tip on the caller's own order, once it
 * is Ready or Picked Up (409 before); 400 for an amount outside 1..10000 cents; anyone else's order is a 404.
 */
export const handler = api({ body: Tips.TipBody }, async (req) =>
  json(await Tips.start(req.user(), () => ({ id: req.params.id, tip: req.body(), siteUrl: siteOrigin() })), 201),
);
