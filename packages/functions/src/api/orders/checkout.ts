// The checkout alone, not the payments namespace: the refund writer stays out of this Lambda (npm run bench:lambda).
import * as Payments from "@regrip/core/payments/checkout";
import { api } from "../../http/handler";
import { siteOrigin } from "../../http/site";

/**
 * POST /api/orders/{id}/checkout, body optional `{tipCents}`: {url} of a card checkout for the order's stored total;
 * 409 when nothing is owed. With `tipCents`, the customer's own Ready or Picked Up order pays its tip with the
 * balance (400 for an amount outside 1..10000 cents, 409 once a tip is paid or before Ready, 404 for anyone else).
 */
export const handler = api({ body: Payments.CheckoutBody }, async (req) =>
  Payments.startCheckout(req.user(), () => ({ id: req.params.id, body: req.body(), siteUrl: siteOrigin() })),
);
